"""The compiled exact cover (dlx.c), built with the system C compiler on first use.

The tiling stages of `whist_shapes` and `whist_multiplier` run an exact cover
thousands of times per starter; in Python that is about 40 microseconds a node,
in C well under one, which is what brings 68 to 112 within minutes. The library
is built once into the user's cache directory (keyed by the source's hash) and
loaded with ctypes. Without a compiler, or with DESIGNS_PURE_PYTHON=1 set, the
searches run the pure-Python `exact_cover._search` instead (same search, slower).
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import subprocess
import sys
import tempfile
from pathlib import Path

SOURCE = Path(__file__).with_name("dlx.c")
_library: ctypes.CDLL | None = None
_tried = False


def _cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "euchre-design-tools"


def library() -> ctypes.CDLL | None:
    """The loaded helper, or None (no compiler, or pure Python asked for)."""
    global _library, _tried
    if _tried:
        return _library
    _tried = True
    if os.environ.get("DESIGNS_PURE_PYTHON"):
        return None
    source = SOURCE.read_bytes()
    target = _cache_dir() / f"dlx-{hashlib.sha256(source).hexdigest()[:16]}.so"
    if not target.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        compiler = os.environ.get("CC", "cc")
        with tempfile.TemporaryDirectory(dir=target.parent) as tmp:
            built = Path(tmp) / target.name
            try:
                subprocess.run(
                    [compiler, "-O2", "-shared", "-fPIC", "-o", str(built), str(SOURCE)],
                    check=True,
                    capture_output=True,
                )
            except (OSError, subprocess.CalledProcessError) as error:
                print(f"design tools: no C helper ({error}); running pure Python", file=sys.stderr)
                return None
            os.replace(built, target)
    lib = ctypes.CDLL(str(target))
    lib.dlx_solve.restype = ctypes.c_int
    lib.dlx_solve.argtypes = [
        ctypes.c_int,
        ctypes.c_int,
        ctypes.c_int,
        ctypes.POINTER(ctypes.c_int),
        ctypes.POINTER(ctypes.c_int),
        ctypes.c_uint64,
        ctypes.c_long,
        ctypes.c_int,
        ctypes.POINTER(ctypes.c_int),
    ]
    _library = lib
    return lib


def solve(
    options: list[list[int]], n_items: int, n_primary: int, seed: int, first_limit: int, tries: int
) -> list[int] | None:
    """Indices of the options chosen, or None (no cover, or out of nodes every try).
    Items are 0..n_items-1, the first n_primary of them primary. Needs library()."""
    lib = library()
    assert lib is not None
    starts = [0]
    flat: list[int] = []
    for option in options:
        flat += option
        starts.append(len(flat))
    out = (ctypes.c_int * (n_items + 1))()
    found = lib.dlx_solve(
        n_items,
        n_primary,
        len(options),
        (ctypes.c_int * len(starts))(*starts),
        (ctypes.c_int * max(1, len(flat)))(*flat),
        seed & (2**64 - 1),
        first_limit,
        tries,
        out,
    )
    return list(out[:found]) if found > 0 else None
