"""Finite groups and fields on the integers 0..q-1, the ground the designs are developed
over: Z_q, GF(q) for a prime power q, and products of two of them."""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Field:
    """GF(q) on the integers 0..q-1: base-p digits are polynomial coefficients."""

    p: int
    k: int
    exp: tuple[int, ...]  # exp[i] is the primitive element to the power i
    log: tuple[int, ...]  # log[exp[i]] == i; log[0] is unused

    @property
    def q(self) -> int:
        return int(self.p**self.k)  # int ** int is typed Any (a negative power is a float)

    def add(self, a: int, b: int) -> int:
        if self.k == 1:
            return (a + b) % self.p
        return _digitwise(a, b, self.p, 1)

    def sub(self, a: int, b: int) -> int:
        if self.k == 1:
            return (a - b) % self.p
        return _digitwise(a, b, self.p, -1)

    def mul(self, a: int, b: int) -> int:
        if a == 0 or b == 0:
            return 0
        return self.exp[(self.log[a] + self.log[b]) % (self.q - 1)]


def _digitwise(a: int, b: int, p: int, sign: int) -> int:
    total, place = 0, 1
    while a or b:
        total += ((a % p + sign * (b % p)) % p) * place
        a, b, place = a // p, b // p, place * p
    return total


def prime_power(q: int) -> tuple[int, int] | None:
    """(p, k) with p**k == q and p prime, else None."""
    for p in range(2, q + 1):
        if q % p == 0:
            k = 0
            while q % p == 0:
                q //= p
                k += 1
            return (p, k) if q == 1 else None
    return None


def field(q: int) -> Field | None:
    """GF(q) when q is a prime power, found by trying monic polynomials for a primitive one."""
    pk = prime_power(q)
    if pk is None:
        return None
    p, k = pk
    if k == 1:
        root = primitive_root(p) if p > 2 else 1
        exp = [pow(root, i, p) for i in range(p - 1)]
    else:
        exp = next(e for e in (_powers_of_x(p, k, low) for low in range(p**k)) if e)
    log = [0] * q
    for i, value in enumerate(exp):
        log[value] = i
    return Field(p, k, tuple(exp), tuple(log))


def _powers_of_x(p: int, k: int, low: int) -> list[int] | None:
    """Powers of x modulo x^k + low (low as base-p digits), if x turns out primitive."""
    q = p**k
    minus_low = [(-(low // p**i)) % p for i in range(k)]
    powers, value, seen = [], 1, set()
    for _ in range(q - 1):
        if value in seen:
            return None
        seen.add(value)
        powers.append(value)
        digits = [(value // p**i) % p for i in range(k)]
        top = digits[-1]
        shifted = [0] + digits[:-1]
        value = sum(((shifted[i] + top * minus_low[i]) % p) * p**i for i in range(k))
    return powers if value == 1 else None


class Cyclic:
    """Z_q with the same add/sub interface as Field."""

    def __init__(self, q: int) -> None:
        self.q = q

    def add(self, a: int, b: int) -> int:
        return (a + b) % self.q

    def sub(self, a: int, b: int) -> int:
        return (a - b) % self.q

    def mul(self, a: int, b: int) -> int:
        return a * b % self.q


class Product:
    """A x GF(b) on the integers 0..ab-1: x = u + a*v with u in A, v in GF(b).

    A is GF(a) for the products of two fields (n = 1 mod 4) or Z_a for the
    inflated 4m-player designs of `whist_inflate`.
    """

    def __init__(self, first: Field | Cyclic, second: Field) -> None:
        self.first, self.second = first, second
        self.q = first.q * second.q

    def split(self, x: int) -> tuple[int, int]:
        return x % self.first.q, x // self.first.q

    def join(self, u: int, v: int) -> int:
        return u + self.first.q * v

    def add(self, x: int, y: int) -> int:
        (u, v), (s, t) = self.split(x), self.split(y)
        return self.join(self.first.add(u, s), self.second.add(v, t))

    def sub(self, x: int, y: int) -> int:
        (u, v), (s, t) = self.split(x), self.split(y)
        return self.join(self.first.sub(u, s), self.second.sub(v, t))

    def mul(self, x: int, y: int) -> int:
        (u, v), (s, t) = self.split(x), self.split(y)
        return self.join(self.first.mul(u, s), self.second.mul(v, t))


Group = Field | Cyclic | Product


def is_prime(p: int) -> bool:
    return p >= 2 and all(p % k for k in range(2, math.isqrt(p) + 1))


def primitive_root(p: int) -> int:
    factors = [f for f in range(2, p) if (p - 1) % f == 0 and is_prime(f)]
    return next(x for x in range(2, p) if all(pow(x, (p - 1) // f, p) != 1 for f in factors))
