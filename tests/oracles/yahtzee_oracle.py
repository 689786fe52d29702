"""Brute-force Yahtzee/Yatzy solitaire oracle: dice as ordered tuples, keeps as sets of positions.

Shares no code with holdwise.games.yahtzee: only the fields of the Rules and Category dataclasses are read.
Every category kind is scored here from those fields; every ordered roll (sides**dice of them) is enumerated,
and a keep is any subset of the dice's positions, re-rolled to every ordered outcome of the other positions.
Slow on purpose: for reduced games only (a few categories, 2-5 dice, 2-4 sides).

A state is (boxes used as a bitmask, upper total capped at the threshold, Yahtzee-bonus flag = the Yahtzee box
holds its points); V(state) is the expected score still to come under optimal play, from the start of a turn.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import product

__all__ = ["Oracle", "box_score"]


def _counts(dice):
    tally = {}
    for d in dice:
        tally[d] = tally.get(d, 0) + 1
    return tally


def box_score(category, dice, sides):
    """What the ordered dice score in the box by its own rule (no joker), from the Category's fields only."""
    kind = category.kind
    tally = _counts(dice)
    total = sum(dice)
    if kind == "upper":
        return sum(d for d in dice if d == category.value)
    if kind == "chance":
        return total
    if kind == "sum_if_kind":
        return total if any(c >= category.value for c in tally.values()) else 0
    if kind == "same_kind":
        best = 0
        for face, c in tally.items():
            if c >= category.value:
                best = max(best, face)
        return best * category.value
    if kind == "pairs":
        paired = sorted((face for face, c in tally.items() if c >= 2), reverse=True)
        if len(paired) < category.value:
            return 0
        return sum(2 * face for face in paired[:category.value])
    if kind == "full_house":
        if sorted(tally.values()) == [2, 3]:
            return category.value if category.value else total
        return 0
    if kind == "straight":
        if category.faces:
            if sorted(dice) == sorted(category.faces):
                return category.value if category.value else total
            return 0
        present = set(dice)
        longest = 0
        for start in present:
            if start - 1 in present:
                continue
            length = 0
            while start + length in present:
                length += 1
            longest = max(longest, length)
        return category.value if longest >= category.run else 0
    if kind == "yahtzee":
        return category.value if len(tally) == 1 else 0
    raise ValueError(f"oracle: unknown kind {kind!r}")


class Oracle:
    """V(mask, up, yb) for a rule set by plain recursion, exact (Fraction) or in floats."""

    def __init__(self, rules, exact=True):
        self.rules = rules
        self.cats = list(rules.categories)
        self.n = len(self.cats)
        self.full = (1 << self.n) - 1
        self.one = Fraction(1) if exact else 1.0
        self.zero = self.one * 0
        self.threshold = rules.upper_threshold
        self.yz = next((i for i, c in enumerate(self.cats) if c.kind == "yahtzee"), None)
        self.rolls = list(product(range(1, rules.sides + 1), repeat=rules.dice))
        self.subsets = [tuple(i for i in range(rules.dice) if bits >> i & 1) for bits in range(1 << rules.dice)]
        # every keep of every roll: the roll with the re-rolled positions None; each keep's ordered outcomes
        self.keeps_of = {r: [tuple(r[i] if i in kept else None for i in range(rules.dice)) for kept in self.subsets]
                         for r in self.rolls}
        self.completions = {}
        for r in self.rolls:
            for p in self.keeps_of[r]:
                if p not in self.completions:
                    free = [i for i, v in enumerate(p) if v is None]
                    outs = []
                    for outcome in product(range(1, rules.sides + 1), repeat=len(free)):
                        new = list(p)
                        for pos, v in zip(free, outcome):
                            new[pos] = v
                        outs.append(tuple(new))
                    self.completions[p] = outs
        # the plain score of every ordered roll in every box (the joker is applied in `choices`)
        self.plain = {r: [box_score(c, r, rules.sides) for c in self.cats] for r in self.rolls}
        self.value = lru_cache(maxsize=None)(self._value)

    # ----- one box choice -------------------------------------------------------------------------------------
    def _upper_box_of(self, face):
        for i, c in enumerate(self.cats):
            if c.kind == "upper" and c.value == face:
                return i
        return None

    def choices(self, mask, up, yb, roll):
        """[(box, immediate points including bonuses, next state)] for every box the roll may go in."""
        rules = self.rules
        open_boxes = [b for b in range(self.n) if not mask >> b & 1]
        all_same = len(set(roll)) == 1
        yz_filled = self.yz is not None and bool(mask >> self.yz & 1)
        extra = 0
        allowed = open_boxes
        full_values = False
        if all_same and yz_filled:
            if yb:
                extra = rules.yahtzee_bonus
            ub = self._upper_box_of(roll[0])
            upper_open = ub is not None and not mask >> ub & 1
            if rules.joker == "free":
                full_values = not upper_open
            elif rules.joker == "forced":
                full_values = True
                if upper_open:
                    allowed = [ub]
                else:
                    lower_open = [b for b in open_boxes if self.cats[b].kind != "upper"]
                    allowed = lower_open if lower_open else open_boxes
            elif rules.joker != "none":
                raise ValueError(rules.joker)
        out = []
        for b in allowed:
            c = self.cats[b]
            pts = self.plain[roll][b]
            if full_values and c.kind in ("full_house", "straight") and c.value:
                pts = c.value
            gain = pts + extra
            nup, nyb = up, yb
            if c.kind == "upper":
                nup = min(self.threshold, up + pts)
                if up < self.threshold <= nup:
                    gain += rules.upper_bonus
            if b == self.yz:
                nyb = 1 if pts > 0 and rules.yahtzee_bonus else 0
            out.append((b, gain, (mask | 1 << b, nup, nyb)))
        return out

    def best_box(self, mask, up, yb, roll):
        return max(gain * self.one + self.value(*nxt) for _, gain, nxt in self.choices(mask, up, yb, roll))

    # ----- one turn -------------------------------------------------------------------------------------------
    def turn(self, mask, up, yb):
        """(V, H0, H1, H2): the hands' values with 0, 1, 2 re-rolls left, as dicts over ordered rolls."""
        h = {r: self.best_box(mask, up, yb, r) for r in self.rolls}
        levels = [h]
        for _ in range(2):
            prev = levels[-1]
            # every keep (dice at fixed positions, the others None) as the mean over its ordered re-rolls
            keep = {p: sum((prev[r] for r in rolls), self.zero) / len(rolls)
                    for p, rolls in self.completions.items()}
            levels.append({r: max(keep[p] for p in self.keeps_of[r]) for r in self.rolls})
        v = sum(levels[-1].values(), self.zero) / len(self.rolls)
        return v, levels[0], levels[1], levels[2]

    def keep_mean(self, table, kept):
        """The mean of `table` (a dict over ordered rolls) over the rolls whose first dice are `kept` (a keep's
        faces) and whose other dice are re-rolled: the value of that keep."""
        sides, dice = self.rules.sides, self.rules.dice
        acc = self.zero
        rest = dice - len(kept)
        for outcome in product(range(1, sides + 1), repeat=rest):
            acc += table[tuple(kept) + outcome]
        return acc / sides ** rest

    def _value(self, mask, up, yb):
        if mask == self.full:
            return self.zero
        return self.turn(mask, up, yb)[0]

    def expected_score(self):
        return self.value(0, 0, 0)


# ----- the final score's distribution under the oracle's optimal policy ------------------------------------------

def _kept_counts(roll, positions, sides):
    """The count vector (ones, twos, ...) of the dice a keep holds (`positions` is the roll with the re-rolled
    dice None)."""
    return tuple(sum(1 for v in positions if v == face) for face in range(1, sides + 1))


def turn_policy(oracle, mask, up, yb):
    """One turn from a state under the oracle's optimal play: ({(gain, next state): chance}, ties).

    Decisions: the box is the first best in box order; a keep is the best by value, among equal bests the one
    whose kept faces' count vector (ones, twos, ...) is smallest. `ties` counts the decisions (roll by roll)
    where two different options were exactly equally good: there another tie-breaking may play differently.
    """
    rules = oracle.rules
    one, zero = oracle.one, oracle.zero
    ties = 0
    # the box of each final roll
    h0, box_of = {}, {}
    for r in oracle.rolls:
        best = None
        for _, gain, nxt in oracle.choices(mask, up, yb, r):
            v = gain * one + oracle.value(*nxt)
            if best is None or v > best[0]:
                best = (v, gain, nxt)
            elif v == best[0]:
                ties += 1
        h0[r] = best[0]
        box_of[r] = (best[1], best[2])

    def keeps(table):
        """Each keep's value (the mean over its re-rolls), and each roll's chosen keep."""
        value = {p: sum((table[c] for c in rolls), zero) / len(rolls) for p, rolls in oracle.completions.items()}
        chosen, hand_value, n_ties = {}, {}, 0
        for r in oracle.rolls:
            best = max(value[p] for p in oracle.keeps_of[r])
            tops = [p for p in oracle.keeps_of[r] if value[p] == best]
            kinds = {_kept_counts(r, p, rules.sides) for p in tops}
            n_ties += len(kinds) > 1
            chosen[r] = min(tops, key=lambda p: _kept_counts(r, p, rules.sides))
            hand_value[r] = best
        return chosen, hand_value, n_ties

    keep1, h1, t1 = keeps(h0)  # with one re-roll to come
    keep2, _, t2 = keeps(h1)  # with two
    ties += t1 + t2
    chance = {r: one / len(oracle.rolls) for r in oracle.rolls}
    for keep in (keep2, keep1):
        after = {}
        for r, p in chance.items():
            outs = oracle.completions[keep[r]]
            share = p / len(outs)
            for c in outs:
                after[c] = after.get(c, zero) + share
        chance = after
    out = {}
    for r, p in chance.items():
        out[box_of[r]] = out.get(box_of[r], zero) + p
    return out, ties


def final_score_distribution(oracle):
    """({final score: chance}, ties) of a new game under the oracle's optimal play (see `turn_policy`): the
    chance of (state, score so far) pushed forward turn by turn, in the oracle's numbers (Fractions when exact).
    """
    zero = oracle.zero
    layer = {(0, 0, 0): {0: oracle.one}}
    ties = 0
    for _ in range(oracle.n):
        nxt = {}
        for state, scores in layer.items():
            outcomes, t = turn_policy(oracle, *state)
            ties += t
            for (gain, nstate), p in outcomes.items():
                target = nxt.setdefault(nstate, {})
                for s, q in scores.items():
                    target[s + gain] = target.get(s + gain, zero) + p * q
        layer = nxt
    final = {}
    for scores in layer.values():
        for s, q in scores.items():
            final[s] = final.get(s, zero) + q
    return final, ties


def consequential_ties(oracle):
    """How many exact ties between optimal options (roll by roll, state by state) lead to different
    distributions of the score still to come; 0 means every optimal policy, whatever its tie-breaking, gives
    the same final-score distribution. Works backward: D(state) = the distribution of the remaining score under
    `turn_policy`'s choices (by induction, under any optimal choices), memoized over the states."""
    zero, one = oracle.zero, oracle.one
    sides = oracle.rules.sides
    memo = {}
    found = [0]

    def shifted(dist, gain):
        return {s + gain: p for s, p in dist.items()}

    def mix(dists):
        out = {}
        for d in dists:
            for s, p in d.items():
                out[s] = out.get(s, zero) + p
        n = len(dists)
        return {s: p / n for s, p in out.items()}

    def remaining(state):
        if state in memo:
            return memo[state]
        mask, up, yb = state
        if mask == oracle.full:
            memo[state] = {0: one}
            return memo[state]
        h0v, h0d = {}, {}
        for r in oracle.rolls:
            opts = [(gain * one + oracle.value(*nxt), gain, nxt) for _, gain, nxt in oracle.choices(mask, up, yb, r)]
            best = max(v for v, _, _ in opts)
            tops = [shifted(remaining(nxt), gain) for v, gain, nxt in opts if v == best]
            found[0] += any(t != tops[0] for t in tops[1:])
            h0v[r], h0d[r] = best, tops[0]
        hv, hd = h0v, h0d
        for _ in range(2):
            kv = {p: sum((hv[c] for c in rolls), zero) / len(rolls) for p, rolls in oracle.completions.items()}
            kd = {}
            nv, nd = {}, {}
            for r in oracle.rolls:
                best = max(kv[p] for p in oracle.keeps_of[r])
                tops = {}
                for p in oracle.keeps_of[r]:
                    if kv[p] == best:
                        tops.setdefault(_kept_counts(r, p, sides), p)
                for p in tops.values():
                    if p not in kd:
                        kd[p] = mix([hd[c] for c in oracle.completions[p]])
                chosen = [kd[p] for _, p in sorted(tops.items())]
                found[0] += any(d != chosen[0] for d in chosen[1:])
                nv[r], nd[r] = best, chosen[0]
            hv, hd = nv, nd
        memo[state] = mix([hd[r] for r in oracle.rolls])
        return memo[state]

    remaining((0, 0, 0))
    return found[0]
