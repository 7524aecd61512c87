"""A manage.py command run as a terminal runs it, inside the test process: the same
argument parsing, the same exit code (argparse's and CommandError's), stdout and
stderr captured, stdin fed. A Python start-up and Django set-up per call cost two
seconds each; each command's file keeps one test through a real `manage.py` process
for what only a process shows."""

from __future__ import annotations

import io
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout

from django.core.management import ManagementUtility


def run_manage(*argv: str, stdin: str | bytes = b"") -> subprocess.CompletedProcess[str]:
    out, err = io.StringIO(), io.StringIO()
    data = stdin.encode() if isinstance(stdin, str) else stdin
    fed = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="strict")
    code: int = 0
    real_stdin = sys.stdin
    sys.stdin = fed
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                ManagementUtility(["manage.py", *argv]).execute()
            except SystemExit as done:
                code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    finally:
        sys.stdin = real_stdin
    return subprocess.CompletedProcess(["manage.py", *argv], code, out.getvalue(), err.getvalue())
