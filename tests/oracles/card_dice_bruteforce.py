"""Brute force for card dice, sharing no code with holdwise: a card-poker evaluator of natural hands written
from the rules, a star tried as every one of the 52 cards, one-roll odds over every face tuple, and plain
value iteration of keep/re-roll games over every keep of every state.

Cards are (rank 2..14, suit 'c' 'd' 'h' 's'); a star is None.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations_with_replacement, product

import numpy as np

CATEGORIES = ("bust", "pair", "two_pairs", "three_of_a_kind", "straight", "flush", "full_house",
              "four_of_a_kind", "straight_flush", "five_of_a_kind")  # worst first
DECK = tuple((r, s) for r in range(2, 15) for s in "cdhs")
RANKS = {"A": 14, "K": 13, "Q": 12, "J": 11, "T": 10}


def card(text):
    """'As', '10h', 'Th' or '*' (a star: None)."""
    if text == "*":
        return None
    r = text[:-1].upper()
    return (RANKS[r] if r in RANKS else int(r), text[-1].lower())


def natural_key(cards):
    """A comparable key of five cards (repeats allowed): (category number, deciding ranks)."""
    ranks = sorted((r for r, _ in cards), reverse=True)
    flush = len({s for _, s in cards}) == 1
    groups = sorted(((n, r) for r, n in Counter(ranks).items()), reverse=True)
    shape = [n for n, _ in groups]
    order = [r for _, r in groups]
    straight_top = None
    if len(set(ranks)) == 5:
        if ranks[0] - ranks[4] == 4:
            straight_top = ranks[0]
        elif ranks == [14, 5, 4, 3, 2]:
            straight_top = 5
    if shape == [5]:
        return (9, order)
    if straight_top and flush:
        return (8, [straight_top])
    if shape == [4, 1]:
        return (7, order)
    if shape == [3, 2]:
        return (6, order)
    if flush:
        return (5, ranks)
    if straight_top:
        return (4, [straight_top])
    if shape == [3, 1, 1]:
        return (3, order)
    if shape == [2, 2, 1]:
        return (2, order)
    if shape == [2, 1, 1, 1]:
        return (1, order)
    return (0, ranks)


def best_key(faces):
    """The best natural_key over every card for every star (52 ** stars hands, as multisets of cards)."""
    naturals = [f for f in faces if f is not None]
    stars = len(faces) - len(naturals)
    return max(natural_key(naturals + list(extra)) for extra in combinations_with_replacement(DECK, stars))


def category(faces):
    return CATEGORIES[best_key(faces)[0]]


def odds(dice):
    """Counts of each category over every tuple of one face per die (dice: lists of cards or None)."""
    cache = {}
    counts = Counter()
    for roll in product(*dice):
        key = tuple(sorted(roll, key=lambda f: (0, 0, "") if f is None else (1, *f)))
        if key not in cache:
            cache[key] = category(list(key))
        counts[cache[key]] += 1
    return counts


def preference(kept):
    """More dice kept first, then keeping the earlier dice (die 0 first)."""
    return (len(kept), sum(1 << (4 - d) for d in kept))


def best_choice(values, tol=1e-12):
    """(value, kept) of the keep chosen among {kept: value}: within tol of the best, the most preferred."""
    top = max(values.values())
    kept = max((k for k, v in values.items() if v >= top - tol), key=preference)
    return top, kept


def solve_game(sizes, klass, pay_at, rolls, follow_at=()):
    """Optimal value of a game of `rolls` rolls on dice with `sizes` faces (states: tuples of face indices),
    standing on state s after u rolls paying pay_at(u, klass[s]); with follow_at, also each
    follow_at[a](u, class) followed along the chosen keeps. Returns (value, [followed...])."""
    states = list(product(*(range(n) for n in sizes)))
    n_aux = len(follow_at)
    value = {s: (pay_at(rolls, klass[s]), [f(rolls, klass[s]) for f in follow_at]) for s in states}
    for u in range(rolls - 1, 0, -1):
        new = {}
        for s in states:
            options = {}
            for mask in range(32):
                kept = tuple(d for d in range(5) if mask >> d & 1)
                if len(kept) == 5:
                    options[kept] = (pay_at(u, klass[s]), [f(u, klass[s]) for f in follow_at])
                    continue
                free = [d for d in range(5) if d not in kept]
                total, aux = 0.0, [0.0] * n_aux
                outcomes = list(product(*(range(sizes[d]) for d in free)))
                for out in outcomes:
                    t = list(s)
                    for d, f in zip(free, out):
                        t[d] = f
                    v, a = value[tuple(t)]
                    total += v
                    aux = [x + y for x, y in zip(aux, a)]
                options[kept] = (total / len(outcomes), [x / len(outcomes) for x in aux])
            top, kept = best_choice({k: v for k, (v, _) in options.items()})
            new[s] = (top, options[kept][1])
        value = new
    n = len(states)
    return sum(value[s][0] for s in states) / n, [sum(value[s][1][a] for s in states) / n for a in range(n_aux)]


# --- one-roll odds of a whole set: every tuple of faces, stars tried as every card (NumPy over the cards) -----

def _category_codes(ranks, suits):
    """Category number (as CATEGORIES) of each row of natural five-card hands (ranks 2..14, suits 0..3),
    repeats allowed: counted from the rules, one row at a time in NumPy."""
    rows = np.arange(len(ranks), dtype=np.int64)[:, None] * 15
    counts = np.bincount((rows + ranks).ravel(), minlength=15 * len(ranks)).reshape(len(ranks), 15)
    shape = -np.sort(-counts, axis=1)[:, :2]  # the two largest groups
    distinct = (counts > 0).sum(axis=1)
    flush = (suits == suits[:, :1]).all(axis=1)
    present = counts > 0
    windows = [list(range(lo, lo + 5)) for lo in range(2, 11)] + [[14, 2, 3, 4, 5]]
    straight = np.zeros(len(ranks), dtype=bool)
    for w in windows:
        straight |= present[:, w].all(axis=1)
    straight &= distinct == 5
    out = np.zeros(len(ranks), dtype=np.int8)  # bust
    out[shape[:, 0] == 2] = 1
    out[(shape[:, 0] == 2) & (shape[:, 1] == 2)] = 2
    out[shape[:, 0] == 3] = 3
    out[straight & (out < 4)] = 4
    out[flush & (out < 5)] = 5
    out[(shape[:, 0] == 3) & (shape[:, 1] == 2)] = 6
    out[shape[:, 0] == 4] = 7
    out[straight & flush] = 8
    out[shape[:, 0] == 5] = 9
    return out


@cache
def _star_cards(stars):
    """Every multiset of `stars` cards of the deck, as (ranks, suits) arrays (rows x stars)."""
    combos = np.array(list(combinations_with_replacement(range(52), stars)), dtype=np.int16)
    combos = combos.reshape(len(combos), stars)
    return combos // 4 + 2, combos % 4


def best_category(naturals, stars):
    """The best category of natural cards (rank, suit index) with `stars` stars tried as every card."""
    return CATEGORIES[int(_best_codes([naturals], stars)[0])]


def _best_codes(hands, stars, rows=1 << 20):
    """The best category number of each of `hands` (lists of 5 - stars natural cards), every star tried as
    every card: the hands in batches of about `rows` five-card rows (a hand's rows: one per choice of cards)."""
    ranks, suits = _star_cards(stars)
    m = len(ranks)
    nat = np.array(hands, dtype=np.int16).reshape(len(hands), 5 - stars, 2)
    out = np.zeros(len(hands), dtype=np.int8)
    step = max(1, rows // m)
    for lo in range(0, len(hands), step):
        part = nat[lo:lo + step]
        n = len(part)
        all_r = np.concatenate([np.repeat(part[:, :, 0], m, axis=0), np.tile(ranks, (n, 1))], axis=1)
        all_s = np.concatenate([np.repeat(part[:, :, 1], m, axis=0), np.tile(suits, (n, 1))], axis=1)
        out[lo:lo + n] = _category_codes(all_r, all_s).reshape(n, m).max(axis=1)
    return out


def set_odds(dice):
    """Counts of each category over every tuple of one face per die; dice: lists of text faces ("As", "*").
    Hands are grouped by their natural cards with suits renamed in order of first appearance (categories do
    not depend on the suits' names), each group evaluated once, the groups with as many stars in batches."""
    suit_index = {"c": 0, "d": 1, "h": 2, "s": 3}
    parsed = [[None if f == "*" else (card(f)[0], suit_index[card(f)[1]]) for f in die] for die in dice]
    groups = Counter()
    for roll in product(*parsed):
        naturals = sorted(f for f in roll if f is not None)
        names = {}
        canon = tuple(sorted((r, names.setdefault(s, len(names))) for r, s in naturals))
        groups[canon, 5 - len(naturals)] += 1
    counts = Counter()
    for stars in range(6):  # the hands with as many stars evaluated together
        keys = [(naturals, n) for (naturals, k), n in groups.items() if k == stars]
        if keys:
            for code, (_, n) in zip(_best_codes([list(h) for h, _ in keys], stars), keys):
                counts[CATEGORIES[code]] += n
    return counts
