"""Assigning k tables to k table numbers for the most players who stay put."""

from __future__ import annotations


def greedy_assignment(gain: list[list[int]]) -> list[int]:
    """Row i -> column assignment[i], taking the largest remaining gains first."""
    k = len(gain)
    assignment = [-1] * k
    taken = [False] * k
    cells = sorted(
        ((g, i, j) for i, row in enumerate(gain) for j, g in enumerate(row) if g),
        key=lambda c: (-c[0], c[1], c[2]),
    )
    for _, i, j in cells:
        if assignment[i] < 0 and not taken[j]:
            assignment[i] = j
            taken[j] = True
    free = iter(j for j in range(k) if not taken[j])
    return [j if j >= 0 else next(free) for j in assignment]


def max_assignment(gain: list[list[int]]) -> list[int]:
    """Row i -> column assignment[i] with the largest total gain (square matrix),
    by the Hungarian method on costs -gain in O(k^3)."""
    k = len(gain)
    if k == 0:
        return []
    inf = float("inf")
    u = [0.0] * (k + 1)
    v = [0.0] * (k + 1)
    match = [0] * (k + 1)  # column -> row, 1-based; 0 = free
    way = [0] * (k + 1)
    for row in range(1, k + 1):
        match[0] = row
        col0 = 0
        minv = [inf] * (k + 1)
        used = [False] * (k + 1)
        while True:
            used[col0] = True
            r0 = match[col0]
            delta, col1 = inf, 0
            for col in range(1, k + 1):
                if not used[col]:
                    cur = -gain[r0 - 1][col - 1] - u[r0] - v[col]
                    if cur < minv[col]:
                        minv[col] = cur
                        way[col] = col0
                    if minv[col] < delta:
                        delta, col1 = minv[col], col
            for col in range(k + 1):
                if used[col]:
                    u[match[col]] += delta
                    v[col] -= delta
                else:
                    minv[col] -= delta
            col0 = col1
            if match[col0] == 0:
                break
        while col0:
            col1 = way[col0]
            match[col0] = match[col1]
            col0 = col1
    assignment = [0] * k
    for col in range(1, k + 1):
        assignment[match[col] - 1] = col - 1
    return assignment
