"""config/procs.py: supervisor's configuration, made from a Procfile."""

from __future__ import annotations

import configparser
import shlex
from pathlib import Path

from config.procs import procfile, shell_command, supervisor_config


def programs(text: str) -> dict[str, configparser.SectionProxy]:
    parser = configparser.ConfigParser(interpolation=configparser.BasicInterpolation())
    parser.read_string(text)
    return {name.split(":", 1)[1]: parser[name] for name in parser if name.startswith("program:")}


def test_every_procfile_line_is_a_program_restarted_when_it_exits(tmp_path):
    # A beat line added to the Procfile (issue 31) is run like the others.
    path = tmp_path / "Procfile"
    path.write_text(
        "# a comment\n"
        "web: gunicorn --config config/gunicorn.py config.wsgi\n"
        "worker: celery --app config worker --concurrency ${WORKER_CONCURRENCY:-2}\n"
        "beat: celery --app config beat --schedule /tmp/100%-schedule\n"
    )
    processes = procfile(path)

    found = programs(supervisor_config(processes, workdir=Path("/srv"), rundir=tmp_path))

    assert list(found) == ["web", "worker", "beat"]
    for name, program in found.items():
        # supervisor reads %% as % (its own interpolation), as this parser does.
        assert shlex.split(program["command"]) == ["/bin/sh", "-c", f"exec {processes[name]}"]
        assert program["autorestart"] == "true"
        assert program["stdout_logfile"] == "/dev/stdout"
        # TERM to the command itself (exec'd), KILL to its whole group.
        assert (program["stopasgroup"], program["killasgroup"]) == ("false", "true")


def test_a_line_with_leading_assignments_execs_the_command_with_them():
    line = "DJANGO_SETTINGS_MODULE=${X:-config.settings.production} A=1 celery --app config beat"
    assert shell_command(line) == [
        "/bin/sh",
        "-c",
        "DJANGO_SETTINGS_MODULE=${X:-config.settings.production} A=1 exec celery --app config beat",
    ]


def test_the_repository_procfiles_have_a_web_and_a_worker():
    root = Path(__file__).resolve().parents[2]
    for name in ("Procfile", "Procfile.dev"):
        assert {"web", "worker"} <= set(procfile(root / name))
