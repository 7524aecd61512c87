"""Organiser and public pages. Views stay thin: parse a form, call a service or a
selector, and turn a DomainError into a form error or a message."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.utils.translation.trans_real import parse_accept_lang_header
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRefresh

from core import error_catalog as codes
from core.errors import DomainError
from core.permissions import organised_tournament
from scoring import night_standings
from scoring import selectors as scoring_selectors
from scoring.engine import EngineError, rule_set
from scoring.throttle import flooded_tables

from . import encodings, seat_names, selectors, services, where_next
from .api.serializers import PlayerRemovalSerializer, RotationChangeSerializer
from .forms import (
    DECK_LABELS,
    DECKS_BY_VARIANT,
    DEFENDER_ALONE_LABELS,
    ChangeForm,
    CoOrganiserForm,
    ImportPlayersForm,
    ImportPreviewForm,
    PairTeamsForm,
    PlayerForm,
    TournamentForm,
)
from .models import PlanningJob, Player, Round, Tournament
from .night_forms import SwapSeatsForm
from .planning import services as planning
from .planning.pages import (
    applied_message,
    asked_from_form,
    preview_context,
    removal_context,
    removal_done_message,
    reprint_list,
)
from .qr import table_qr
from .services import late
from .site_address import unreachable_for


def _organiser_tournament(request, pk: int) -> Tournament:
    """The tournament, if the signed-in user organises it: 404 if none, 403 if not theirs."""
    return organised_tournament(pk=pk, user=request.user)


def _round(tournament: Tournament, number: int) -> Round:
    return get_object_or_404(Round, tournament=tournament, number=number)


def _deck_help() -> list[tuple[str, str]]:
    labels = dict(Tournament.Variant.choices)
    return [
        (labels.get(name, name), ", ".join(str(DECK_LABELS[d]) for d in decks))
        for name, decks in DECKS_BY_VARIANT.items()
    ]


@require_GET
def home(request):
    if request.user.is_authenticated:
        return render(
            request,
            "tournaments/dashboard.html",
            {"tournaments": selectors.tournaments_for(request.user)},
        )
    # Every tournament's rotation is public (no tokens on it), so the welcome page lists them.
    public = Tournament.objects.order_by("-date", "name")[:30]
    return render(request, "home.html", {"tournaments": public})


@login_required
@require_http_methods(["GET", "POST"])
def tournament_create(request):
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.create_tournament(owner=request.user, **form.service_arguments())
        except DomainError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, _("Tournament created. Now add the players."))
            return redirect(tournament)
    return render(
        request,
        "tournaments/tournament_form.html",
        {"form": form, "deck_help": _deck_help(), "tournament": None},
    )


@login_required
@require_http_methods(["GET", "POST"])
def tournament_edit(request, pk: int):
    tournament = _organiser_tournament(request, pk)
    form = TournamentForm(request.POST or None, initial=TournamentForm.initial_for(tournament))
    form.keep_stored_rounds(tournament.rounds_planned)
    form.show_fixed(services.fixed_settings(tournament), services.replanning_settings(tournament))
    if request.method == "POST" and form.is_valid():
        try:
            services.update_tournament(tournament=tournament, **form.service_arguments())
        except DomainError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, _("Tournament saved."))
            return redirect(tournament)
    return render(
        request,
        "tournaments/tournament_form.html",
        {"form": form, "deck_help": _deck_help(), "tournament": tournament},
    )


def _target(tournament: Tournament) -> int | None:
    """The points that win a game here, or None while the options cannot be played."""
    try:
        return rule_set(tournament.variant, tournament.options or {}).target
    except EngineError:
        return None


def _detail_context(request, tournament: Tournament, **forms) -> dict:
    players = selectors.players_of(tournament)
    team_size = tournament.spec.fixed_team_size
    rounds = selectors.rounds_overview(tournament)
    context = {
        "tournament": tournament,
        # Once a round is under way the player list changes only through a re-plan.
        "started": any(r.is_played for r in rounds),
        "players": players,
        "active_count": sum(1 for p in players if p.active),
        # An empty number of rounds shows what the draw will plan for the players now listed.
        "rounds_shown": services.rounds_to_draw(
            tournament, sum(1 for p in players if p.active), drawn=bool(rounds)
        ),
        # Kept until their new scorecards are printed (printing.reprints).
        "reprint_players": [p for p in players if p.active and p.reprint_since],
        **reprint_list(tournament),
        "team_size": team_size,
        "partners_rotate": services.partners_rotate(tournament.format),
        "target": _target(tournament),
        "teams": list(tournament.teams.prefetch_related("members")) if team_size else [],
        "rounds": rounds,
        "progress": selectors.night_progress(tournament, rounds),
        "quality": tournament.rotation_quality or None,
        "options": _options_shown(tournament),
        "co_organisers": list(tournament.co_organisers.all()),
        "player_form": forms.get("player_form") or PlayerForm(),
        "import_form": forms.get("import_form") or ImportPlayersForm(),
        "co_organiser_form": forms.get("co_organiser_form") or CoOrganiserForm(),
        "import_problems": forms.get("import_problems") or [],
        "import_preview": forms.get("import_preview"),
    }
    if team_size:
        active = [p for p in players if p.active]
        context["pair_form"] = forms.get("pair_form") or PairTeamsForm(
            players=active,
            team_size=team_size,
            initial=_team_numbers(active),
        )
    return context


def _team_numbers(players: list[Player]) -> dict:
    numbers: dict[int, int] = {}
    for player in players:
        if player.team_id is not None:
            numbers.setdefault(player.team_id, len(numbers) + 1)
    return {f"team_{p.pk}": numbers[p.team_id] for p in players if p.team_id is not None}


def _options_shown(tournament: Tournament) -> list[tuple[str, object]]:
    form = TournamentForm()
    shown_values = {"defender_alone": DEFENDER_ALONE_LABELS, "deck": DECK_LABELS}
    return [
        (form.fields[name].label, shown_values.get(name, {}).get(value, value))
        for name, value in tournament.options.items()
        if name in form.fields
    ]


@login_required
@require_GET
def tournament_detail(request, pk: int):
    tournament = _organiser_tournament(request, pk)
    context = _detail_context(request, tournament)
    return render(request, "tournaments/tournament_detail.html", context)


def _detail_with_errors(request, tournament: Tournament, **forms):
    # A failed POST re-renders the page with the form and its errors (status 400),
    # so nothing typed is lost and the organiser sees what to fix in place.
    return render(
        request,
        "tournaments/tournament_detail.html",
        _detail_context(request, tournament, **forms),
        status=400,
    )


def _players_partial(request, tournament: Tournament, status: int = 200, **forms):
    return render(
        request,
        "tournaments/_players_swap.html",
        _detail_context(request, tournament, **forms),
        status=status,
    )


@login_required
@require_POST
def player_add(request, pk: int):
    tournament = _organiser_tournament(request, pk)
    form = PlayerForm(request.POST)
    # The list alone can be swapped in place only while nothing else on the page
    # depends on it: a new player drops a planned rotation and changes the teams form.
    swap_list = request.htmx and not (tournament.rounds.exists() or tournament.spec.fixed_team_size)
    if form.is_valid():
        try:
            player = services.add_player(
                tournament=tournament,
                name=form.cleaned_data["name"],
                team_name=form.cleaned_data["team_name"] or None,
            )
        except DomainError as exc:
            form.add_error(None, exc.message)
        else:
            if swap_list:
                return _players_partial(request, tournament)
            # Translators: %(name)s is any player, woman or man: word it so that nothing agrees
            # with the name's gender.
            messages.success(request, _("Player added: %(name)s.") % {"name": player.name})
            if request.htmx:
                return HttpResponseClientRefresh()
            return redirect(tournament)
    if request.htmx:
        # htmx swaps only 2xx answers by default; the form with its errors must show.
        return _players_partial(request, tournament, player_form=form)
    return _detail_with_errors(request, tournament, player_form=form)


def _reader_languages(request) -> list[str]:
    """The page's language, then the browser's: they pick an upload's first encoding."""
    header = request.META.get("HTTP_ACCEPT_LANGUAGE", "")
    return [translation.get_language(), *(tag for tag, _q in parse_accept_lang_header(header))]


def _import_preview(
    request, tournament: Tournament, form: ImportPreviewForm, data: bytes, encoding: str, **more
):
    """The names of an uploaded list as read in `encoding`, nothing stored yet (400
    when it cannot be read so)."""
    preview = {"form": form, "encoding": encodings.label(encoding), "rows": [], **more}
    try:
        preview["rows"], unreadable = services.parse_player_list(data, encoding=encoding)
    except DomainError as exc:
        preview["error"] = exc.message
    else:
        preview.setdefault(
            "problems",
            [
                _("Line %(line)s: %(problem)s") % {"line": n, "problem": why}
                for n, why in unreadable
            ],
        )
    status = 400 if preview.get("error") else 200
    return render(
        request,
        "tournaments/tournament_detail.html",
        _detail_context(request, tournament, import_preview=preview),
        status=status,
    )


def _import_upload(request, tournament: Tournament):
    """The preview's form: read the file again in another encoding, or store it as shown."""
    form = ImportPreviewForm(request.POST)
    if not form.is_valid():
        # A made-up encoding or a mangled file: said on the page, nothing stored.
        hidden = [error for name in ("content", "shown") for error in form.errors.get(name, [])]
        preview = {"form": form, "rows": [], "error": " ".join(hidden)}
        return render(
            request,
            "tournaments/tournament_detail.html",
            _detail_context(request, tournament, import_preview=preview),
            status=400,
        )
    data = form.cleaned_data["content"]
    if request.POST.get("action") != "confirm":
        encoding = form.cleaned_data["encoding"]
        return _import_preview(
            request, tournament, ImportPreviewForm.carrying(data, encoding), data, encoding
        )
    # Stored exactly as the organiser saw it: in the encoding of the preview shown.
    shown = form.cleaned_data["shown"]
    try:
        players = services.import_players(tournament=tournament, text=data, encoding=shown)
    except DomainError as exc:
        return _import_preview(
            request,
            tournament,
            ImportPreviewForm.carrying(data, shown),
            data,
            shown,
            error=exc.message,
            problems=exc.details,
        )
    return _imported(request, tournament, players)


def _imported(request, tournament: Tournament, players: list[Player]):
    imported = ngettext("%(count)s player imported.", "%(count)s players imported.", len(players))
    messages.success(request, imported % {"count": len(players)})
    return redirect(tournament)


@login_required
@require_POST
def player_import(request, pk: int):
    """A pasted list is imported at once (the browser sends it as Unicode); an uploaded
    file is shown first, read in a guessed encoding, and stored only on confirming."""
    tournament = _organiser_tournament(request, pk)
    if "content" in request.POST:
        return _import_upload(request, tournament)
    form = ImportPlayersForm(request.POST, request.FILES)
    problems: list[str] = []
    if form.is_valid():
        upload = form.cleaned_data["upload"]
        if upload is not None:
            encoding = encodings.guess_encoding(upload, _reader_languages(request)) or "utf-8"
            form = ImportPreviewForm.carrying(upload, encoding)
            return _import_preview(request, tournament, form, upload, encoding)
        try:
            players = services.import_players(tournament=tournament, text=form.cleaned_data["text"])
        except DomainError as exc:
            form.add_error(None, exc.message)
            problems = exc.details
        else:
            return _imported(request, tournament, players)
    return _detail_with_errors(request, tournament, import_form=form, import_problems=problems)


@login_required
@require_http_methods(["GET", "POST"])
def player_remove(request, pk: int, player_pk: int):
    """Asks first (GET: what happens to the list and the rotation), then removes
    exactly that (POST with the fingerprint of what was shown). On a big night either
    re-plan is a planning job: the job's page shows the same question, then the answer."""
    tournament = _organiser_tournament(request, pk)
    player = get_object_or_404(Player, pk=player_pk, tournament=tournament)
    if request.method == "POST":
        fingerprint = request.POST.get("fingerprint", "")
        try:
            if planning.removal_runs_in_worker(player, PlanningJob.Kind.REMOVE):
                job = planning.request_planning(
                    tournament=tournament,
                    kind=PlanningJob.Kind.REMOVE,
                    asked=planning.removal_asked(player, fingerprint),
                    requested_by=request.user,
                )
                return redirect("planning-job", job_id=job.pk)
            removal = services.remove_player(player=player, expected_fingerprint=fingerprint)
        except DomainError as exc:
            messages.error(request, exc.message)
            if exc.code != codes.STALE_PREVIEW:
                return redirect(tournament)
        else:
            messages.success(request, _removed(tournament, player.name, removal))
            return redirect(tournament)
    try:
        if planning.removal_runs_in_worker(player, PlanningJob.Kind.REMOVAL_PREVIEW):
            job = planning.request_planning(
                tournament=tournament,
                kind=PlanningJob.Kind.REMOVAL_PREVIEW,
                asked=planning.removal_asked(player),
                requested_by=request.user,
            )
            return redirect("planning-job", job_id=job.pk)
        removal = services.preview_removal(player=player)
    except DomainError as exc:
        return render(
            request,
            "tournaments/player_remove.html",
            {"tournament": tournament, "player": player, "refusal": exc.message},
            status=exc.status,
        )
    return render(
        request,
        "tournaments/player_remove.html",
        {
            **removal_context(
                tournament,
                {"pk": player.pk, "name": player.name},
                PlayerRemovalSerializer(removal).data,
            ),
            "partners_rotate": services.partners_rotate(tournament.format),
            # Drawn round by round: nothing is re-planned, only the next draw changes.
            "per_round": tournament.spec.per_round,
        },
    )


@login_required
@require_POST
def teams_pair(request, pk: int):
    tournament = _organiser_tournament(request, pk)
    team_size = tournament.spec.fixed_team_size
    if not team_size:
        raise Http404
    active = selectors.players_of(tournament, active_only=True)
    form = PairTeamsForm(request.POST, players=active, team_size=team_size)
    if form.is_valid():
        try:
            services.pair_teams(tournament=tournament, groups=form.groups())
        except DomainError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, _("Teams saved."))
            return redirect(tournament)
    return _detail_with_errors(request, tournament, pair_form=form)


@login_required
@require_POST
def teams_random(request, pk: int):
    tournament = _organiser_tournament(request, pk)
    try:
        services.pair_teams_at_random(tournament=tournament)
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Teams drawn at random."))
    return redirect(tournament)


@login_required
@require_POST
def rotation_generate(request, pk: int):
    tournament = _organiser_tournament(request, pk)
    try:
        if planning.runs_in_worker(tournament, PlanningJob.Kind.GENERATE):
            job = planning.request_planning(
                tournament=tournament, kind=PlanningJob.Kind.GENERATE, requested_by=request.user
            )
            return redirect("planning-job", job_id=job.pk)
        services.generate_rotation(tournament=tournament)
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Rotation generated."))
    return redirect(tournament)


@login_required
@require_GET
def round_detail(request, pk: int, number: int):
    return round_page(request, _organiser_tournament(request, pk), number)


def round_page(request, tournament: Tournament, number: int, *, status: int = 200, **forms):
    """The round's tables; also re-shown, with the form's errors, by a refused swap."""
    rnd = selectors.round_with_seating(tournament, number)
    rounds = list(
        Round.objects.filter(tournament=tournament).only("number", "status", "published", "redraws")
    )
    # A draft's tables are behind no link yet: no QR code to show or print.
    qr_codes = (
        {table.pk: table_qr(request=request, table=table) for table in rnd.tables.all()}
        if rnd.published
        else None
    )
    tables = _tables_view(rnd, qr_codes)
    # A table where a side used up its wrong card codes: someone may be guessing there.
    flooded = flooded_tables([entry["table"].pk for entry in tables])
    # A disputed table holds the round open until the organiser resolves it.
    disputed = scoring_selectors.disputed_table_ids(rnd)
    for entry in tables:
        entry["many_wrong_codes"] = entry["table"].pk in flooded
        entry["disputed"] = entry["table"].pk in disputed
    # Before round 1 nobody has a place yet: figures only once a round has been played.
    going_in = {} if rnd.published or rnd.number == 1 else _going_in(tournament)
    for entry in tables:
        for place in entry["seats"]:
            place["going_in"] = going_in.get(place["player"].pk)
    return render(
        request,
        "tournaments/round_detail.html",
        {
            "tournament": tournament,
            "round": rnd,
            "tables": tables,
            "byes": [bye.player for bye in rnd.byes.all()],
            "round_count": len(rounds),
            "going_in": bool(going_in),
            "progress": selectors.night_progress(tournament, rounds),
            "overrides": list(rnd.start_overrides.select_related("user")),
            "unreachable": unreachable_for(request),
            "swap_form": forms.get("swap_form")
            or (SwapSeatsForm(round=rnd) if rnd.status == Round.Status.IN_PLAY else None),
        },
        status=status,
    )


def _removed(tournament: Tournament, name: str, removal) -> str:
    """What a removal done says; in a night drawn round by round, that only the next
    draw changes."""
    if tournament.spec.per_round and removal.outcome == services.RemovalOutcome.WITHDRAW:
        # Translators: %(name)s is any player, woman or man: word it so that nothing agrees
        # with the name's gender.
        return _("%(name)s has left; the next draw leaves them out.") % {"name": name}
    return removal_done_message(name, PlayerRemovalSerializer(removal).data)


def _going_in(tournament: Tournament) -> dict[int, dict]:
    """Each player's place and points in the standings now: the figures a draft round
    was drawn from, shown beside their names (players' standings only)."""
    standings = night_standings.tournament_standings(tournament)
    if standings.teams:
        return {}
    column = standings.total_column
    return {
        row.pk: {
            "place": row.place,
            "points": row.values[column] if column is not None else row.record.points_for,
        }
        for row in standings.rows
    }


def _tables_view(rnd: Round, qr_codes: dict | None = None) -> list[dict]:
    """Each table as its sides (partners together, sides facing each other), with seat names."""
    tables = []
    for table in rnd.tables.all():
        seats = list(table.seats.all())
        sides: dict[int, list[dict]] = {}
        places = []
        labels = seat_names.full_names(seat_names.layout_of(seats))
        for seat, label in zip(seats, labels, strict=True):
            place = {
                "player": seat.player,
                "side": seat.side,
                "label": label,
                "partners": [s.player for s in seats if s.side == seat.side and s is not seat],
                "opponents": [s.player for s in seats if s.side != seat.side],
            }
            places.append(place)
            sides.setdefault(seat.side, []).append(place)
        entry = {
            "table": table,
            "seats": places,
            "sides": [[place["player"].name for place in sides[k]] for k in sorted(sides)],
        }
        if qr_codes is not None:
            entry["entry_url"], entry["qr"] = qr_codes[table.pk]
        tables.append(entry)
    return tables


@login_required
@require_POST
def round_start(request, pk: int, number: int):
    tournament = _organiser_tournament(request, pk)
    try:
        services.start_round(
            round=_round(tournament, number),
            user=request.user,
            # Only the "start anyway" form of a teams event sends a reason.
            start_anyway_reason=request.POST.get("start_anyway_reason", ""),
        )
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Round %(number)s started.") % {"number": number})
    return _back(request, tournament, number)


@login_required
@require_POST
def round_close(request, pk: int, number: int):
    """The old address of "Close round": one page closes a round (the results board's,
    with its idempotency key). 307 keeps the POST and its form, so a browser posts the
    same form there; the page it was pressed on comes along as `next`."""
    # Refused here as there (403 or 404) before anything is sent on.
    _round(_organiser_tournament(request, pk), number)
    where = "round" if request.POST.get("next") == "round" else "tournament"
    target = reverse("round-results-close", kwargs={"pk": pk, "number": number})
    response = HttpResponseRedirect(f"{target}?{urlencode({'next': where})}")
    response.status_code = 307
    return response


def _back(request, tournament: Tournament, number: int):
    # Start/close buttons live on the tournament page and on the round page;
    # the organiser stays where they pressed it.
    if request.POST.get("next") == "round":
        return redirect("round-detail", pk=tournament.pk, number=number)
    return redirect(tournament)


@login_required
@require_GET
def change_form(request, pk: int):
    tournament = _organiser_tournament(request, pk)
    return render(
        request,
        "tournaments/change_form.html",
        {"tournament": tournament, "form": ChangeForm(tournament=tournament)},
    )


@login_required
@require_POST
def change_preview(request, pk: int):
    tournament = _organiser_tournament(request, pk)
    form = ChangeForm(request.POST, tournament=tournament)
    if form.is_valid():
        asked = asked_from_form(form)
        try:
            if planning.runs_in_worker(tournament, PlanningJob.Kind.PREVIEW):
                job = planning.request_planning(
                    tournament=tournament,
                    kind=PlanningJob.Kind.PREVIEW,
                    asked=asked,
                    requested_by=request.user,
                )
                return redirect("planning-job", job_id=job.pk)
            changes = services.preview_changes(tournament=tournament, **form.service_arguments())
        except DomainError as exc:
            form.add_error(None, exc.message)
        else:
            plans = {strategy: RotationChangeSerializer(c).data for strategy, c in changes.items()}
            return render(
                request,
                "tournaments/change_preview.html",
                {
                    **preview_context(tournament, asked, plans),
                    "team_size": tournament.spec.fixed_team_size,
                    "partners_rotate": services.partners_rotate(tournament.format),
                },
            )
    return render(
        request,
        "tournaments/change_form.html",
        {"tournament": tournament, "form": form},
        status=400,
    )


@login_required
@require_POST
def change_apply(request, pk: int):
    tournament = _organiser_tournament(request, pk)
    form = ChangeForm(request.POST, tournament=tournament)
    if form.is_valid():
        try:
            if planning.runs_in_worker(tournament, PlanningJob.Kind.APPLY):
                job = planning.request_planning(
                    tournament=tournament,
                    kind=PlanningJob.Kind.APPLY,
                    asked=asked_from_form(form),
                    requested_by=request.user,
                )
                return redirect("planning-job", job_id=job.pk)
            change = services.apply_change(
                tournament=tournament,
                strategy=form.cleaned_data["strategy"],
                expected_fingerprint=form.expected_fingerprint(),
                **form.service_arguments(),
            )
        except DomainError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, applied_message(RotationChangeSerializer(change).data))
            return redirect(tournament)
    return render(
        request,
        "tournaments/change_form.html",
        {"tournament": tournament, "form": form},
        status=400,
    )


@login_required
@require_POST
def co_organiser_add(request, pk: int):
    tournament = _organiser_tournament(request, pk)
    form = CoOrganiserForm(request.POST)
    if form.is_valid():
        user = selectors.user_named(form.cleaned_data["username"])
        if user is None:
            form.add_error("username", selectors.NO_SUCH_USER)
        else:
            try:
                services.add_co_organiser(tournament=tournament, user=user)
            except DomainError as exc:
                form.add_error(None, exc.message)
            else:
                messages.success(
                    # Translators: %(name)s is any organiser, woman or man: word it so that nothing
                    # agrees with the name's gender.
                    request,
                    _("%(name)s now organises this tournament too.") % {"name": user},
                )
                return redirect(tournament)
    return _detail_with_errors(request, tournament, co_organiser_form=form)


@login_required
@require_POST
def co_organiser_remove(request, pk: int, user_id: int):
    tournament = _organiser_tournament(request, pk)
    user = selectors.co_organiser_of(tournament, user_id)
    try:
        services.remove_co_organiser(tournament=tournament, user=user, removed_by=request.user)
    except DomainError as exc:
        raise PermissionDenied(exc.message) from exc
    if user.pk == request.user.pk:
        messages.success(
            request, _("You no longer organise %(tournament)s.") % {"tournament": tournament.name}
        )
        return redirect("home")
    # Translators: %(name)s is any organiser, woman or man: word it so that nothing agrees with the
    # name's gender.
    messages.success(request, _("%(name)s no longer organises this tournament.") % {"name": user})
    return redirect(tournament)


@require_GET
def tournament_public(request, pk: int):
    """The seating one round at a time (a 400-player night's whole rotation is 12,000
    seats): the round in play, or the next to play, unless ?round= picks another."""
    tournament = get_object_or_404(Tournament, pk=pk)
    rounds = list(
        # A draft round is its organisers' alone.
        Round.objects.filter(tournament=tournament, published=True)
        .order_by("number")
        .only("number", "status")
    )
    shown = selectors.round_to_show(rounds, request.GET.get("round"))
    item = None
    if shown is not None:
        rnd = selectors.round_with_seating(tournament, shown.number)
        item = {
            "round": rnd,
            "tables": _tables_view(rnd),
            "byes": [b.player for b in rnd.byes.all()],
        }
    return render(
        request,
        "tournaments/public_rotation.html",
        {
            "tournament": tournament,
            "rounds": rounds,
            "item": item,
            "players": tournament.players.order_by("name").only("pk", "name"),
        },
    )


# How often a player's page asks again where they sit (a round published meanwhile).
PLAYER_POLL_SECONDS = 10


@require_GET
def player_seat(request, pk: int, player_pk: int):
    player = get_object_or_404(
        Player.objects.select_related("tournament"), pk=player_pk, tournament_id=pk
    )
    itinerary = selectors.player_itinerary(player)
    return render(
        request,
        "tournaments/player_seat.html",
        {
            "tournament": player.tournament,
            "player": player,
            "next_seat": selectors.next_of(itinerary),
            "itinerary": itinerary,
            "joins_in": late.joins_in(player) if player.late else None,
            "poll_seconds": PLAYER_POLL_SECONDS,
            # A night drawn round by round: the next round may simply not be out yet.
            "not_out_yet": where_next.not_out_yet(player.tournament),
        },
    )
