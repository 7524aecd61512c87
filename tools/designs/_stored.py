"""The one place the design tools reach inside tournaments.rotations.

The facade does not expose the stored tables, the group arithmetic or the
per-design checks, so they are imported here and nowhere else in tools/designs
(the test reads them through this module too). When the rotations package
moves, only these imports change.
"""

from __future__ import annotations

from tournaments.rotations.designs import hanani, whist
from tournaments.rotations.designs.data import (
    hanani as hanani_data,
)
from tournaments.rotations.designs.data import (
    hanani_frames as hanani_frames_data,
)
from tournaments.rotations.designs.data import (
    kirkman_bases,
    whist_starters,
)
from tournaments.rotations.designs.data import (
    kirkman_copies as kirkman_copies_data,
)
from tournaments.rotations.designs.data import (
    kirkman_cyclic as kirkman_cyclic_data,
)
from tournaments.rotations.designs.data import (
    kirkman_near as kirkman_near_data,
)
from tournaments.rotations.designs.data import (
    whist_plus_one as whist_plus_one_data,
)
from tournaments.rotations.designs.hanani import frames as hanani_frames
from tournaments.rotations.designs.kirkman import cyclic as kirkman_cyclic
from tournaments.rotations.designs.kirkman import near as kirkman_near
from tournaments.rotations.designs.whist import inflate as whist_inflate
from tournaments.rotations.designs.whist import plus_one as whist_plus_one
from tournaments.rotations.designs.whist import product as whist_product
from tournaments.rotations.planners import cutthroat

# --- the stored tables, by the name the README uses ------------------------------

WHIST_STARTERS = whist_starters.STARTERS
WHIST_ORBIT_BASES = whist_inflate.ORBIT_BASES
WHIST_PRODUCT_ROWS = whist_product._STORED_ROWS
WHIST_PLUS_ONE = whist_plus_one_data.STORED
KIRKMAN_SMALL = kirkman_bases.KNOWN_BASES
KIRKMAN_CYCLIC = kirkman_cyclic_data.BASES
KIRKMAN_COPIES = kirkman_copies_data.BASES
KIRKMAN_NEAR = kirkman_near_data.BASES
HANANI = hanani_data.BASES
HANANI_FRAMES = hanani_frames_data.BASES

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
