from celery import shared_task


@shared_task(ignore_result=False)
def ping(text: str) -> str:
    """A health check: a worker that answers this is consuming from the broker."""
    return f"pong: {text}"


# Printing's tasks live with the printing code; importing them here lets the
# worker's autodiscovery (which looks for <app>.tasks) register them.
from tournaments.planning.tasks import run_planning_job  # noqa: E402, F401
from tournaments.printing.periodic import delete_old_printouts, fail_stalled_print_jobs  # noqa: E402, F401
from tournaments.printing.tasks import build_print_job, render_print_part  # noqa: E402, F401
