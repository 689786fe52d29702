"""The duel solved exactly by backward induction: every re-roll position's value, then every betting position's.

The game is zero-sum with chance and perfect information (both hands open), so a value is a minimax: the first
seat maximizes its expected net bets, the second minimizes them. After the betting the pot is fixed, each has
put `c` in it, and the first seat nets `c * W`, where W is the expected sign of the showdown (+1 win, 0 tie,
-1 loss) under the re-rolls' best play: W does not depend on the stakes, so it is solved once for every pair
of hands. Every number is an exact integer over a known denominator: a chance is a count of ordered outcomes
over faces ** dice, so after s re-rolls W is an integer over (faces ** dice) ** s, computed in 64-bit
integers (the rules' bounds keep them in range).

A policy is a way to play one seat: `OPTIMAL` (the minimax play), `RULE` (re-roll: keep the most frequent
face, a tie to the higher face; bet or raise when the hand ranks above the other's, else check or call, never
fold) or `CHANCE` (a player who does not decide: keeps every die, which leaves the final hand distributed as
any random keep would; checks or calls, never folds).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from ...solver import lattice
from .rules import Rules, strength_key

__all__ = [
    "CHANCE", "OPTIMAL", "POLICIES", "RULE", "Betting", "Node", "Tables", "bet_actions", "betting_tree",
    "duel_value", "reroll_solve", "stage_movers", "tables",
]

OPTIMAL, RULE, CHANCE = "optimal", "rule", "chance"
POLICIES = (OPTIMAL, RULE, CHANCE)
IntMatrix = npt.NDArray[np.int64]


@dataclass(frozen=True, eq=False)
class Tables:
    """The dice's lattice read for the duel: every hand, every keep, and what a keep becomes after its roll."""

    hands: list[tuple[int, ...]]  # sorted faces of every hand, in lattice order
    index: dict[tuple[int, ...], int]  # a hand's number
    keep_faces: list[tuple[int, ...]]  # sorted faces of every keep (lattice index)
    keep_index: dict[tuple[int, ...], int]
    reach: IntMatrix  # (keeps, hands): ordered outcomes from the keep to the hand, over faces ** dice
    first: IntMatrix  # (hands,): ordered first rolls giving each hand, over faces ** dice
    pair_hand: IntMatrix  # every (hand, sub-keep) pair, hand by hand: the hand ...
    pair_keep: IntMatrix  # ... and the keep
    starts: IntMatrix  # where each hand's pairs start
    sign: IntMatrix  # (hands, hands): +1 when the row's hand beats the column's, -1 when it loses, 0 a tie
    rule_keep: IntMatrix  # (hands,): the keep of "most frequent face, a tie to the higher"
    stand_keep: IntMatrix  # (hands,): the keep of every die
    denominator: int  # faces ** dice


@lru_cache(maxsize=8)
def tables(dice: int, faces: int, ties: str) -> Tables:
    """The duel's tables for `dice` dice of `faces` faces and a tie rule (cached)."""
    lat = lattice(dice, faces)
    counts = lat.counts.astype(np.int64)
    hand_block = lat.hands
    hands = lat.hand_faces
    keeps = lat.faces_of(np.arange(lat.n_keeps))
    size = counts.sum(axis=1)
    fact = [1]
    for k in range(1, dice + 1):
        fact.append(fact[-1] * k)
    # ordered outcomes behind a multiset of m dice: m! / prod(c!)
    ways = np.array([fact[int(m)] // int(np.prod([fact[int(c)] for c in row])) for m, row in zip(size, counts,
                                                                                                  strict=True)],
                    dtype=np.int64)
    reach = np.zeros((lat.n_keeps, lat.n_hands), dtype=np.int64)
    for m in range(dice + 1):
        kept = np.arange(*lat.size_block(m).indices(lat.n_keeps))
        rolled = np.arange(*lat.size_block(dice - m).indices(lat.n_keeps))
        total = counts[kept][:, None, :] + counts[rolled][None, :, :]
        target = lat.index_of(total.reshape(-1, faces)).reshape(len(kept), len(rolled)) - hand_block.start
        scale = faces ** m  # to the common denominator faces ** dice
        for j, r in enumerate(rolled):
            np.add.at(reach, (kept, target[:, j]), ways[r] * scale)
    pair_hand, pair_keep = lat.subkeep_pairs()
    starts = np.searchsorted(pair_hand, np.arange(lat.n_hands))
    keys = [strength_key(h, ties) for h in hands]
    ranked = sorted(set(keys))
    level = np.array([ranked.index(k) for k in keys], dtype=np.int64)
    sign = np.sign(level[:, None] - level[None, :]).astype(np.int64)
    keep_index = {k: i for i, k in enumerate(keeps)}
    rule = []
    for h in hands:
        top = max(set(h), key=lambda f: (h.count(f), f))
        rule.append(keep_index[(top,) * h.count(top)])
    return Tables(
        hands=hands, index={h: i for i, h in enumerate(hands)}, keep_faces=keeps, keep_index=keep_index,
        reach=reach, first=ways[hand_block], pair_hand=np.asarray(pair_hand, np.int64),
        pair_keep=np.asarray(pair_keep, np.int64), starts=starts.astype(np.int64), sign=sign,
        rule_keep=np.array(rule, dtype=np.int64), stand_keep=np.arange(hand_block.start, lat.n_keeps, dtype=np.int64),
        denominator=faces ** dice)


def stage_movers(rules: Rules) -> list[int]:
    """Who re-rolls at each re-roll stage, in play order: 0 the first seat, 1 the second, in turn."""
    return [0, 1] * rules.rerolls


def _fixed_keep(t: Tables, policy: str) -> IntMatrix:
    return t.rule_keep if policy == RULE else t.stand_keep


@dataclass(frozen=True, eq=False)
class RerollSolve:
    """The re-rolls solved: `values[s]` is W (an integer over denominator ** (stages - s)) at stage s, a matrix
    (first seat's hand, second seat's hand); `values[stages]` is the showdown's sign. `choice[s]` is the keep
    the mover plays at stage s in each position."""

    values: list[IntMatrix]
    choice: list[IntMatrix]
    movers: list[int]


def _keep_values(t: Tables, after: IntMatrix, mover: int) -> IntMatrix:
    """The value of every keep of the mover against every hand of the other: (keeps, other's hands)."""
    return t.reach @ (after if mover == 0 else after.T)


def reroll_solve(rules: Rules, policies: Sequence[str] = (OPTIMAL, OPTIMAL),
                 against: RerollSolve | None = None) -> RerollSolve:
    """The re-rolls backward from the showdown; each seat plays its policy. A seat whose policy is OPTIMAL plays
    its choice in `against` when given (the minimax play, fixed), else optimizes against the other's policy."""
    t = tables(rules.dice, rules.faces, rules.ties)
    movers = stage_movers(rules)
    values: list[IntMatrix] = [t.sign]
    choices: list[IntMatrix] = []
    n = len(t.hands)
    for s in range(len(movers) - 1, -1, -1):
        mover = movers[s]
        after = values[0]
        per_keep = _keep_values(t, after, mover)  # (keeps, other's hands)
        policy = policies[mover]
        if policy == OPTIMAL and against is None:
            options = per_keep[t.pair_keep]  # (pairs, other's hands)
            signed = options if mover == 0 else -options
            best_pair = np.empty((n, n), dtype=np.int64)
            for h in range(n):  # the mover's hand h: its pairs are one contiguous run
                lo = int(t.starts[h])
                hi = int(t.starts[h + 1]) if h + 1 < n else len(t.pair_keep)
                best_pair[h] = lo + np.argmax(signed[lo:hi], axis=0)
            choice = t.pair_keep[best_pair]  # (mover's hand, other's hand) -> keep
        elif policy == OPTIMAL:
            assert against is not None
            choice = against.choice[s]
        else:
            choice = np.repeat(_fixed_keep(t, policy)[:, None], n, axis=1)
        other = np.broadcast_to(np.arange(n)[None, :], (n, n))
        value = per_keep[choice, other]  # (mover's hand, other's hand)
        values.insert(0, value if mover == 0 else value.T)
        choices.insert(0, choice)
    return RerollSolve(values=values, choice=choices, movers=movers)


@dataclass(frozen=True)
class Node:
    """A betting position: the seat to act, each seat's stake, the raises made, the words said so far."""

    to_act: int
    stakes: tuple[int, int]
    raises: int
    said: tuple[str, ...]


def bet_actions(rules: Rules, node: Node) -> list[str]:
    """The legal words at a betting position, in a fixed order."""
    me, other = node.stakes[node.to_act], node.stakes[1 - node.to_act]
    if me == other:
        return ["check", "bet"]
    return ["fold", "call", *(["raise"] if node.raises < rules.raises else [])]


def play_word(rules: Rules, node: Node, word: str) -> Node | tuple[str, int, int]:
    """The position after a word, or the end of the betting: ("showdown", stake, 0) or ("fold", seat, stake
    the folder loses)."""
    stakes = list(node.stakes)
    me, other = node.to_act, 1 - node.to_act
    if word == "check":
        if node.to_act == 1:
            return ("showdown", stakes[0], 0)
        return Node(1, node.stakes, node.raises, (*node.said, word))
    if word == "call":
        return ("showdown", stakes[other], 0)
    if word == "fold":
        return ("fold", me, stakes[me])
    stakes[me] = stakes[other] + rules.bet
    return Node(other, (stakes[0], stakes[1]), node.raises + (word == "raise"), (*node.said, word))


def betting_tree(rules: Rules) -> Node:
    """The betting round's first position: the first seat to act, both antes in."""
    return Node(0, (rules.ante, rules.ante), 0, ())


@dataclass(frozen=True, eq=False)
class Betting:
    """Betting values over every pair of hands, as integers over `scale`: `value[node]` for each position."""

    value: dict[tuple[str, ...], IntMatrix]
    choice: dict[tuple[str, ...], IntMatrix]  # index into bet_actions at the node
    scale: int


def _rule_word(words: list[str], ahead: IntMatrix) -> IntMatrix:
    """The rule's word at a node: bet or raise when ahead (the sign of the hands now), else check or call."""
    aggressive = "bet" if "bet" in words else ("raise" if "raise" in words else ("call" if "call" in words
                                                                                  else "check"))
    passive = "check" if "check" in words else "call"
    return np.where(ahead > 0, words.index(aggressive), words.index(passive)).astype(np.int64)


def betting_solve(rules: Rules, w: IntMatrix, scale: int, policies: Sequence[str] = (OPTIMAL, OPTIMAL),
                  against: Betting | None = None, sign_now: IntMatrix | None = None) -> Betting:
    """Every betting position's value for the first seat (integers over `scale`), given W (over `scale`).

    A seat with the OPTIMAL policy plays its choice in `against` when given, else optimizes; RULE and CHANCE
    play their fixed words (the rule reads `sign_now`, the sign of the hands as they lie).
    """
    values: dict[tuple[str, ...], IntMatrix] = {}
    choices: dict[tuple[str, ...], IntMatrix] = {}

    def solve(node: Node) -> IntMatrix:
        words = bet_actions(rules, node)
        outcomes = []
        for word in words:
            nxt = play_word(rules, node, word)
            if isinstance(nxt, Node):
                outcomes.append(solve(nxt))
            elif nxt[0] == "showdown":
                outcomes.append(nxt[1] * w)
            else:
                lost = nxt[2] * scale
                outcomes.append(np.full_like(w, -lost if nxt[1] == 0 else lost))
        stack = np.stack(outcomes)
        policy = policies[node.to_act]
        if policy == OPTIMAL and against is None:
            pick = np.argmax(stack if node.to_act == 0 else -stack, axis=0)
        elif policy == OPTIMAL:
            assert against is not None
            pick = against.choice[node.said]
        elif policy == RULE:
            assert sign_now is not None
            pick = _rule_word(words, sign_now if node.to_act == 0 else -sign_now)
        else:
            pick = np.full(w.shape, words.index("check" if "check" in words else "call"), dtype=np.int64)
        value: IntMatrix = np.take_along_axis(stack, pick[None], axis=0)[0]
        values[node.said] = value
        choices[node.said] = pick
        return value

    solve(betting_tree(rules))
    return Betting(value=values, choice=choices, scale=scale)


def duel_value(rules: Rules, policies: Sequence[str] = (OPTIMAL, OPTIMAL), *,
               exploit: bool = False) -> Fraction:
    """The first seat's expected net bets per duel, exactly, when the seats play `policies`.

    An OPTIMAL seat plays the minimax play (fixed, as the practice table's computer does); with `exploit` it
    best-responds to the other seat's policy instead.
    """
    return _value(rules, tuple(policies), exploit)


@lru_cache(maxsize=64)
def _value(rules: Rules, policies: tuple[str, ...], exploit: bool) -> Fraction:
    t = tables(rules.dice, rules.faces, rules.ties)
    minimax = solved(rules)
    against = None if exploit or policies == (OPTIMAL, OPTIMAL) else minimax
    rr = reroll_solve(rules, policies, against=against[0] if against else None)
    scale = t.denominator ** len(rr.movers)
    bet = betting_solve(rules, rr.values[0], scale, policies, against=against[1] if against else None,
                        sign_now=t.sign)
    root = bet.value[()]
    weights = t.first.astype(object)
    total = int(weights @ root.astype(object) @ weights)
    return Fraction(total, scale * t.denominator ** 2)


@lru_cache(maxsize=16)
def solved(rules: Rules) -> tuple[RerollSolve, Betting]:
    """The minimax solve of a rule set (cached): the re-rolls, then the betting on their values."""
    t = tables(rules.dice, rules.faces, rules.ties)
    rr = reroll_solve(rules)
    scale = t.denominator ** len(rr.movers)
    return rr, betting_solve(rules, rr.values[0], scale)


def exact(value: Any, scale: int) -> Fraction:  # noqa: ANN401 (a NumPy integer)
    """An integer over `scale` as a Fraction."""
    return Fraction(int(value), scale)
