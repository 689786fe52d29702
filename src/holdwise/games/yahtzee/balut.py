"""Balut, solitaire: its rules as data, the exact optimum of the expected total score, and hints.

Balut (the game poker dice came from; docs/reference/balut.md gives the source) is played with five dice and
three rolls a turn, like Yahtzee, on a card of seven categories that each take four scores: fours, fives,
sixes (the dice of that face), straight (1-2-3-4-5 scores 15, 2-3-4-5-6 scores 20), house (three of one face
and two of another: the sum), choice (the sum) and balut (five of a kind: 20 plus the sum). After 28 turns
the card is full; the points system (`Award`, `BalutRules.total_bands`) turns it into points, see
`balut_points`.

A state is how many boxes of each category are filled: (boxes + 1) ** categories of them (5 ** 7 = 78,125).
No bonus in the total depends on anything else, so V(state), the expected total still to come under optimal
play, is the same backward induction as Yahtzee's with a smaller state: each turn a keep/re-roll walk on the
keep lattice whose payout is the best open category's score plus V of the state after it. A successor state
has a larger index (one more box filled), so the states are solved from the last index down in one pass.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
import time
from dataclasses import dataclass, field

import numpy as np

from ...errors import InputError
from ...solver.jit import njit
from ...solver.lattice import lattice
from ..base import Hint, Option, Result
from ..inputs import parse_whole

__all__ = ["BALUT", "BALUT_RULES", "Award", "BalutCard", "BalutCategory", "BalutRules", "BalutSolution",
           "BalutSolved", "balut_hint", "balut_rules", "balut_score", "balut_solution", "balut_solved",
           "parse_balut_card", "solve_balut"]

FORMAT = 1  # the stored table's layout; a new layout makes old files stale
NEG = -1.0e300


@dataclass(frozen=True)
class BalutCategory:
    """A row of the Balut card: its name, how players write it, how a roll scores in it.

    `kind`: "face" (value = the face: that face times how many dice show it), "straight" (every die a
    different face and the faces consecutive: the sum), "house" (three of one face and two of another: the
    sum), "choice" (the sum), "balut" (every die the same face: value plus the sum).
    """

    name: str
    label: str
    kind: str
    value: int = 0
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Award:
    """A row of the points table: `test` "at_least" (the category's scores add up to `threshold` or more),
    "every" (every box of the category holds a score above 0) or "each" (`points` for each box above 0)."""

    category: str
    test: str
    points: int
    threshold: int = 0


@dataclass(frozen=True)
class BalutRules:
    """A Balut rule set: the categories, how many boxes each, the dice, and the points system."""

    name: str
    title: str
    categories: tuple[BalutCategory, ...]
    boxes: int = 4
    dice: int = 5
    sides: int = 6
    rolls: int = 3
    awards: tuple[Award, ...] = ()
    total_base: int = 0  # the total's points below the first band
    total_bands: tuple[tuple[int, int], ...] = ()  # (lowest total, points), rising

    @property
    def n_categories(self) -> int:
        return len(self.categories)

    @property
    def n_states(self) -> int:
        return (self.boxes + 1) ** self.n_categories

    @property
    def turns(self) -> int:
        return self.boxes * self.n_categories

    def index(self, name: str) -> int:
        """A category's position from its name or any alias, in any case."""
        key = name.strip().lower().replace("-", "_").replace(" ", "_")
        for i, c in enumerate(self.categories):
            if key == c.name or key in c.aliases:
                return i
        raise InputError(f"unknown category {name!r} in {self.name}; known: "
                         f"{', '.join(c.name for c in self.categories)}")

    def total_points(self, total: int) -> int:
        """The points the total score earns (its band's)."""
        points = self.total_base
        for low, pts in self.total_bands:
            if total >= low:
                points = pts
        return points


BALUT = BalutRules(
    name="balut", title="Balut (seven categories, four boxes each; Milholt's points system)",
    categories=(
        BalutCategory("fours", "Fours", "face", 4, aliases=("4s", "4")),
        BalutCategory("fives", "Fives", "face", 5, aliases=("5s", "5")),
        BalutCategory("sixes", "Sixes", "face", 6, aliases=("6s", "6")),
        BalutCategory("straight", "Straight", "straight", aliases=("st", "s", "str", "straights")),
        BalutCategory("house", "House", "house", aliases=("fh", "h", "full_house")),
        BalutCategory("choice", "Choice", "choice", aliases=("c", "ch", "chance")),
        BalutCategory("balut", "Balut", "balut", 20, aliases=("b", "bal", "baluts"))),
    awards=(Award("fours", "at_least", 2, 52), Award("fives", "at_least", 2, 65),
            Award("sixes", "at_least", 2, 78), Award("straight", "every", 4), Award("house", "every", 3),
            Award("choice", "at_least", 2, 100), Award("balut", "each", 2)),
    total_base=-2,
    total_bands=((300, -1), (350, 0), (400, 1), (450, 2), (500, 3), (550, 4), (600, 5), (650, 6)))

BALUT_RULES = {BALUT.name: BALUT}


def balut_rules(name: str = "balut") -> BalutRules:
    """A Balut rule set by name."""
    key = name.strip().lower()
    if key not in BALUT_RULES:
        raise InputError(f"unknown rules {name!r}; known: {', '.join(BALUT_RULES)}")
    return BALUT_RULES[key]


def balut_score(category: BalutCategory, dice: tuple[int, ...]) -> int:
    """What the dice score in a Balut category, by its own rule."""
    total = sum(dice)
    kind = category.kind
    if kind == "face":
        return category.value * dice.count(category.value)
    if kind == "straight":
        distinct = set(dice)
        return total if len(distinct) == len(dice) and max(dice) - min(dice) == len(dice) - 1 else 0
    if kind == "house":
        return total if sorted(dice.count(f) for f in set(dice)) == [2, 3] else 0
    if kind == "choice":
        return total
    if kind == "balut":
        return category.value + total if len(set(dice)) == 1 else 0
    raise ValueError(f"unknown category kind {kind!r}")


@dataclass(frozen=True)
class Compiled:
    """What the kernels read: the keep lattice, the points of every hand in every category, the strides."""

    rules: BalutRules
    child: np.ndarray  # (keeps, sides) int32
    hand_start: int
    block_start: np.ndarray  # (dice + 2,) start of each size block
    sub_start: np.ndarray  # (hands + 1,) each hand's keeps in sub_keep
    sub_keep: np.ndarray
    points: np.ndarray  # (hands, categories) float64
    hand_prob: np.ndarray  # (hands,) the chance of each hand on a roll of every die
    stride: np.ndarray  # (categories,) a box more of category i adds stride[i] to the state index


def compile_rules(rules: BalutRules) -> Compiled:
    """The kernels' arrays for a rule set."""
    from math import factorial, prod

    lat = lattice(rules.dice, rules.sides)
    hands = lat.hand_faces
    points = np.array([[balut_score(c, h) for c in rules.categories] for h in hands], dtype=np.float64)
    hand_of, keeps = lat.subkeep_pairs()
    sub_start = np.searchsorted(hand_of, np.arange(len(hands) + 1)).astype(np.int64)
    counts = lat.counts[lat.hands]
    ways = np.array([factorial(rules.dice) // prod(factorial(int(c)) for c in row) for row in counts],
                    dtype=np.float64)
    stride = np.array([(rules.boxes + 1) ** i for i in range(rules.n_categories)], dtype=np.int64)
    return Compiled(rules, lat.child.astype(np.int32), int(lat.start[rules.dice]), lat.start.astype(np.int64),
                    sub_start, keeps.astype(np.int32), points, ways / float(rules.sides) ** rules.dice, stride)


def kernel_args(c: Compiled) -> tuple:
    return (c.child, c.hand_start, c.block_start, c.sub_start, c.sub_keep, c.points, c.hand_prob, c.stride,
            c.rules.boxes, c.rules.rolls - 1)


def _turn(s, values, child, hand_start, block_start, sub_start, sub_keep, points, hand_prob, stride, boxes,
          rerolls, vnext, hand_value, choice, keep_vals, keep_choice):
    """One turn from state s: V(s). Fills choice[h] (the first best category of hand h), keep_vals[r] (each
    keep's value when it is kept with r + 1 re-rolls left, the one it starts included) and keep_choice[r, h]
    (the first best keep of hand h then)."""
    n_cat = stride.shape[0]
    n_hands = points.shape[0]
    sides = child.shape[1]
    dice = block_start.shape[0] - 2
    for i in range(n_cat):
        filled = (s // stride[i]) % (boxes + 1)
        vnext[i] = values[s + stride[i]] if filled < boxes else NEG
    for h in range(n_hands):
        best = NEG
        arg = -1
        for i in range(n_cat):
            if vnext[i] > NEG:
                v = points[h, i] + vnext[i]
                if v > best:
                    best = v
                    arg = i
        hand_value[h] = best
        choice[h] = arg
    for r in range(rerolls):
        buf = keep_vals[r]
        for h in range(n_hands):
            buf[hand_start + h] = hand_value[h]
        for size in range(dice - 1, -1, -1):
            for k in range(block_start[size], block_start[size + 1]):
                total = 0.0
                for f in range(sides):
                    total += buf[child[k, f]]
                buf[k] = total / sides
        for h in range(n_hands):
            best = NEG
            arg = -1
            for p in range(sub_start[h], sub_start[h + 1]):
                v = buf[sub_keep[p]]
                if v > best:
                    best = v
                    arg = sub_keep[p]
            hand_value[h] = best
            keep_choice[r, h] = arg
    value = 0.0
    for h in range(n_hands):
        value += hand_prob[h] * hand_value[h]
    return value


turn = njit(cache=True, nogil=True)(_turn)


def _solve_all(values, child, hand_start, block_start, sub_start, sub_keep, points, hand_prob, stride, boxes,
               rerolls):
    """V of every state, from the full card (index n - 1, V = 0) down: a successor has a larger index."""
    n_states = values.shape[0]
    n_hands = points.shape[0]
    vnext = np.empty(stride.shape[0])
    hand_value = np.empty(n_hands)
    choice = np.empty(n_hands, dtype=np.int64)
    keep_vals = np.empty((max(rerolls, 1), child.shape[0]))
    keep_choice = np.empty((max(rerolls, 1), n_hands), dtype=np.int64)
    values[n_states - 1] = 0.0
    for s in range(n_states - 2, -1, -1):
        values[s] = turn(s, values, child, hand_start, block_start, sub_start, sub_keep, points, hand_prob,
                         stride, boxes, rerolls, vnext, hand_value, choice, keep_vals, keep_choice)


solve_all = njit(cache=True, nogil=True)(_solve_all)


@dataclass(frozen=True)
class BalutSolution:
    """V for every state (`values[index]`, index = sum of filled[i] * stride[i]) and the solve's cost."""

    rules: BalutRules
    values: np.ndarray
    seconds: float
    compiled: Compiled = field(repr=False, compare=False)

    @property
    def expected_score(self) -> float:
        """The expected total score of a new game under optimal play."""
        return float(self.values[0])

    @property
    def states(self) -> int:
        return int(self.values.shape[0])


def solve_balut(rules: BalutRules = BALUT) -> BalutSolution:
    """Every state's V by backward induction (one kernel pass, about 2 s for Balut)."""
    start = time.perf_counter()
    compiled = compile_rules(rules)
    values = np.zeros(rules.n_states, dtype=np.float64)
    solve_all(values, *kernel_args(compiled))
    return BalutSolution(rules, values, time.perf_counter() - start, compiled)


def rules_key(rules: BalutRules) -> str:
    """A digest of everything the table depends on: the rules and the stored layout."""
    text = json.dumps({"format": FORMAT, "rules": repr(rules)}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


_SOLUTIONS: dict[str, BalutSolution] = {}


def cached_balut(rules: BalutRules = BALUT, fresh: bool = False) -> tuple[BalutSolution, bool]:
    """The table from the cache folder when a valid one is there (and not `fresh`), else solved and stored;
    (solution, from the cache)."""
    from ...storage import cache_dir, load_arrays, read_or_make, save_arrays

    key = rules_key(rules)
    path = cache_dir("yahtzee") / f"{rules.name}-{key}.npz"
    start = time.perf_counter()

    def valid(values: np.ndarray) -> bool:
        return (values.shape == (rules.n_states,) and values.dtype == np.float64
                and bool(np.isfinite(values).all()) and float(values.min()) >= 0.0)

    def kept() -> BalutSolution | None:
        arrays = None if fresh else load_arrays(path, key, ("values",), valid)
        if arrays is None:
            return None
        return BalutSolution(rules, arrays["values"], time.perf_counter() - start, compile_rules(rules))

    def make() -> BalutSolution:
        solution = solve_balut(rules)
        save_arrays(path, key, {"values": solution.values})
        return solution

    return read_or_make(path.with_suffix(".lock"), kept, make)


def balut_solution(rules: BalutRules = BALUT) -> BalutSolution:
    """The rule set's table: in memory, else from the cache folder, else solved (and stored)."""
    if rules.name not in _SOLUTIONS or _SOLUTIONS[rules.name].rules != rules:
        _SOLUTIONS[rules.name] = cached_balut(rules)[0]
    return _SOLUTIONS[rules.name]


@dataclass(frozen=True)
class BalutSolved(Result):
    """The expected total score of a new game under optimal play, and what it took."""

    rules: str
    title: str
    expected_score: float
    states: int
    seconds: float
    from_cache: bool


def balut_solved(rules: str = "balut", fresh: bool = False) -> BalutSolved:
    """Solve a Balut rule set (or load its stored table); `fresh` solves again and replaces what is stored."""
    r = balut_rules(rules)
    solution, cached = cached_balut(r, fresh=fresh)
    _SOLUTIONS[r.name] = solution
    return BalutSolved(r.name, r.title, solution.expected_score, solution.states, solution.seconds, cached)


@dataclass(frozen=True)
class BalutCard:
    """A Balut card: the scores written in each category (in card order)."""

    rules: BalutRules
    scores: tuple[tuple[int, ...], ...]

    @property
    def filled(self) -> tuple[int, ...]:
        return tuple(len(s) for s in self.scores)

    @property
    def index(self) -> int:
        """The state's index in the table."""
        return sum(n * (self.rules.boxes + 1) ** i for i, n in enumerate(self.filled))

    @property
    def total(self) -> int:
        return sum(sum(s) for s in self.scores)

    @property
    def full(self) -> bool:
        return all(n == self.rules.boxes for n in self.filled)

    def with_score(self, category: int, score: int) -> "BalutCard":
        """The card with one more score written in a category."""
        scores = list(self.scores)
        scores[category] = (*scores[category], score)
        return BalutCard(self.rules, tuple(scores))

    def awards(self) -> dict[str, int]:
        """The points each award gives this card as it stands (on a full card: the game's points), and
        "total" for the total's band."""
        out = {}
        for award in self.rules.awards:
            s = self.scores[self.rules.index(award.category)]
            if award.test == "at_least":
                out[award.category] = award.points if sum(s) >= award.threshold else 0
            elif award.test == "every":
                out[award.category] = award.points if len(s) == self.rules.boxes and all(s) else 0
            else:
                out[award.category] = award.points * sum(1 for v in s if v > 0)
        out["total"] = self.rules.total_points(self.total)
        return out

    def text(self) -> str:
        """The card as players write it: "fours=8,12 house=26" (empty boxes left out)."""
        return " ".join(f"{c.name}={','.join(map(str, s))}" for c, s in zip(self.rules.categories, self.scores)
                        if s)


def possible_scores(rules: BalutRules, category: BalutCategory) -> set[int]:
    """Every score a roll can write in a category."""
    return {balut_score(category, h) for h in itertools.combinations_with_replacement(
        range(1, rules.sides + 1), rules.dice)}


def parse_balut_card(text: str = "", rules: BalutRules = BALUT) -> BalutCard:
    """A card as players write it: category=score,score,... pairs ("fours=8,12 straight=20 balut=0")."""
    if not isinstance(text, str):
        raise InputError(f"a Balut card is text like 'fours=8,12 straight=20', got {type(text).__name__}")
    scores: list[list[int]] = [[] for _ in rules.categories]
    for token in text.replace(";", " ").split():
        name, eq, values = token.partition("=")
        if not eq or not values:
            raise InputError(f"a card entry is category=score[,score...], got {token!r}")
        i = rules.index(name)
        category = rules.categories[i]
        allowed = possible_scores(rules, category)
        for v in values.split(","):
            if not re.fullmatch(r"[0-9]+", v, re.ASCII) or int(v) not in allowed:
                raise InputError(f"{category.name} cannot score {v!r}; it scores one of "
                                 f"{', '.join(map(str, sorted(allowed)))}")
            scores[i].append(int(v))
        if len(scores[i]) > rules.boxes:
            raise InputError(f"{category.name} has {rules.boxes} boxes, the card gives it {len(scores[i])} scores")
    return BalutCard(rules, tuple(tuple(s) for s in scores))


def parse_balut_dice(values: "list | tuple | str", rules: BalutRules = BALUT) -> tuple[int, ...]:
    """The dice as faces (`1 1 5 3 2`, `11532`, `1,1,5,3,2`), sorted."""
    if isinstance(values, str):
        values = [values]
    tokens = " ".join(str(v) for v in values).replace(",", " ").split()
    if len(tokens) == 1 and len(tokens[0]) == rules.dice:
        tokens = list(tokens[0])
    faces = []
    for t in tokens:
        if not re.fullmatch(r"[0-9]+", t, re.ASCII) or not 1 <= int(t) <= rules.sides:
            raise InputError(f"a die shows 1 to {rules.sides}, got {t!r}")
        faces.append(int(t))
    if len(faces) != rules.dice:
        raise InputError(f"{rules.name} rolls {rules.dice} dice, got {len(faces)}")
    return tuple(sorted(faces))


def turn_tables(solution: BalutSolution, s: int) -> tuple[np.ndarray, list[np.ndarray]]:
    """One turn from state s in NumPy: every hand's value in every category (NEG where full) and each
    keep's value with 1, 2, ... re-rolls left (index 0: the last re-roll)."""
    c = solution.compiled
    rules = solution.rules
    boxes = np.full(c.points.shape, NEG)
    for i in range(rules.n_categories):
        if (s // int(c.stride[i])) % (rules.boxes + 1) < rules.boxes:
            boxes[:, i] = c.points[:, i] + solution.values[s + int(c.stride[i])]
    hand_values = boxes.max(axis=1)
    keeps = []
    for _ in range(rules.rolls - 1):
        buf = np.empty(c.child.shape[0])
        buf[c.hand_start:] = hand_values
        for size in range(rules.dice - 1, -1, -1):
            block = slice(int(c.block_start[size]), int(c.block_start[size + 1]))
            buf[block] = buf[c.child[block]].sum(axis=1) / rules.sides
        keeps.append(buf)
        hand_values = np.maximum.reduceat(buf[c.sub_keep], c.sub_start[:-1])
    return boxes, keeps


def balut_hint(card: "str | BalutCard" = "", dice: "str | list | tuple" = (), rolls_left: int = 2,
               rules: str = "balut") -> Hint:
    """Every play of a position ranked by expected final total score (the card's scores so far included).

    With no rolls left the options are the open categories; otherwise every keep, and scoring now.
    """
    r = balut_rules(rules) if isinstance(card, str) else card.rules
    if isinstance(card, str):
        card = parse_balut_card(card, r)
    hand = parse_balut_dice(list(dice) if not isinstance(dice, str) else dice, r)
    rolls_left = parse_whole(rolls_left, "rolls_left", 0, r.rolls - 1)
    if card.full:
        raise InputError("the card is full: the game is over")
    solution = balut_solution(r)
    boxes, keeps = turn_tables(solution, card.index)
    lat = lattice(r.dice, r.sides)
    h = int(lat.hand_index(np.bincount(np.array(hand) - 1, minlength=r.sides)))
    rows: list[tuple[float, str, dict, dict]] = []
    for i, value in enumerate(boxes[h].tolist()):
        if value <= NEG / 10:
            continue
        name = r.categories[i].name
        pts = int(solution.compiled.points[h, i])
        rows.append((card.total + value, f"score {name} ({pts})", {"type": "score", "box": name},
                     {"kind": "score", "box": name, "points": pts}))
    if rolls_left > 0:
        table = keeps[rolls_left - 1]
        seen = set()
        for n in range(len(hand)):
            for keep in itertools.combinations(hand, n):
                if keep in seen:
                    continue
                seen.add(keep)
                counts = np.bincount(np.array(keep, dtype=np.int64) - 1, minlength=r.sides)
                value = float(table[int(lat.index_of(counts))])
                text = "keep " + " ".join(map(str, keep)) if keep else "roll all"
                rows.append((card.total + value, text, {"type": "keep", "keep": list(keep)},
                             {"kind": "keep", "keep": list(keep)}))
    rows.sort(key=lambda row: -row[0])
    best = rows[0][0]
    options = tuple(Option(option=text, value=v, loss=max(0.0, best - v), action=action, extras=extras)
                    for v, text, action, extras in rows)
    position = {"rules": r.name, "card": card.text(), "dice": list(hand), "rolls_left": rolls_left,
                "score_so_far": card.total}
    return Hint("balut", position, "expected_score", options)
