"""What the rounds already played say about who has met whom and who sat out."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from .schedule import Round, pair

PlayerPair = tuple[str, str]


def _frozen(counter: Counter) -> Mapping:
    return MappingProxyType(dict(sorted(counter.items())))


@dataclass(frozen=True)
class History:
    """Meetings and byes of the rounds already played; pairs are sorted name tuples.

    `partners` holds every pair that has partnered at least once; the two
    mappings count opponent meetings and byes. `last_byes`
    are the players who sat out the most recent played round.
    """

    rounds_played: int = 0
    partners: frozenset[PlayerPair] = frozenset()
    opponents: Mapping[PlayerPair, int] = field(default_factory=lambda: MappingProxyType({}))
    byes: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    last_byes: frozenset[str] = frozenset()

    @classmethod
    def empty(cls) -> History:
        return cls()

    @classmethod
    def from_rounds(cls, rounds: Iterable[Round]) -> History:
        played = sorted(rounds, key=lambda r: r.number)
        partners: set[PlayerPair] = set()
        opponents: Counter = Counter()
        byes: Counter = Counter()
        for rnd in played:
            byes.update(rnd.byes)
            for table in rnd.tables:
                _count_table(table.sides, partners, opponents)
        return cls(
            rounds_played=len(played),
            partners=frozenset(partners),
            opponents=_frozen(opponents),
            byes=_frozen(byes),
            last_byes=frozenset(played[-1].byes) if played else frozenset(),
        )

    def partnered(self, a: str, b: str) -> bool:
        return pair(a, b) in self.partners

    def bye_count(self, player: str) -> int:
        return self.byes.get(player, 0)


def _count_table(
    sides: tuple[tuple[str, ...], ...],
    partners: set[PlayerPair],
    opponents: Counter,
) -> None:
    for i, side in enumerate(sides):
        for x, a in enumerate(side):
            for b in side[x + 1 :]:
                partners.add(pair(a, b))
            for other in sides[i + 1 :]:
                for b in other:
                    opponents[pair(a, b)] += 1
