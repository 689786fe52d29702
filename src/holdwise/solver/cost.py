"""What a solve costs, estimated from its inputs before it starts; exact solves beyond a budget are refused.

The work of one policy's solve is its links: every keep of the lattice times every face, once per re-roll
level (`links`). Floats stay within the lattice's own limit (`lattice.MAX_KEEPS`: at most 5.5 million
keeps; the 10-dice, 16-face depth report measured 99 s of CPU and 5.8 GB). Exact arithmetic runs on Python
Fractions, measured at about 20 microseconds a link, so it has its own budget, EXACT_MAX_WORK links: about
a minute of work.
"""

from __future__ import annotations

from ..errors import InputError
from .dice import MAX_DICE, MAX_SIDES, MIN_DICE, MIN_SIDES
from .lattice import keep_count

__all__ = [
    "EXACT_MAX_WORK", "EXACT_SECONDS_PER_LINK", "check_exact", "duration_text", "exact_seconds", "largest_exact",
    "links",
]

# Measured with /usr/bin/time (CPU time of the depth report of table B, 4 solves, 2 re-rolls): 6 dice x 10
# faces 640,640 links in 13.2 s, 6 x 13 2,821,728 links in 55.5 s (571 MB): 20 microseconds a link.
EXACT_SECONDS_PER_LINK = 2e-5
# About a minute: the 6-dice, 13-face exact report (55.5 s) is accepted, 6 x 14 (4.3 million links) is not.
EXACT_MAX_WORK = 3_000_000


def links(count: int, sides: int, rerolls: int, solves: int = 1) -> int:
    """The work of `solves` solves: keeps x faces x re-roll levels (at least one level) x solves."""
    return keep_count(count, sides) * sides * max(rerolls, 1) * solves


def exact_seconds(count: int, sides: int, rerolls: int, solves: int = 1) -> float:
    """The estimated time of `solves` exact solves, in seconds."""
    return links(count, sides, rerolls, solves) * EXACT_SECONDS_PER_LINK


def largest_exact(count: int, rerolls: int, solves: int = 1) -> tuple[int, int] | None:
    """The largest (dice, faces) accepted for exact arithmetic: `count` dice with the most faces, else fewer
    dice; None if not even the smallest game fits."""
    for dice in range(min(count, MAX_DICE), MIN_DICE - 1, -1):
        fits = [s for s in range(MIN_SIDES, MAX_SIDES + 1) if links(dice, s, rerolls, solves) <= EXACT_MAX_WORK]
        if fits:
            return dice, max(fits)
    return None


def duration_text(seconds: float) -> str:
    """A duration for a message: 40 s, 12 min, 11 h."""
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.0f} h"


def check_exact(count: int, sides: int, rerolls: int, solves: int = 1, what: str = "exact arithmetic") -> None:
    """Refuse an exact solve whose estimated work is above EXACT_MAX_WORK, in one line with the largest size."""
    work = links(count, sides, rerolls, solves)
    if work <= EXACT_MAX_WORK:
        return
    largest = largest_exact(count, rerolls, solves)
    fits = ("" if largest is None else
            f"; the largest accepted with {rerolls} re-roll{'s' if rerolls != 1 else ''}: {largest[0]} dice with "
            f"{largest[1]} faces")
    raise InputError(
        f"{what} on {count} dice with {sides} faces would take about "
        f"{duration_text(work * EXACT_SECONDS_PER_LINK)} ({work:,} links; the limit is {EXACT_MAX_WORK:,}, about a "
        f"minute){fits}; use fewer dice or faces, or floats"
    )
