"""Liar's Dice solved for an equilibrium: counterfactual regret (CFR+) over the public tree, and the exact best
response that measures how far a strategy is from one (its exploitability, in exact fractions).

The public tree is every increasing sequence of bids (2 ** bids histories); a player's information set is a
history where they act and their own hand, so a strategy is, at each history, a row of action chances per
hand. CFR+ updates both players in turn with regret matching plus and averages with linear weights; every
array holds all of a player's hands at once.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from .rules import CALL, Rules

__all__ = [
    "Equilibrium", "Node", "Strategy", "action_values", "best_response_value", "equilibrium", "exploitability",
    "nodes_of", "play_equilibrium", "public_tree", "snapped", "solve",
]

DENOMINATORS = (2, 3, 4, 6, 8, 9, 12, 18, 24, 36, 72, 144)  # tried in turn when snapping to an exact equilibrium

FloatArray = npt.NDArray[np.float64]
# history -> (hands of the player to act, actions) chances: floats, or Fractions (an object array) when exact
Strategy = dict[tuple[int, ...], npt.NDArray[np.float64] | npt.NDArray[np.object_]]


@dataclass(frozen=True)
class Node:
    """A history where a player acts: who, the legal actions (bid indices, then CALL when there is a bid)."""

    history: tuple[int, ...]
    player: int
    actions: tuple[int, ...]


@lru_cache(maxsize=4)
def nodes_of(rules: Rules) -> dict[tuple[int, ...], Node]:
    """The public tree by history (kept: a hint at one die against two with six faces reads 262,144 nodes)."""
    return {n.history: n for n in public_tree(rules)}


def public_tree(rules: Rules) -> list[Node]:
    """Every decision history, parents before children."""
    out: list[Node] = []
    stack: list[tuple[int, ...]] = [()]
    while stack:
        history = stack.pop()
        last = history[-1] if history else -1
        bids = tuple(range(last + 1, rules.bids))
        out.append(Node(history, len(history) % 2, bids + ((CALL,) if history else ())))
        stack.extend((*history, b) for b in reversed(bids))
    return out


class _Game:
    """The arrays a solve reads: chance weights, each bid's truth table, the tree by history."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        h0, h1 = rules.hands
        self.weights = [np.array(rules.hand_ways(p), dtype=np.float64) / rules.faces ** rules.dice[p]
                        for p in (0, 1)]
        self.truth = np.array([[[rules.stands(k, a, b) for b in h1] for a in h0] for k in range(rules.bids)],
                              dtype=np.float64)
        self.nodes = {n.history: n for n in public_tree(rules)}

    def payoff(self, history: tuple[int, ...]) -> FloatArray:
        """The first player's payoff when the last bid of `history` is called, weighted by the hands' chances."""
        sign = 1.0 if (len(history) - 1) % 2 == 0 else -1.0  # the bidder wins when the bid stands
        table = sign * (2 * self.truth[history[-1]] - 1)
        weighted: FloatArray = self.weights[0][:, None] * self.weights[1][None, :] * table
        return weighted


def _matched(regret: FloatArray) -> FloatArray:
    positive = np.maximum(regret, 0.0)
    total = positive.sum(axis=1, keepdims=True)
    uniform = np.full_like(regret, 1.0 / regret.shape[1])
    out: FloatArray = np.where(total > 0, positive / np.where(total > 0, total, 1.0), uniform)
    return out


@dataclass(frozen=True)
class Equilibrium:
    """A solve's result: the average strategy, its exploitability (exact, and as a float), the first player's
    value against a best response on each side, the iterations and the time; `method` says how it was found
    ("cfr+", "lp" for the sequence-form program, "restricted-lp" for the program of a restricted game grown by
    best responses) and `certified` how the exploitability was measured ("exact": best responses in fractions;
    "float": the same best responses in floats, above EXACT_BIDS bids)."""

    rules: Rules
    strategy: Strategy
    exploitability: Fraction
    value_low: Fraction
    value_high: Fraction
    iterations: int
    seconds: float
    method: str = "cfr+"
    certified: str = "exact"


def solve(rules: Rules, iterations: int = 1000) -> Equilibrium:
    """CFR+ for `iterations`, then the average strategy's exact exploitability."""
    began = time.perf_counter()
    game = _Game(rules)
    sizes = [len(h) for h in rules.hands]
    regret = {h: np.zeros((sizes[n.player], len(n.actions))) for h, n in game.nodes.items()}
    total = {h: np.zeros((sizes[n.player], len(n.actions))) for h, n in game.nodes.items()}

    def walk(history: tuple[int, ...], me: int, reach: FloatArray, other: FloatArray, t: int) -> FloatArray:
        node = game.nodes[history]
        sigma = _matched(regret[history])
        values = []
        for j, action in enumerate(node.actions):
            if action == CALL:
                table = game.payoff(history)
                seen = other if node.player == me else other * sigma[:, j]  # the caller's chance of calling
                values.append(table @ seen if me == 0 else -(seen @ table))
            elif node.player == me:
                values.append(walk((*history, action), me, reach * sigma[:, j], other, t))
            else:
                values.append(walk((*history, action), me, reach, other * sigma[:, j], t))
        if node.player != me:
            return np.sum(values, axis=0)  # type: ignore[no-any-return]
        stacked = np.stack(values, axis=1)
        value: FloatArray = (stacked * sigma).sum(axis=1)
        regret[history] = np.maximum(regret[history] + stacked - value[:, None], 0.0)
        total[history] += t * reach[:, None] * sigma
        return value

    ones = [np.ones(s) for s in sizes]
    for t in range(1, iterations + 1):
        for me in (0, 1):
            walk((), me, ones[me], ones[1 - me], t)
    strategy: Strategy = {h: _normalized(s) for h, s in total.items()}
    low = best_response_value(rules, strategy, responder=1)
    high = best_response_value(rules, strategy, responder=0)
    return Equilibrium(rules=rules, strategy=strategy, exploitability=high - low, value_low=low, value_high=high,
                       iterations=iterations, seconds=time.perf_counter() - began)


def _normalized(total: FloatArray) -> FloatArray:
    sums = total.sum(axis=1, keepdims=True)
    out: FloatArray = np.where(sums > 0, total / np.where(sums > 0, sums, 1.0), 1.0 / total.shape[1])
    return out


def _exact_rows(rows: npt.NDArray[np.float64] | npt.NDArray[np.object_]) -> list[list[Fraction]]:
    """A strategy's rows as exact fractions that add up to 1 (each float read exactly, then the row scaled)."""
    out = []
    for row in rows.tolist():
        exact = [Fraction(x) for x in row]
        s = sum(exact)
        out.append([x / s for x in exact])
    return out


def best_response_value(rules: Rules, strategy: Strategy, responder: int) -> Fraction:
    """The first player's exact value when `responder` best-responds to the other player's `strategy`."""
    h0, h1 = rules.hands
    w = [[Fraction(x, rules.faces ** rules.dice[p]) for x in rules.hand_ways(p)] for p in (0, 1)]
    mine, theirs = (h0, h1) if responder == 0 else (h1, h0)
    nodes = nodes_of(rules)
    exact_rows: dict[tuple[int, ...], list[list[Fraction]]] = {}

    def rows_at(history: tuple[int, ...]) -> list[list[Fraction]]:
        """The other's rows at a history, read exactly when first needed."""
        if history not in exact_rows:
            exact_rows[history] = _exact_rows(strategy[history])
        return exact_rows[history]

    def worth(history: tuple[int, ...], reach: list[Fraction]) -> list[Fraction]:
        """For each of the responder's hands: its best value (the responder's own payoff, weighted by chance),
        the other's hands reached with chance `reach` (their chance weights included); all 0 where the other
        never reaches (a sparse strategy's best response reads only the histories it plays into)."""
        if not any(reach):
            return [Fraction(0)] * len(mine)
        node = nodes[history]
        if node.player == responder:
            options = []
            for action in node.actions:
                if action == CALL:
                    options.append(_called(history, reach))
                else:
                    options.append(worth((*history, action), reach))
            return [max(column) for column in zip(*options, strict=True)]
        out = [Fraction(0)] * len(mine)
        for j, action in enumerate(node.actions):
            nxt = [r * rows_at(history)[k][j] for k, r in enumerate(reach)]
            got = _called(history, nxt) if action == CALL else worth((*history, action), nxt)
            out = [a + b for a, b in zip(out, got, strict=True)]
        return out

    def _called(history: tuple[int, ...], reach: list[Fraction]) -> list[Fraction]:
        bidder = (len(history) - 1) % 2
        out = []
        for i, hand in enumerate(mine):
            total = Fraction(0)
            for k, other in enumerate(theirs):
                if reach[k]:
                    first, second = (hand, other) if responder == 0 else (other, hand)
                    won = rules.stands(history[-1], first, second) == (bidder == responder)
                    total += reach[k] if won else -reach[k]
            out.append(total * w[responder][i])
        return out

    values = worth((), list(w[1 - responder]))
    best = sum(values, Fraction(0))
    return best if responder == 0 else -best


def exploitability(rules: Rules, strategy: Strategy) -> Fraction:
    """How much the two best responses to `strategy` gain together: 0 exactly at an equilibrium."""
    return best_response_value(rules, strategy, 0) - best_response_value(rules, strategy, 1)


def snapped(rules: Rules, strategy: Strategy, denominators: tuple[int, ...] = DENOMINATORS
            ) -> tuple[Strategy, Fraction, Fraction] | None:
    """The strategy's chances rounded to the nearest fractions of a small denominator, the first rounding whose
    exact exploitability is 0: (the exact strategy, the first player's value, 0); None when none is."""
    for limit in denominators:
        exact: Strategy = {}
        for history, rows in strategy.items():
            table = [[Fraction(float(x)).limit_denominator(limit) for x in row] for row in rows.tolist()]
            # a row rounded apart from 1 is scaled back (a row rounded to nothing becomes uniform)
            table = [[x / sum(row) for x in row] if sum(row) else [Fraction(1, len(row))] * len(row) for row in table]
            exact[history] = np.array(table, dtype=object)
        low = best_response_value(rules, exact, 1)
        if best_response_value(rules, exact, 0) == low:
            return exact, low, Fraction(0)
    return None


# the compiled CFR+ of cfr.py solves, then the LP of lp.py up to EXACT_BIDS bids when it does not snap, above it
# the LP of a restricted game grown by best responses (restricted.py: the whole LP is out of HiGHS's reach at one
# die against two with six faces, 7.1 million sequences). Up to EXACT_BIDS the certificate is the exact best
# response in fractions (seconds at 12 bids); above it the same best response in floats (262,144 histories:
# minutes in fractions), except for the restricted LP's strategies, which play so few histories that their
# exact best responses read only those (seconds). `solve` and `snapped` above stay as the first solver, a second
# way to the same equilibria in the tests.
EXACT_BIDS = 12
# CFR+ iterations at most, by bids (more bids: the last); up to 12 bids the LP takes over after 400 (every size
# that snaps at all snapped by 200: 1 and 1 dice to six faces, 1 and 2 to four), above it the restricted LP
# after 300, from their average strategy (docs/performance.md)
FLAT_ITERATIONS = {12: 400, 18: 300}


def _flat_equilibrium(rules: Rules, exact: bool | None) -> Equilibrium:
    """The compiled solve: CFR+ snapped to fractions of a fixed denominator, else the sequence-form LP (up to
    EXACT_BIDS bids) or the restricted LP grown by best responses (above), certified in fractions when `exact`
    (by default up to EXACT_BIDS bids, and the restricted LP's strategy at any size), else in floats."""
    from . import cfr

    began = time.perf_counter()
    tree = cfr.flat_tree(rules)
    iterations = next((v for k, v in sorted(FLAT_ITERATIONS.items()) if rules.bids <= k), max(FLAT_ITERATIONS.values()))
    found = cfr.flat_solve(rules, iterations, check_every=100 if rules.bids <= EXACT_BIDS else 300, tree=tree)
    method = "cfr+"
    if found.denominator == 0 and rules.bids <= EXACT_BIDS:
        from . import lp

        found, method = lp.lp_solve(rules, tree), "lp"
    elif found.denominator == 0:
        from . import restricted

        grown = restricted.restricted_solve(rules, tree, warm=found.strategy, warm_iterations=found.iterations)
        found, method = grown.solve, "restricted-lp"
    if exact is None:
        exact = rules.bids <= EXACT_BIDS or method == "restricted-lp"
    strategy: Strategy
    if found.denominator and exact:  # exact rows: the snapped counts over their sum (floats above: 7M entries)
        counts = np.rint(found.strategy * found.denominator).astype(np.int64)
        strategy = {}
        for history, rows in cfr.to_strategy(tree, counts.astype(np.float64)).items():
            table = [[Fraction(int(x), int(sum(row))) if sum(row) else Fraction(1, len(row)) for x in row]
                     for row in rows.tolist()]
            strategy[history] = np.array(table, dtype=object)
    else:
        strategy = cfr.to_strategy(tree, found.strategy)  # type: ignore[assignment]
    if exact:
        low, high, certified = best_response_value(rules, strategy, 1), best_response_value(rules, strategy, 0), "exact"
    else:
        low, high, certified = Fraction(found.value_low), Fraction(found.value_high), "float"
    return Equilibrium(rules=rules, strategy=strategy, exploitability=high - low, value_low=low, value_high=high,
                       iterations=found.iterations, seconds=time.perf_counter() - began, method=method,
                       certified=certified)


@lru_cache(maxsize=8)
def equilibrium(rules: Rules, exact: bool | None = None) -> Equilibrium:
    """The rule set's equilibrium (cached): exact when a CFR+ run snaps to one (exploitability 0), else the LP's
    (up to EXACT_BIDS bids), else the restricted LP's (above); with its exploitability, measured in fractions
    when `exact` (by default up to EXACT_BIDS bids and for the restricted LP), else in floats (a hint or a play
    session above PLAY_EXACT_BIDS: the same strategy, seconds sooner)."""
    if rules.bids <= WALKED_BIDS:  # the first solver's equilibria where it snaps at once (the ones pages showed)
        found = _walked_equilibrium(rules)
        if found is not None:
            return found
    return _flat_equilibrium(rules, exact)


# the tree-walking CFR+ runs tried in turn, up to WALKED_BIDS bids (one die each with three faces, the default
# the hints and pages were written with, snaps at 200); the compiled solve takes every other size
SNAP_ITERATIONS = (200,)
WALKED_BIDS = 6


def _walked_equilibrium(rules: Rules) -> Equilibrium | None:
    """The tree-walking CFR+ snapped to an exact equilibrium (seconds up to 8 bids), or None when it does not."""
    began = time.perf_counter()
    for iterations in SNAP_ITERATIONS:
        exact = snapped(rules, solve(rules, iterations).strategy)
        if exact is not None:
            strategy, value, _ = exact
            return Equilibrium(rules=rules, strategy=strategy, exploitability=Fraction(0), value_low=value,
                               value_high=value, iterations=iterations, seconds=time.perf_counter() - began)
    return None


PLAY_EXACT_BIDS = 8  # a hint or a play session certifies in fractions up to this many bids (in well under a second)


def play_equilibrium(rules: Rules) -> Equilibrium:
    """The equilibrium a hint or a play session reads: certified in fractions up to PLAY_EXACT_BIDS bids."""
    return equilibrium(rules, rules.bids <= PLAY_EXACT_BIDS)


def action_values(rules: Rules, strategy: Strategy, history: tuple[int, ...], hand: tuple[int, ...]
                  ) -> list[tuple[int, float, float]]:
    """For the player to act at `history` holding `hand`: each legal action with its chance in `strategy` and its
    expected payoff to that player when both play `strategy` afterwards, the other's hand weighed by its chance
    and by how likely its play reaches `history` (by chance alone when the strategy never reaches it)."""
    nodes = nodes_of(rules)
    node = nodes[history]
    me, other = node.player, 1 - node.player
    mine = rules.hands[me].index(hand)
    theirs = rules.hands[other]
    weights = np.array(rules.hand_ways(other), dtype=np.float64)
    reach = np.ones(len(theirs))
    for i, bid in enumerate(history):
        if i % 2 == other:
            node_i = nodes[history[:i]]
            rows = np.asarray(strategy[history[:i]], dtype=np.float64)
            reach = reach * rows[:, node_i.actions.index(bid)]
    posterior = weights * reach if (weights * reach).sum() > 0 else weights
    posterior = posterior / posterior.sum()

    def payoff(path: tuple[int, ...], other_hand: int) -> float:
        """The actor's payoff from `path` (a history ending in a bid, or a call when `called`) on."""
        here = nodes[path]
        rows = np.asarray(strategy[path], dtype=np.float64)
        row = rows[mine if here.player == me else other_hand]
        total = 0.0
        for j, action in enumerate(here.actions):
            if row[j] == 0:
                continue
            total += row[j] * (settle(path, other_hand) if action == CALL else payoff((*path, action), other_hand))
        return total

    def settle(path: tuple[int, ...], other_hand: int) -> float:
        first, second = (hand, theirs[other_hand]) if me == 0 else (theirs[other_hand], hand)
        bidder = (len(path) - 1) % 2
        return 1.0 if rules.stands(path[-1], first, second) == (bidder == me) else -1.0

    rows = np.asarray(strategy[history], dtype=np.float64)
    out = []
    for j, action in enumerate(node.actions):
        value = sum(float(posterior[k]) * (settle(history, k) if action == CALL else payoff((*history, action), k))
                    for k in range(len(theirs)))
        out.append((action, float(rows[mine, j]), value))
    return out
