"""Re-find every stored entry of some design tables, check each, and say what it cost.

    python -m tools.designs.every hanani kirkman_near [--keys 157,181] [--timeout 900]

Each size runs as its own `python -m tools.designs.TOOL KEY --out FILE`, so a
large one's memory is given back when it ends and a timeout can stop it. The
entry it writes is checked in full by the tool's own check, and a line per size
gives the verdict, the CPU seconds of the whole command (start-up and building
the options included, so a little more than the figure the tool prints) and its
peak memory. This made the triple tables' rows of the README's table. It takes
the tools whose stored table is theirs alone; the whist starters are shared by
several searches, one command per size (README).
"""

from __future__ import annotations

import argparse
import ast
import importlib
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from . import _stored

TABLES = {
    "kirkman_cyclic": _stored.KIRKMAN_CYCLIC,
    "kirkman_near": _stored.KIRKMAN_NEAR,
    "hanani": _stored.HANANI,
    "hanani_frames": _stored.HANANI_FRAMES,
    "kirkman_copies": _stored.KIRKMAN_COPIES,
    "kirkman_small": _stored.KIRKMAN_SMALL,
    "whist_orbits": _stored.WHIST_ORBIT_BASES,
    "whist_rows": _stored.WHIST_PRODUCT_ROWS,
    "plus_one_paths": _stored.WHIST_PLUS_ONE,
}
ROOT = Path(__file__).resolve().parents[2]


def regenerate(tool: str, key: int, *, timeout: float, seed: int | None = None) -> str:
    """One line: `tool key: verdict, CPU seconds, peak memory`."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "entry.txt"
        command = [sys.executable, "-m", f"tools.designs.{tool}", str(key), "--out", str(out)]
        if seed is not None:
            command += ["--seed", str(seed)]
        said = Path(tmp) / "stderr.txt"
        with said.open("w") as stderr:
            process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=stderr)
            status, usage = _wait(process, timeout)
        cost = f"{usage.ru_utime + usage.ru_stime:.1f} s of CPU, {usage.ru_maxrss // 1024} MB"
        if status is None:
            return f"{tool} {key}: timed out after {timeout:g} s ({cost})"
        if status != 0 or not out.exists():
            last = said.read_text().strip().splitlines()[-1:] or [f"exit {status}"]
            return f"{tool} {key}: nothing found ({last[0]}; {cost})"
        _, _, value = out.read_text().partition(":")
        problem = importlib.import_module(f"tools.designs.{tool}").problem
        fault = problem(key, ast.literal_eval(value.strip().rstrip(",")))
        return f"{tool} {key}: {'FAULT ' + fault if fault else 'valid'}, {cost}"


def _wait(process: subprocess.Popen, timeout: float):
    """The exit status (None if it ran out of time and was stopped) and its rusage."""
    deadline = time.monotonic() + timeout
    while True:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            process.returncode = os.waitstatus_to_exitcode(status)
            return process.returncode, usage
        if time.monotonic() > deadline:
            process.kill()
            _, _, usage = os.wait4(process.pid, 0)
            process.returncode = -9
            return None, usage
        time.sleep(0.05)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tools", nargs="+", choices=sorted(TABLES), metavar="TOOL")
    parser.add_argument(
        "--keys", help="only these sizes, comma-separated (default: every stored one)"
    )
    parser.add_argument("--timeout", type=float, default=900, help="seconds a size may take")
    parser.add_argument("--seed", type=int, help="the tools' own default seed if not given")
    args = parser.parse_args(argv)
    try:
        wanted = {int(k) for k in args.keys.split(",")} if args.keys else None
    except ValueError:
        parser.error("--keys takes whole numbers separated by commas, e.g. 157,181")
    stored = set().union(*(TABLES[tool] for tool in args.tools))
    if wanted is not None and wanted - stored:
        parser.error(f"not a stored size of {', '.join(args.tools)}: {sorted(wanted - stored)}")
    every_valid = True
    for tool in args.tools:
        for key in sorted(TABLES[tool]):
            if wanted is None or key in wanted:
                line = regenerate(tool, key, timeout=args.timeout, seed=args.seed)
                every_valid &= line.split(": ", 1)[1].startswith("valid")
                print(line, flush=True)
    return 0 if every_valid else 1


if __name__ == "__main__":
    raise SystemExit(main())
