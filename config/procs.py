"""Runs a Procfile's processes under supervisor, restarting any that exits.

`python -m config.procs Procfile.dev` (`make run`) and `config.serve` (`make serve`)
hand over to `supervisord` in the foreground with a configuration made from the
Procfile, which stays the one place the commands are written: a new line there (a
`beat:` process, say) is run and restarted like the others. Each command runs through
`/bin/sh` as under honcho, the runner before it (so `${HOST:-...}` still expands), in
the environment this module was started with. Every process writes to this terminal;
supervisor's own lines say when one starts, exits and is started again. Ctrl-C stops
them all.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# A process must stay up this long to count as started; one that keeps failing sooner
# is tried this many times, waiting a second longer each time (1 + 2 + ... + 10 s, so
# a database or broker that is still starting has almost a minute), then left stopped
# with "gave up" in the log while the others run on. One that ran and then exited, as
# after a crash or the OOM killer, is started again at once, however often.
START_SECONDS = 3
START_RETRIES = 10
# A Celery worker finishes the task in hand on TERM; a printout part takes seconds.
STOP_WAIT_SECONDS = 30


def procfile(path: Path) -> dict[str, str]:
    """The Procfile's processes, name -> command, in order."""
    processes = {}
    for line in path.read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            name, _colon, command = line.partition(":")
            processes[name.strip()] = command.strip()
    return processes


# `NAME=value ... command`: the assignments a Procfile line may start with.
_ASSIGNMENTS = re.compile(r"((?:[A-Za-z_][A-Za-z0-9_]*=\S*\s+)*)(.*)", re.DOTALL)


def shell_command(command: str) -> list[str]:
    """The Procfile line run by /bin/sh, which then *becomes* the command (exec).

    supervisor watches and signals the process it started. Were that the shell, a stop
    would end the shell at once and leave the command running on its own (a Celery
    worker hung in its warm shutdown after Ctrl-C); exec'd, the command itself gets the
    TERM and shuts down its own children in order.
    """
    assignments, rest = _ASSIGNMENTS.fullmatch(command.strip()).groups()
    return ["/bin/sh", "-c", f"{assignments}exec {rest}"]


def supervisor_config(processes: dict[str, str], *, workdir: Path, rundir: Path) -> str:
    """supervisord.conf for these processes: foreground, logs on this terminal."""
    lines = [
        "[supervisord]",
        "nodaemon=true",
        # Its own log only on the terminal (nodaemon prints it there too).
        "logfile=/dev/null",
        "logfile_maxbytes=0",
        f"pidfile={rundir / 'supervisord.pid'}",
        "loglevel=info",
    ]
    if os.geteuid() == 0:
        # Said outright, supervisor does not print a CRIT line about it at every start.
        lines.append("user=root")
    for name, command in processes.items():
        # supervisor reads %(name)s in its values: a literal % is written %%.
        shell = shlex.join(shell_command(command)).replace("%", "%%")
        lines += [
            "",
            f"[program:{name}]",
            f"command={shell}",
            f"directory={workdir}",
            "autostart=true",
            "autorestart=true",
            f"startsecs={START_SECONDS}",
            f"startretries={START_RETRIES}",
            "stopsignal=TERM",
            f"stopwaitsecs={STOP_WAIT_SECONDS}",
            # TERM to the command alone: gunicorn and Celery stop their own children in
            # order (a Celery pool child sent TERM directly dies mid-handshake and its
            # parent never finishes shutting down). Past STOP_WAIT_SECONDS, KILL to the
            # whole group, children included.
            "stopasgroup=false",
            "killasgroup=true",
            "redirect_stderr=true",
            "stdout_logfile=/dev/stdout",
            "stdout_logfile_maxbytes=0",
        ]
    return "\n".join(lines) + "\n"


def exec_supervisor(procfile_path: Path, environ: dict[str, str]) -> None:
    """Replaces this process with supervisord running the Procfile's processes."""
    rundir = Path(tempfile.mkdtemp(prefix="euchre-procs-"))
    config = rundir / "supervisord.conf"
    config.write_text(supervisor_config(procfile(procfile_path), workdir=ROOT, rundir=rundir))
    # The commands and supervisord itself are found next to this Python (the venv's bin).
    environ["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{environ.get('PATH', '')}"
    supervisord = shutil.which("supervisord", path=environ["PATH"]) or "supervisord"
    os.chdir(ROOT)
    os.execvpe(supervisord, [supervisord, "--configuration", str(config)], environ)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m config.procs PROCFILE", file=sys.stderr)
        return 2
    exec_supervisor(ROOT / argv[0], dict(os.environ))
    return 0  # not reached


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
