"""Run by .ci/runtime-only inside a venv that has requirements.txt and nothing else.

Imports every module of the site, then migrates, loads the demo and prints its
scorecards as an organiser's print button would (a print job, run in-process as
under `make run`), and checks that the job made a PDF with pages.
"""

from __future__ import annotations

import importlib
import io
import pkgutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("config", "scoring", "tournaments", "leagues")
# Production settings refuse to load without SECRET_KEY; that is their job, not a missing import.
NEEDS_ENVIRONMENT = {"config.settings.production"}


def modules() -> list[str]:
    names = []
    for package in PACKAGES:
        names.append(package)
        for info in pkgutil.walk_packages([str(ROOT / package)], prefix=f"{package}."):
            names.append(info.name)
    return sorted(names)


def import_all() -> int:
    failures = []
    names = modules()
    for name in names:
        if name in NEEDS_ENVIRONMENT:
            continue
        try:
            importlib.import_module(name)
        except Exception as exc:  # report every module that fails, not just the first
            failures.append(f"{name}: {exc.__class__.__name__}: {exc}")
    if failures:
        print("Modules that do not import with requirements.txt alone:", file=sys.stderr)
        for line in failures:
            print(f"  {line}", file=sys.stderr)
        sys.exit(1)
    return len(names)


def print_demo_scorecards() -> tuple[int, int]:
    from django.core.management import call_command
    from pypdf import PdfReader

    from tournaments.management.commands.load_demo import PROGRESSIVE_NAME
    from tournaments.models import PrintJob, Tournament
    from tournaments.printing.services import request_print

    call_command("migrate", verbosity=0, interactive=False)
    call_command("load_demo", verbosity=0)
    tournament = Tournament.objects.get(name=PROGRESSIVE_NAME)
    job = request_print(tournament=tournament, kind=PrintJob.Kind.SCORECARDS)
    job.refresh_from_db()
    if job.status != PrintJob.Status.DONE:
        sys.exit(f"The demo's scorecards did not print: {job.status} {job.error}")
    data = job.pdf.read()
    if not data.startswith(b"%PDF-"):
        sys.exit("The demo's scorecards are not a PDF.")
    pages = len(PdfReader(io.BytesIO(data)).pages)
    if pages < 1:
        sys.exit("The demo's scorecards PDF has no pages.")
    return pages, len(data)


def main() -> None:
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    count = import_all()
    pages, size = print_demo_scorecards()
    print(f"runtime-only: {count} modules import; demo scorecards: {pages} pages, {size} bytes")


if __name__ == "__main__":
    main()
