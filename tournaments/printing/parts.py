"""Where a print job's rendered parts wait for the merge, and their removal: shared by
the tasks that write them and the periodic work that cleans up after a dead worker."""

from __future__ import annotations

from django.core.files.storage import default_storage


def part_name(job_id: int, index: int) -> str:
    return f"print/parts/job-{job_id}-part-{index}.pdf"


def delete_parts(job_id: int) -> None:
    """Remove a job's part files (rendered parts waiting for the merge)."""
    directory, prefix = "print/parts", f"job-{job_id}-part-"
    try:
        _dirs, files = default_storage.listdir(directory)
    except FileNotFoundError:
        return
    for name in files:
        if name.startswith(prefix):
            default_storage.delete(f"{directory}/{name}")
