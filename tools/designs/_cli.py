"""What every design tool shares: its command line and the way it prints a table.

A tool is `python -m tools.designs.NAME KEY [--seed S] [--out FILE]`: it searches
(or builds) the table entry for KEY and prints it as the `KEY: value,` line of the
stored dict, so it can be pasted in or compared. `--check-stored` instead checks
the entry already stored for KEY and prints what is wrong, if anything.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
import time
from collections.abc import Callable
from typing import Any


def entry(key: int, value: Any) -> str:
    """`key: value,` wrapped at 100 columns the way the stored tables are written."""
    return "\n".join(
        textwrap.wrap(
            f"{key}: {value!r},", width=100, subsequent_indent="    ", break_long_words=False
        )
    )


def main(
    description: str,
    find: Callable[[int, int], Any],
    check_stored: Callable[[int], str],
    *,
    default_seed: int = 0,
    argv: list[str] | None = None,
) -> int:
    """`find(key, seed)` returns the entry (None if the search gave up);
    `check_stored(key)` returns "" when the stored entry is valid, else the fault."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("key", type=int, help="the size (the stored dict's key)")
    parser.add_argument("--seed", type=int, default=default_seed)
    parser.add_argument("--out", help="write the entry to this file instead of printing it")
    parser.add_argument(
        "--check-stored", action="store_true", help="check the stored entry instead of searching"
    )
    args = parser.parse_args(argv)
    if args.check_stored:
        problem = check_stored(args.key)
        print(problem or f"{args.key}: the stored entry is valid")
        return 1 if problem else 0
    started = time.process_time()
    value = find(args.key, args.seed)
    took = time.process_time() - started
    if value is None:
        print(f"{args.key}: nothing found (seed {args.seed}, {took:.1f} s)", file=sys.stderr)
        return 1
    text = entry(args.key, value) + "\n"
    if args.out:
        with open(args.out, "w") as out:
            out.write(text)
    else:
        sys.stdout.write(text)
    print(f"# {took:.1f} s of CPU", file=sys.stderr)
    return 0
