"""The compiled helpers (dlx.c, shapes.c, orbit3.c, multiplier.c), built with `cc` on first use.

The tiling stages of `whist_shapes` and `whist_multiplier` run an exact cover
thousands of times per starter; in Python that is about 40 microseconds a node,
in C well under one. `shapes.c` holds the rest of `whist_shapes`' inner loop:
stage one (the tabu search over partner classes and x, a few microseconds a
move instead of 1.7 ms) and the building of the tiling's options, which cost
Python thirty times the cover. That is what brings 77 to 112 within minutes.
`orbit3.c` is stage one of `whist_orbit3` (its core and group searches), and
`multiplier.c` stage one and the walk of `whist_multiplier`.
The library is built once into the user's cache directory (keyed by the
sources' hash) and loaded with ctypes. Without a compiler, or with
DESIGNS_PURE_PYTHON=1 set, the searches run the pure-Python `exact_cover._search`
and `Shapes.solve` / `Shapes.tile` instead (same searches, slower).
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import subprocess
import sys
import tempfile
from pathlib import Path

SOURCES = [
    Path(__file__).with_name(name) for name in ("dlx.c", "shapes.c", "orbit3.c", "multiplier.c")
]
# Not compiled on their own, but a change to them must rebuild the library.
HEADERS = [Path(__file__).with_name(name) for name in ("random.h", "tally.h")]
_INT = ctypes.c_int
_INTS = ctypes.POINTER(ctypes.c_int)
_U64 = ctypes.c_uint64
_LONG = ctypes.c_long
_DOUBLE = ctypes.c_double
# Every helper answers an int; these are its arguments, in the C order.
_SIGNATURES = {
    "dlx_solve": [_INT, _INT, _INT, _INTS, _INTS, _U64, _LONG, _INT, _INTS],
    "dlx_deepest": [],
    "shapes_solve": [_INT, _INT, _INT, _INTS, _U64, _LONG, _INT, _DOUBLE],
    "shapes_tile": [_INT, _INT, _INT, _INTS, _U64, _LONG, _INTS],
    "shapes_walk": [_INT, _INT, _INT, _INTS, _U64],
    "orbit3_core": [_INT, _INT, _INT, _INTS, _INT, _INTS, _INT, _INTS, _U64, _LONG, _INT, _DOUBLE],
    "orbit3_groups": [_INT, _INT, _INTS, _INT, _INTS, _U64, _LONG, _INT, _DOUBLE],
    "multiplier_solve": [_INT, _INT, _INT, _INTS, _INT, _INTS, _INTS, _U64, _LONG, _INT, _DOUBLE],
    "multiplier_walk": [_INT, _INT, _INT, _INTS, _INT, _INTS, _INTS, _U64],
}
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
    source = b"".join(path.read_bytes() for path in [*SOURCES, *HEADERS])
    target = _cache_dir() / f"designs-{hashlib.sha256(source).hexdigest()[:16]}.so"
    if not target.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        compiler = os.environ.get("CC", "cc")
        with tempfile.TemporaryDirectory(dir=target.parent) as tmp:
            built = Path(tmp) / target.name
            try:
                subprocess.run(
                    [compiler, "-O2", "-shared", "-fPIC", "-o", str(built), *map(str, SOURCES)],
                    check=True,
                    capture_output=True,
                )
            except (OSError, subprocess.CalledProcessError) as error:
                print(f"design tools: no C helper ({error}); running pure Python", file=sys.stderr)
                return None
            os.replace(built, target)
    lib = ctypes.CDLL(str(target))
    for name, argtypes in _SIGNATURES.items():
        function = getattr(lib, name)
        function.restype = ctypes.c_int
        function.argtypes = argtypes
    _library = lib
    return lib


def shapes_solve(
    q: int, inf: bool, tables: list[list[int]], seed: int, max_moves: int, tenure: int, noise: float
) -> int:
    """Stage one of whist_shapes on `tables` (rows d1, d2, x, changed in place); the
    cost left, 0 when every opponent class is met twice. Needs library()."""
    lib = library()
    assert lib is not None
    flat = (ctypes.c_int * (3 * len(tables)))(*(v for row in tables for v in row))
    cost = lib.shapes_solve(
        q, int(inf), len(tables), flat, seed & (2**64 - 1), max_moves, tenure, noise
    )
    for k, row in enumerate(tables):
        row[:] = flat[3 * k : 3 * k + 3]
    return cost


def _on_units(name: str, q, multiplier, fixed, kinds, units, seed, *args) -> int:
    """multiplier.c's `name` on `units` (rows d1, d2, x, changed in place; `kinds`
    their sorts as multiplier.c numbers them). Needs library()."""
    lib = library()
    assert lib is not None
    flat = _ints([v for row in units for v in row])
    answer = getattr(lib, name)(
        q,
        multiplier,
        len(fixed),
        _ints(fixed),
        len(units),
        _ints(kinds),
        flat,
        seed & (2**64 - 1),
        *args,
    )
    for k, row in enumerate(units):
        row[:] = flat[3 * k : 3 * k + 3]
    return answer


def multiplier_solve(
    q: int,
    multiplier: int,
    fixed: list[int],
    kinds: list[int],
    units: list[list[int]],
    seed: int,
    max_moves: int,
    tenure: int,
    noise: float,
) -> int:
    """Stage one of whist_multiplier; the cost left, 0 when every opponent class is
    met twice."""
    return _on_units(
        "multiplier_solve", q, multiplier, fixed, kinds, units, seed, max_moves, tenure, noise
    )


def multiplier_walk(
    q: int, multiplier: int, fixed: list[int], kinds: list[int], units: list[list[int]], seed: int
) -> bool:
    """One step of whist_multiplier's walk: two units take new values giving back
    the same opponent classes; False if the pair drawn has no such move."""
    return bool(_on_units("multiplier_walk", q, multiplier, fixed, kinds, units, seed))


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


def shapes_tile(
    q: int, inf: bool, tables: list[list[int]], seed: int, nodes: int
) -> tuple[int, ...] | None:
    """Stage two of whist_shapes: the flat starter (INF as -1) with every table's
    shape or mirror placed at a translate, or None within the node limit."""
    lib = library()
    assert lib is not None
    flat = (ctypes.c_int * (3 * len(tables)))(*(v for row in tables for v in row))
    out = (ctypes.c_int * (4 * len(tables)))()
    if lib.shapes_tile(q, int(inf), len(tables), flat, seed & (2**64 - 1), nodes, out) <= 0:
        return None
    return tuple(out)


def dlx_deepest() -> int:
    """How many options the last cover held at once: how near a failed tiling came."""
    lib = library()
    assert lib is not None
    return lib.dlx_deepest()


def shapes_walk(q: int, inf: bool, tables: list[list[int]], seed: int) -> bool:
    """One step of whist_shapes' walk on `tables` (changed in place): two tables
    take new values giving back the same opponent classes; False if the pair drawn
    has no such move. Needs library()."""
    lib = library()
    assert lib is not None
    flat = (ctypes.c_int * (3 * len(tables)))(*(v for row in tables for v in row))
    if not lib.shapes_walk(q, int(inf), len(tables), flat, seed & (2**64 - 1)):
        return False
    for k, row in enumerate(tables):
        row[:] = flat[3 * k : 3 * k + 3]
    return True


def _ints(values: list[int]):
    return (ctypes.c_int * max(1, len(values)))(*values)


def orbit3_core(
    q: int,
    w: int,
    pts: list[int],
    fixed: list[int],
    match: list[int],
    seed: int,
    max_moves: int,
    tenure: int,
    noise: float,
) -> int:
    """whist_orbit3's core search on `pts` (the moved pairs' points) and `match`
    (pair codes, two a table), both changed in place; `fixed` the pairs of fixed
    points, flat. The cost left, 0 when the core is done. Needs library()."""
    lib = library()
    assert lib is not None
    c_pts, c_match = _ints(pts), _ints(match)
    cost = lib.orbit3_core(
        q,
        w,
        len(pts) // 2,
        c_pts,
        len(fixed) // 2,
        _ints(fixed),
        len(match),
        c_match,
        seed & (2**64 - 1),
        max_moves,
        tenure,
        noise,
    )
    pts[:] = c_pts[: len(pts)]
    match[:] = c_match[: len(match)]
    return cost


def orbit3_groups(
    q: int,
    w: int,
    core_count: list[int],
    groups: list[list[int]],
    seed: int,
    max_moves: int,
    tenure: int,
    noise: float,
) -> int:
    """whist_orbit3's group search on `groups` (rows d1, d2, x, changed in place),
    the core's opponent counts given; the cost left, 0 when every class is met
    twice. Needs library()."""
    lib = library()
    assert lib is not None
    flat = _ints([v for row in groups for v in row])
    cost = lib.orbit3_groups(
        q, w, _ints(core_count), len(groups), flat, seed & (2**64 - 1), max_moves, tenure, noise
    )
    for k, row in enumerate(groups):
        row[:] = flat[3 * k : 3 * k + 3]
    return cost
