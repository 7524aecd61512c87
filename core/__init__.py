"""What every app shares: the one refusal (DomainError) and its catalog, the lock
order, who may do what, and the ranges of settings and names.

This package imports no Django at its top level, so a pure core may import
core.plural without pulling Django in.
"""
