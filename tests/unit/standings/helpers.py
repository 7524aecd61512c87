"""Hand-built games for the standings tests: sides as (players, points) pairs."""

from __future__ import annotations

from scoring.standings import Entry, Game, Side


def side(players, points, *, won=None, loners=None, euchres=None):
    loners = loners or {}
    euchres = euchres or {}
    return Side(tuple(Entry(p, loners.get(p, 0), euchres.get(p, 0)) for p in players), points, won)


def game(round_number, *sides, table=1):
    return Game(round_number, table, tuple(sides))


def heads_up(round_number, a, a_points, b, b_points, table=1):
    return game(round_number, side([a], a_points), side([b], b_points), table=table)
