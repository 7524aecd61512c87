"""Celery tasks that build a print job's PDF and record progress on its row.

A job is rendered in parts (whole sheets, about 40 cards each). With a broker,
`build_print_job` fans the parts out as separate `render_print_part` tasks, so the
worker processes (on one machine or several) render them side by side; the task
that finishes the last part merges them. Without a broker (eager mode) the same
functions run one after the other in the requesting process.
"""

from __future__ import annotations

import io
import logging
import threading

from celery import current_app, shared_task
from celery.signals import worker_process_init
from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction
from django.db.models import F
from django.template.loader import get_template
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from kombu.exceptions import OperationalError
from pypdf import PdfReader, PdfWriter

from core import locking
from tournaments.models import PrintJob

from . import drawn, fit
from .cards import Seating, StandingsTable, event_of, read_seating
from .documents import Part, scorecards_document, table_cards_document
from .parts import delete_parts, part_name
from .queue import PrintingUnavailable, choose_next
from .render import render_pdf
from .reprints import clear_reprinted
from .sheets import find_your_seat_document, rotation_chart_document, standings_document
from .snapshot import seating_fingerprint

logger = logging.getLogger(__name__)


class SeatingChanged(Exception):
    """The seating a part (or the merge) read is not the one the job started from."""

    def __init__(self) -> None:
        super().__init__(_("The seating changed while this was printing: print it again."))


def job_parts(job: PrintJob) -> list[Part]:
    """The job's document as parts; every task recomputes it from the database."""
    return job_document(job)[0]


def job_document(job: PrintJob) -> tuple[list[Part], str]:
    """The job's parts and the fingerprint of the seating they were made from
    (snapshot.py; standings print the rows kept with the job: no seating)."""
    options = job.options
    paper = options.get("paper", "a4")
    base_url = options.get("base_url") or "http://127.0.0.1:8000"
    if job.kind == PrintJob.Kind.STANDINGS:
        seating_rounds = job.tournament.rounds.count()
        event = event_of(job.tournament, rounds=seating_rounds)
        standings = StandingsTable.from_json(options["standings"])
        return standings_document(event, standings, paper=paper), ""
    seating = job_seating(job)
    if drawn_ahead(job):
        return _drawn_document(job, seating, paper=paper, base_url=base_url), (
            seating_fingerprint(seating)
        )
    if job.kind == PrintJob.Kind.SCORECARDS:
        parts = scorecards_document(
            seating,
            paper=paper,
            per_page=int(options.get("per_page", 4)),
            player_ids=options.get("players"),
            base_url=base_url,
        )
    elif job.kind == PrintJob.Kind.TABLE_CARDS:
        parts = table_cards_document(
            seating, paper=paper, base_url=base_url, tables=options.get("tables")
        )
    elif job.kind == PrintJob.Kind.ROTATION_CHART:
        parts = rotation_chart_document(seating, paper=paper)
    elif job.kind == PrintJob.Kind.FIND_YOUR_SEAT:
        parts = find_your_seat_document(seating, paper=paper, rounds=options.get("rounds"))
    else:
        raise ValueError(f"unknown print job kind {job.kind!r}")
    return parts, seating_fingerprint(seating)


def drawn_ahead(job: PrintJob) -> bool:
    """A printout a night drawn round by round makes before its rounds are known:
    scorecards with blank seats, table cards with the physical table's link."""
    kinds = (PrintJob.Kind.SCORECARDS, PrintJob.Kind.TABLE_CARDS)
    return job.kind in kinds and job.tournament.spec.per_round


def _drawn_document(job: PrintJob, seating: Seating, *, paper: str, base_url: str) -> list[Part]:
    options = job.options
    if job.kind == PrintJob.Kind.SCORECARDS:
        return drawn.drawn_scorecards_document(
            seating,
            paper=paper,
            per_page=int(options.get("per_page", 4)),
            player_ids=options.get("players"),
            base_url=base_url,
        )
    return drawn.link_cards_document(
        job.tournament, paper=paper, base_url=base_url, tables=options.get("tables")
    )


def job_seating(job: PrintJob) -> Seating:
    if drawn_ahead(job):
        # No round is printed: the players (and the night's own fields) are the seating.
        return read_seating(
            job.tournament, player_ids=job.options.get("players"), with_rounds=False
        )
    if job.kind == PrintJob.Kind.SCORECARDS:
        return read_seating(job.tournament, player_ids=job.options.get("players"))
    return read_seating(job.tournament)


def check_seating(job: PrintJob, fingerprint: str) -> None:
    """SeatingChanged unless `fingerprint` is the one the job started from."""
    # A job started before fingerprints were taken has none to compare with.
    if "seating" in job.options and fingerprint != job.options["seating"]:
        raise SeatingChanged()


def seating_now(job: PrintJob) -> str:
    if job.kind == PrintJob.Kind.STANDINGS:
        return ""
    # Read afresh: the tournament's own fields are printed too.
    job.tournament.refresh_from_db()
    return seating_fingerprint(job_seating(job))


def plain_error(exc: BaseException) -> str:
    reason = str(exc).strip() or exc.__class__.__name__
    return _(
        "The PDF could not be made: %(reason)s. Press Retry to try again; if it fails "
        "again, tell the site's administrator."
    ) % {"reason": reason}


def fail(job_id: int, exc: BaseException) -> None:
    if isinstance(exc, SeatingChanged):
        # Not a fault: the organiser changed the night meanwhile.
        logger.info("print job %s stopped: the seating changed", job_id)
        error = str(exc)
    else:
        logger.exception("print job %s failed", job_id, exc_info=exc)
        error = plain_error(exc)
    now = timezone.now()
    PrintJob.objects.filter(pk=job_id).exclude(status=PrintJob.Status.DONE).update(
        status=PrintJob.Status.FAILED, error=error, finished_at=now, touched_at=now
    )
    delete_parts(job_id)


def fan_out() -> bool:
    # Eager mode has no other worker to share with; fanning out would only add overhead.
    return not current_app.conf.task_always_eager


@worker_process_init.connect
def warm_up_renderer(**_kwargs) -> None:
    """Load fonts in each new worker process, before the first organiser waits on it."""
    try:
        render_pdf("printing/warm_up.html", {}, base_url="http://127.0.0.1/")
        for name in ("scorecards", "table_cards", "rotation_chart", "find_your_seat", "standings"):
            get_template(f"printing/{name}.html")
        # A scorecard's column widths are measured in every language (the longest
        # translation sets them) with the fonts it prints in: load both up front.
        fit.warm_up()
    except Exception:  # a worker that cannot warm up still serves (and reports) jobs
        logger.exception("could not warm up the PDF renderer")


@shared_task(ignore_result=True)
def build_print_job(job_id: int) -> None:
    now = timezone.now()
    updated = PrintJob.objects.filter(pk=job_id, status=PrintJob.Status.QUEUED).update(
        status=PrintJob.Status.RUNNING, progress=0, started_at=now, touched_at=now
    )
    if not updated:
        # Delivered twice, or already built: the row says what happened.
        return
    job = PrintJob.objects.select_related("tournament").get(pk=job_id)
    # The job's messages too are in the organiser's language.
    with in_language(job):
        try:
            _build(job)
        except Exception as exc:
            _failed(job_id, exc)
            if current_app.conf.task_always_eager or isinstance(exc, SeatingChanged):
                # The job row has the message; the request that queued it need not crash.
                return
            raise


def _failed(job_id: int, exc: BaseException) -> None:
    fail(job_id, exc)
    # This organiser's turn is over: the next job (theirs or another's) may go.
    dispatch()


def in_language(job: PrintJob):
    """The language the job was asked for in (jobs from before it was kept: the site's).

    A code the site no longer offers as such (plain "pt" from before Brazilian
    Portuguese was named pt-br) prints in its nearest offered variant, not English."""
    asked = job.options.get("language") or settings.LANGUAGE_CODE
    try:
        language = translation.get_supported_language_variant(asked)
    except LookupError:
        language = settings.LANGUAGE_CODE
    return translation.override(language)


def _build(job: PrintJob) -> None:
    job_id = job.pk
    parts, seating = job_document(job)
    if not parts:
        raise ValueError(_("there is nothing to print"))
    total = len(parts)
    # The seating this printout shows, all of it: every part must be made from it.
    job.options = {**job.options, "parts": total, "parts_done": 0, "seating": seating}
    PrintJob.objects.filter(pk=job_id).update(options=job.options, touched_at=timezone.now())
    if total > 1 and fan_out():
        for index in range(total):
            render_print_part.delay(job_id, index)
        return
    for index, part in enumerate(parts):
        _store_part(job_id, index, part, base_url=job.options.get("base_url", ""))
        _count_part(job_id, total)
    _merge(job_id, total)


@shared_task(ignore_result=True)
def render_print_part(job_id: int, index: int) -> None:
    job = PrintJob.objects.select_related("tournament").filter(pk=job_id).first()
    if job is None or job.status != PrintJob.Status.RUNNING:
        # Another part already failed (or the job was deleted): no point rendering.
        return
    with in_language(job):
        try:
            parts, seating = job_document(job)
            check_seating(job, seating)
            total = job.options.get("parts", len(parts))
            _store_part(job_id, index, parts[index], base_url=job.options.get("base_url", ""))
            if _count_part(job_id, total):
                _merge(job_id, total)
            elif not PrintJob.objects.filter(pk=job_id, status=PrintJob.Status.RUNNING).exists():
                # Another part failed while this one rendered: leave no stray files.
                delete_parts(job_id)
        except SeatingChanged as exc:
            _failed(job_id, exc)
        except Exception as exc:
            _failed(job_id, exc)
            raise


def _store_part(job_id: int, index: int, part: Part, *, base_url: str) -> None:
    pdf = render_pdf(part.template, part.context, base_url=base_url + "/")
    name = part_name(job_id, index)
    if default_storage.exists(name):
        default_storage.delete(name)
    default_storage.save(name, ContentFile(pdf))


def _count_part(job_id: int, total: int) -> bool:
    """Record one finished part; True for whoever finished the last one."""
    with transaction.atomic():
        # Writing first takes SQLite's write lock (it ignores FOR UPDATE), so two
        # parts finishing together cannot both read the same count.
        PrintJob.objects.filter(pk=job_id).update(status=F("status"))
        job = locking.lock_print_job(job_id)
        if job.status != PrintJob.Status.RUNNING:
            return False
        done = int(job.options.get("parts_done", 0)) + 1
        job.options = {**job.options, "parts_done": done}
        # The last few percent are the merge.
        job.progress = min(95, done * 95 // total)
        job.touched_at = timezone.now()
        job.save(update_fields=["options", "progress", "touched_at"])
        return done == total


def _merge(job_id: int, total: int) -> None:
    job = PrintJob.objects.select_related("tournament").get(pk=job_id)
    # The parts were each made from the job's seating; it must still be the seating
    # when the printout is handed over, or the organiser holds a stale plan.
    check_seating(job, seating_now(job))
    writer = PdfWriter()
    for index in range(total):
        with default_storage.open(part_name(job_id, index), "rb") as handle:
            writer.append(PdfReader(io.BytesIO(handle.read())))
    output = io.BytesIO()
    writer.write(output)
    if job.pdf:
        job.pdf.delete(save=False)
    name = job.pdf.field.generate_filename(job, f"{job.kind}-{job.tournament_id}-{job_id}.pdf")
    # A file left by an earlier attempt would push this one to another name, which a
    # failure below could then not find to delete.
    default_storage.delete(name)
    try:
        name = default_storage.save(name, ContentFile(output.getvalue()))
        now = timezone.now()
        done = PrintJob.objects.filter(pk=job_id, status=PrintJob.Status.RUNNING).update(
            pdf=name,
            status=PrintJob.Status.DONE,
            progress=100,
            error="",
            finished_at=now,
            touched_at=now,
            options={**job.options, "parts_done": total},
        )
    except BaseException:
        # Half written (a full disk), or never handed over: never serve it.
        default_storage.delete(name)
        raise
    if not done:
        # Marked failed meanwhile (stalled): its row says so; keep no orphan file.
        default_storage.delete(name)
        return
    delete_parts(job_id)
    # Only now are the new cards in hand: the reprint list keeps them until then.
    clear_reprinted(job)
    dispatch()


def dispatch() -> set[int]:
    """Send each free organiser's next waiting job to the workers, in turn.

    Call it outside any transaction (the worker must find the rows committed).
    Returns the jobs that could not be sent (no broker): those are marked failed."""
    if getattr(_sending, "now", False):
        # A job sent from here finished in this thread (eager mode runs it inside the
        # send): choosing now would serve its organiser again before the others sent
        # in the same turn. The loop below chooses again once the turn is sent.
        _sending.again = True
        return set()
    failed: set[int] = set()
    _sending.now = True
    try:
        while True:
            _sending.again = False
            with transaction.atomic():
                chosen = choose_next()
            failed |= _send(chosen)
            if not _sending.again:
                return failed
    finally:
        _sending.now = False


_sending = threading.local()


def _send(job_ids: list[int]) -> set[int]:
    failed: set[int] = set()
    for job_id in job_ids:
        try:
            build_print_job.delay(job_id)
        except OperationalError as exc:  # kombu's word for "no broker"
            logger.warning("print job %s could not be queued: %s", job_id, exc)
            now = timezone.now()
            PrintJob.objects.filter(pk=job_id, status=PrintJob.Status.QUEUED).update(
                status=PrintJob.Status.FAILED,
                error=PrintingUnavailable().message,
                finished_at=now,
                touched_at=now,
            )
            failed.add(job_id)
    return failed
