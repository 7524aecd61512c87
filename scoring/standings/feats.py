"""Loners and euchres read off recorded hands (the engine's JSON shape per hand).

The hands were checked by the rules engine when they were entered, so this only
counts; it never re-validates.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping


def makers(maker: int, players: int) -> frozenset[int]:
    # Four and six at a table play in partnerships of alternate seats; two- and
    # three-handed makers play for themselves.
    if players in (4, 6):
        return frozenset(seat for seat in range(players) if seat % 2 == maker % 2)
    return frozenset({maker}) if 0 <= maker < players else frozenset()


def add_hand_feats(hand: Mapping, loners: list[int], euchres: list[int]) -> None:
    """Adds one hand's loner or euchre to the per-seat counts (a passed hand adds nothing)."""
    if hand.get("passed"):
        return
    players = len(loners)
    tricks = hand["tricks"]
    if 3 <= tricks < 5:
        return
    making = makers(hand["maker"], players)
    if tricks == 5:
        for seat in hand.get("alone") or ():
            # `making` only holds seats of the table, so a stray seat number counts nothing.
            if seat in making:
                loners[seat] += 1
    else:
        for seat in range(players):
            if seat not in making:
                euchres[seat] += 1


def hand_feats(hands: Iterable[Mapping], players: int) -> tuple[list[int], list[int]]:
    """Loners made (lone marches) and euchres made, per seat, over one table's hands.

    A loner counts for a player who announced going alone on the makers' side and
    took all five tricks. A euchre counts for every defender when the makers took
    fewer than three tricks, whoever went alone.
    """
    loners = [0] * players
    euchres = [0] * players
    for hand in hands:
        add_hand_feats(hand, loners, euchres)
    return loners, euchres
