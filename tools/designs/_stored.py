"""The one place the design tools reach inside tournaments.rotations.

The facade does not expose the stored tables, the group arithmetic or the
per-design checks, so they are imported here and nowhere else in tools/designs
(the test reads them through this module too). When the rotations package
moves, only these imports change.
"""

from __future__ import annotations

from tournaments.rotations import (
    cutthroat,
    hanani,
    hanani_frames,
    kirkman_copies,
    kirkman_cyclic,
    kirkman_near,
    whist,
    whist_inflate,
    whist_plus_one,
    whist_product,
    whist_starters,
)

# --- the stored tables, by the name the README uses ------------------------------

WHIST_STARTERS = whist._STARTERS  # whist.py
WHIST_OFFLINE_STARTERS = whist_starters.STARTERS
WHIST_ORBIT_BASES = whist_inflate.ORBIT_BASES
WHIST_PRODUCT_ROWS = whist_product._STORED_ROWS
WHIST_PLUS_ONE = whist_plus_one.STORED
KIRKMAN_SMALL = cutthroat._KNOWN_BASES
KIRKMAN_CYCLIC = kirkman_cyclic.BASES
KIRKMAN_COPIES = kirkman_copies.BASES
KIRKMAN_NEAR = kirkman_near.BASES
HANANI = hanani.BASES
HANANI_FRAMES = hanani_frames.BASES

# --- what the tools build on and check with -----------------------------------------

field = whist.field
whist_group = whist.group
whist_starter_ok = whist._starter_ok
whist_design = whist.design
whist_develop = whist.develop
whist_check = whist.check
whist_seat_values = whist._seat_values
whist_closed_starter = whist._closed_starter
whist_tabled = whist._tabled
whist_anneal = whist._anneal
whist_patterned = whist._patterned
whist_find_starter = whist.find_starter
orbit_tables = whist_inflate._orbit_tables
plus_one_assemble = whist_plus_one.assemble
plus_one_fits = whist_plus_one._fits
develop_kirkman_small = cutthroat._develop
kirkman_cyclic_develop = kirkman_cyclic.develop
kirkman_check = kirkman_cyclic.check
kirkman_near_develop = kirkman_near.develop
kirkman_near_check = kirkman_near.check
hanani_develop = hanani.develop
hanani_check = hanani.check
hanani_frames_develop = hanani_frames.develop
