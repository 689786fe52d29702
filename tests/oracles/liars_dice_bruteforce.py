"""Liar's Dice for two, best responses in exact fractions, sharing no code with holdwise.

Dice are ordered rolls (every roll of each player enumerated, each equally likely); a history is a tuple of bids
numbered in the order (count-major: bid n is count n // faces + 1 on face n % faces + 1) and the call is None.
A best response is found information set by information set: for each of the responder's rolls (as a sorted
hand) and each history, the counterfactual value of each action summed over every roll of the other player,
from the longest histories down.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product


def _holds(bid: int, faces: int, wild: bool, dice: tuple[int, ...], wild_face: int = 1) -> bool:
    count, face = bid // faces + 1, bid % faces + 1
    if wild and face != wild_face:
        return sum(d in (face, wild_face) for d in dice) >= count
    return dice.count(face) >= count


def best_response(dice: tuple[int, int], faces: int, wild: bool, strategy, responder: int,
                  wild_face: int = 1) -> Fraction:
    """The first player's value when `responder` best-responds to `strategy(hand, history)` of the other player,
    a dict of action (bid number or None) -> chance, for the other's sorted hand and the bids so far; with `wild`,
    `wild_face` counts for every other face (1: Perudo's ones; OpenSpiel's game has its highest face wild)."""
    bids = sum(dice) * faces
    rolls = [list(product(range(1, faces + 1), repeat=n)) for n in dice]
    chance = [Fraction(1, len(r)) for r in rolls]

    def legal(history: tuple[int, ...]) -> list:
        start = history[-1] + 1 if history else 0
        return list(range(start, bids)) + ([None] if history else [])

    # every history where someone acts, the longest first (a child is always longer than its parent)
    histories: list[tuple[int, ...]] = []

    def grow(history: tuple[int, ...]) -> None:
        histories.append(history)
        for action in legal(history):
            if action is not None:
                grow((*history, action))

    grow(())
    histories.sort(key=len, reverse=True)
    mine = rolls[responder]
    theirs = rolls[1 - responder]
    # value[(hand, history)][their roll]: the responder's payoff from this history on (best play for the
    # responder, the other's strategy), per roll of the other player, before the other's reach
    value: dict[tuple[tuple[int, ...], tuple[int, ...]], list[Fraction]] = {}
    for history in histories:
        mover = len(history) % 2
        for my_roll in mine:
            hand = tuple(sorted(my_roll))
            if (hand, history) in value:
                continue
            per_action = {}
            for action in legal(history):
                row = []
                for their_roll in theirs:
                    if action is None:
                        first, second = (my_roll, their_roll) if responder == 0 else (their_roll, my_roll)
                        bidder = 1 - mover
                        holds = _holds(history[-1], faces, wild, first + second, wild_face)
                        row.append(Fraction(1 if holds == (bidder == responder) else -1))
                    else:
                        row.append(value[(hand, (*history, action))][theirs.index(their_roll)])
                per_action[action] = row
            if mover == responder:
                # the responder picks one action for the hand, the best summed over the other's rolls reaching
                # here; the reach of the other is the product of its chances along the history
                def reach(their_roll: tuple[int, ...], history: tuple[int, ...] = history) -> Fraction:
                    out = Fraction(1)
                    for i, bid in enumerate(history):
                        if i % 2 != responder:
                            out *= Fraction(strategy(tuple(sorted(their_roll)), history[:i])[bid])
                    return out

                weights = [reach(r) for r in theirs]
                best = max(per_action, key=lambda a: sum((w * v for w, v in zip(weights, per_action[a],
                                                                                   strict=True)), Fraction(0)))
                value[(hand, history)] = per_action[best]
            else:
                value[(hand, history)] = [
                    sum((Fraction(strategy(tuple(sorted(r)), history)[a]) * per_action[a][k]
                         for a in per_action), Fraction(0))
                    for k, r in enumerate(theirs)]
    total = Fraction(0)
    for my_roll in mine:
        row = value[(tuple(sorted(my_roll)), ())]
        total += chance[responder] * chance[1 - responder] * sum(row, Fraction(0))
    return total if responder == 0 else -total
