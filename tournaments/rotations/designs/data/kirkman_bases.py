"""First rounds of cyclic (n = 3, 9 mod 24) and bicyclic (n = 15 mod 24) Kirkman
systems, kept so drawing a schedule never runs the search (see planners/cutthroat.py)."""

# First rounds found by _cyclic_base (n = 3, 9 mod 24) and _bicyclic_base
# (n = 15 mod 24) with randomised restarts, and kept: the searches take seconds
# and often fail past these sizes, so drawing a schedule never runs them.
# tests/unit/rotations/test_cutthroat.py checks every one is a Kirkman system
# and that the searches still find first rounds for small n.
KNOWN_BASES: dict[int, tuple[tuple[int, int, int], ...]] = {
    9: ((1, 2, 7),),
    15: ((1, 11, 12), (2, 10, 8), (3, 5, 6), (4, 9, 13)),
    27: ((1, 10, 11), (2, 8, 20), (3, 18, 25), (4, 9, 6)),
    33: ((1, 11, 5), (2, 4, 7), (3, 15, 24), (6, 30, 13), (9, 28, 10)),
    39: (
        (1, 26, 13),
        (2, 17, 18),
        (3, 34, 5),
        (4, 14, 30),
        (6, 33, 12),
        (7, 27, 25),
        (8, 16, 31),
        (9, 37, 23),
        (10, 15, 32),
        (11, 35, 22),
        (20, 29, 28),
        (21, 24, 36),
    ),
    51: (
        (1, 22, 23),
        (2, 16, 14),
        (3, 10, 33),
        (4, 12, 21),
        (5, 20, 44),
        (6, 24, 11),
        (7, 13, 17),
        (9, 40, 43),
    ),
    57: (
        (1, 11, 15),
        (2, 13, 21),
        (3, 26, 4),
        (5, 14, 7),
        (6, 45, 24),
        (8, 20, 23),
        (9, 38, 25),
        (12, 44, 18),
        (19, 55, 50),
    ),
    81: (
        (1, 7, 11),
        (2, 22, 19),
        (3, 16, 35),
        (4, 20, 25),
        (5, 31, 74),
        (6, 30, 52),
        (8, 58, 50),
        (9, 36, 77),
        (13, 28, 27),
        (14, 63, 61),
        (15, 66, 38),
        (17, 79, 72),
        (24, 33, 69),
    ),
}
