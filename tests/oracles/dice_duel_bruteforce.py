"""Brute force of the dice-poker duel with bets, in exact fractions, sharing no code with holdwise.

Dice are lists of values; a keep is a set of dice positions (a bit mask); every ordered outcome of the re-rolled
dice is enumerated; the betting round is walked word by word. Only memoization on the sorted hands keeps it
fast enough for small games (few dice or faces). The ranking is written again here from the study's words.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product


def _rank(hand: tuple[int, ...], ties: str) -> tuple:
    """How good a hand is: a bigger tuple wins. Group sizes, largest first; a straight (five or more dice, all
    different and in a run) just under a full house; with ties "faces", then the grouped faces."""
    groups = sorted(((hand.count(v), v) for v in set(hand)), key=lambda g: (-g[0], -g[1]))
    sizes = [g[0] for g in groups]
    run = len(hand) >= 5 and len(set(hand)) == len(hand) and max(hand) - min(hand) == len(hand) - 1
    if run:
        level = [3, 1, 1.5]  # between [3, 2] (full house) and [3, 1, 1] (three of a kind)
    else:
        level = sizes
    if ties == "study":
        return (level,)
    return (level, [g[1] for g in groups])


@cache
def _reroll_game(dice: int, faces: int, rerolls: int, ties: str):  # noqa: ANN202 (the memoized W)
    """W(stage, a, b): the expected sign of the showdown for the first seat (hand a) against the second (b) from
    re-roll stage `stage` on, the first seat maximizing, the second minimizing."""
    rolls = {m: list(product(range(1, faces + 1), repeat=m)) for m in range(dice + 1)}
    movers = [0, 1] * rerolls

    @cache
    def showdown(a: tuple[int, ...], b: tuple[int, ...]) -> int:
        ra, rb = _rank(a, ties), _rank(b, ties)
        return (ra > rb) - (ra < rb)

    @cache
    def w(stage: int, a: tuple[int, ...], b: tuple[int, ...]) -> Fraction:
        if stage == len(movers):
            return Fraction(showdown(a, b))
        mover = movers[stage]
        mine = a if mover == 0 else b
        seen = {}
        for mask in range(1 << dice):
            kept = [mine[i] for i in range(dice) if mask >> i & 1]
            if tuple(sorted(kept)) in seen:
                continue
            total = Fraction(0)
            for roll in rolls[dice - len(kept)]:
                new = tuple(sorted(kept + list(roll)))
                total += w(stage + 1, new, b) if mover == 0 else w(stage + 1, a, new)
            seen[tuple(sorted(kept))] = total / faces ** (dice - len(kept))
        return max(seen.values()) if mover == 0 else min(seen.values())

    return w


def reroll_value(dice: int, faces: int, rerolls: int, a: tuple[int, ...], b: tuple[int, ...],
                 ties: str = "study", stage: int = 0) -> Fraction:
    """W at one position: the first seat's expected showdown sign from re-roll `stage` on."""
    return _reroll_game(dice, faces, rerolls, ties)(stage, tuple(sorted(a)), tuple(sorted(b)))


def duel_value(dice: int, faces: int, rerolls: int, ante: int, bet: int, raises: int,
               ties: str = "study") -> Fraction:
    """The first seat's value: the average over both players' first rolls of the betting game's minimax."""
    rolls = list(product(range(1, faces + 1), repeat=dice))
    w = _reroll_game(dice, faces, rerolls, ties)

    def betting(value: Fraction, to_act: int, put: tuple[int, int], raised: int) -> Fraction:
        """Minimax of the betting from here: the first seat's net bets; `value` is W of the pair."""
        results = []
        if put[0] == put[1]:
            # check: the first seat's check passes to the second; the second's check shows down
            results.append(betting(value, 1, put, raised) if to_act == 0 else put[0] * value)
            up = list(put)
            up[to_act] += bet
            results.append(betting(value, 1 - to_act, (up[0], up[1]), raised))
        else:
            results.append(Fraction(-put[0]) if to_act == 0 else Fraction(put[1]))  # fold
            results.append(max(put) * value)  # call
            if raised < raises:
                up = list(put)
                up[to_act] = max(put) + bet
                results.append(betting(value, 1 - to_act, (up[0], up[1]), raised + 1))
        return max(results) if to_act == 0 else min(results)

    @cache
    def pair(a: tuple[int, ...], b: tuple[int, ...]) -> Fraction:
        return betting(w(0, a, b), 0, (ante, ante), 0)

    # the ordered first rolls, counted by the hand they make (each pair of hands is then solved once)
    ways: dict[tuple[int, ...], int] = {}
    for roll in rolls:
        ways[tuple(sorted(roll))] = ways.get(tuple(sorted(roll)), 0) + 1
    total = Fraction(0)
    for a, na in ways.items():
        for b, nb in ways.items():
            total += na * nb * pair(a, b)
    return total / faces ** (2 * dice)


def _rule_keep(hand: tuple[int, ...]) -> tuple[int, ...]:
    """The simple rule's keep: every die of the most frequent face, a tie going to the higher face."""
    top = max(hand, key=lambda v: (hand.count(v), v))
    return tuple(v for v in hand if v == top)


def exploited_value(dice: int, faces: int, rerolls: int, ante: int, bet: int, raises: int, fixed_seat: int,
                    policy: str, ties: str = "study") -> Fraction:
    """The first seat's value when seat `fixed_seat` plays `policy` ("rule" or "chance") and the other seat
    best-responds. The rule keeps the most frequent face and bets or raises when its hand ranks above the
    other's (else checks or calls); chance keeps every die and checks or calls; neither folds."""
    rolls = {m: list(product(range(1, faces + 1), repeat=m)) for m in range(dice + 1)}
    movers = [0, 1] * rerolls

    def sign(a: tuple[int, ...], b: tuple[int, ...]) -> int:
        ra, rb = _rank(a, ties), _rank(b, ties)
        return (ra > rb) - (ra < rb)

    @cache
    def w(stage: int, a: tuple[int, ...], b: tuple[int, ...]) -> Fraction:
        if stage == len(movers):
            return Fraction(sign(a, b))
        mover = movers[stage]
        mine = a if mover == 0 else b
        if mover == fixed_seat:
            keeps = [_rule_keep(mine) if policy == "rule" else mine]
        else:
            keeps = sorted({tuple(sorted(mine[i] for i in range(dice) if mask >> i & 1)) for mask in range(1 << dice)})
        values = []
        for kept in keeps:
            total = Fraction(0)
            for roll in rolls[dice - len(kept)]:
                new = tuple(sorted(kept + roll))
                total += w(stage + 1, new, b) if mover == 0 else w(stage + 1, a, new)
            values.append(total / faces ** (dice - len(kept)))
        return max(values) if mover == 0 else min(values)

    def betting(value: Fraction, ahead: int, to_act: int, put: tuple[int, int], raised: int) -> Fraction:
        moves: list[tuple[str, Fraction]] = []
        if put[0] == put[1]:
            moves.append(("passive", betting(value, ahead, 1, put, raised) if to_act == 0 else put[0] * value))
            up = list(put)
            up[to_act] += bet
            moves.append(("aggressive", betting(value, ahead, 1 - to_act, (up[0], up[1]), raised)))
        else:
            moves.append(("fold", Fraction(-put[0]) if to_act == 0 else Fraction(put[1])))
            moves.append(("passive", max(put) * value))
            if raised < raises:
                up = list(put)
                up[to_act] = max(put) + bet
                moves.append(("aggressive", betting(value, ahead, 1 - to_act, (up[0], up[1]), raised + 1)))
        if to_act == fixed_seat:
            mine_ahead = ahead if to_act == 0 else -ahead
            want = "aggressive" if policy == "rule" and mine_ahead > 0 else "passive"
            found = dict(moves)
            return found.get(want, found["passive"])
        values = [v for _, v in moves]
        return max(values) if to_act == 0 else min(values)

    ways: dict[tuple[int, ...], int] = {}
    for roll in rolls[dice]:
        ways[tuple(sorted(roll))] = ways.get(tuple(sorted(roll)), 0) + 1
    total = Fraction(0)
    for a, na in ways.items():
        for b, nb in ways.items():
            total += na * nb * betting(w(0, a, b), sign(a, b), 0, (ante, ante), 0)
    return total / faces ** (2 * dice)
