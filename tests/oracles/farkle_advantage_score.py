"""Brute-force scoring with a Badge of Advantage's extra combinations: every split of the held dice into extra
combinations and a rest scored by the brute-force table (`farkle_bruteforce`). Shares no code with holdwise.

Faces are 1..6; 7 is a joker (it takes any face; a selection needs one die that is not a joker).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import product

from tests.oracles.farkle_bruteforce import _score_natural


def oracle_score_with(faces, combos) -> int:
    """Best score of a selection (faces 1..6, 7 = joker) when the combinations combos ((faces, points), ...)
    also score, each as often as it fits; -1 if illegal."""
    faces = list(faces)
    naturals = [f for f in faces if f != 7]
    if not naturals:
        return -1
    best = -1
    for filled in product(range(1, 7), repeat=faces.count(7)):
        best = max(best, _split(tuple(sorted(naturals + list(filled))), tuple(combos)))
    return best


@cache
def _split(faces, combos):
    best = _score_natural(faces) if faces else -1
    have = Counter(faces)
    for combo, points in combos:
        need = Counter(combo)
        if any(have[f] < k for f, k in need.items()):
            continue
        rest = list(faces)
        for f in combo:
            rest.remove(f)
        tail = _split(tuple(rest), combos) if rest else 0
        if tail >= 0:
            best = max(best, points + tail)
    return best
