"""What the rounds already played say about who has met whom and who sat out."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from .schedule import Round

PlayerPair = tuple[str, str]


def pair(a: str, b: str) -> PlayerPair:
    """The canonical (sorted) key for two players."""
    return (a, b) if a <= b else (b, a)


def _frozen(counter: Counter) -> Mapping:
    return MappingProxyType(dict(sorted(counter.items())))


@dataclass(frozen=True)
class History:
    """Meetings and byes of the rounds already played; pairs are sorted name tuples.

    `partners` holds every pair that has partnered at least once; the three
    mappings count opponent meetings, same-table meetings and byes. `last_byes`
    are the players who sat out the most recent played round.
    """

    rounds_played: int = 0
    partners: frozenset[PlayerPair] = frozenset()
    opponents: Mapping[PlayerPair, int] = field(default_factory=lambda: MappingProxyType({}))
    tables: Mapping[PlayerPair, int] = field(default_factory=lambda: MappingProxyType({}))
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
        tables: Counter = Counter()
        byes: Counter = Counter()
        for rnd in played:
            byes.update(rnd.byes)
            for table in rnd.tables:
                _count_table(table.sides, partners, opponents, tables)
        return cls(
            rounds_played=len(played),
            partners=frozenset(partners),
            opponents=_frozen(opponents),
            tables=_frozen(tables),
            byes=_frozen(byes),
            last_byes=frozenset(played[-1].byes) if played else frozenset(),
        )

    def partnered(self, a: str, b: str) -> bool:
        return pair(a, b) in self.partners

    def opponent_count(self, a: str, b: str) -> int:
        return self.opponents.get(pair(a, b), 0)

    def table_count(self, a: str, b: str) -> int:
        return self.tables.get(pair(a, b), 0)

    def bye_count(self, player: str) -> int:
        return self.byes.get(player, 0)


def _count_table(
    sides: tuple[tuple[str, ...], ...],
    partners: set[PlayerPair],
    opponents: Counter,
    tables: Counter,
) -> None:
    for i, side in enumerate(sides):
        for x, a in enumerate(side):
            for b in side[x + 1 :]:
                partners.add(pair(a, b))
                tables[pair(a, b)] += 1
            for other in sides[i + 1 :]:
                for b in other:
                    opponents[pair(a, b)] += 1
                    tables[pair(a, b)] += 1
