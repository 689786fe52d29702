# mypy: disable-error-code="valid-type,untyped-decorator"
"""Liar's Dice's CFR+ iteration and float best response over the flat public tree, in Cython's pure-Python mode
(compiled by the build; see solver/native.py).

The tree is every increasing bid sequence in preorder (a parent before its children, so ascending indices walk
top-down and descending ones bottom-up). Node i: `player[i]` acts, `last[i]` is the last bid (-1 at the root),
its actions are its bids (children `kids[kid_start[i]:...]`, in the bids' order) then the call (not at the
root), `nact[i]` of them. A strategy is one flat array: node i's chances sit at `off[i] + a * H + h` for action a
and hand h of the player to act (H hands). `payoff[b, h0, h1]` is the bidder's payoff when bid b is called with
hands h0 and h1, weighted by both hands' chances.
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # plain Python without Cython installed
    from holdwise.solver.cy import cython

__all__ = ["best_response", "cfr_pass"]


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _call_value(me: cython.Py_ssize_t, h: cython.Py_ssize_t, last: cython.longlong, bidder: cython.Py_ssize_t,
                payoff: cython.const[cython.double][:, :, ::1], weights: cython.double[::1],
                n_other: cython.Py_ssize_t) -> cython.double:
    """`me`'s payoff from a call of bid `last` for my hand h, the other's first `n_other` hands reached with
    `weights`."""
    total: cython.double = 0.0
    o: cython.Py_ssize_t
    if me == 0:
        for o in range(n_other):
            total += payoff[last, h, o] * weights[o]
    else:
        for o in range(n_other):
            total += payoff[last, o, h] * weights[o]
    return total if bidder == me else -total


def cfr_pass(me: cython.Py_ssize_t, weight: cython.double, last: cython.const[cython.longlong][::1],
             player: cython.const[cython.longlong][::1], off: cython.const[cython.longlong][::1],
             nact: cython.const[cython.longlong][::1], kid_start: cython.const[cython.longlong][::1],
             kids: cython.const[cython.longlong][::1], payoff: cython.const[cython.double][:, :, ::1],
             regret: cython.double[::1], last_regret: cython.double[::1], cur: cython.double[::1],
             total: cython.double[::1], reach0: cython.double[:, ::1], reach1: cython.double[:, ::1],
             value: cython.double[:, ::1], scratch: cython.double[::1]) -> cython.double:
    """One CFR+ update of player `me`: regret matching plus at every node into `cur` (on the regrets plus
    `last_regret`, the last iteration's: predictive CFR+; keep it zero for plain CFR+), both players' reach
    top-down, `me`'s counterfactual values bottom-up into `value` (node x my hand), `me`'s regrets floored at 0
    (this iteration's into `last_regret` when it is not empty) and `weight` x my reach x `cur` added to
    `total`. Returns `me`'s value of the current strategies."""
    predictive: cython.bint = last_regret.shape[0] > 0
    n: cython.Py_ssize_t = last.shape[0]
    h_count: cython.Py_ssize_t
    h_me: cython.Py_ssize_t = reach0.shape[1] if me == 0 else reach1.shape[1]
    h_other: cython.Py_ssize_t = reach1.shape[1] if me == 0 else reach0.shape[1]
    i: cython.Py_ssize_t
    a: cython.Py_ssize_t
    h: cython.Py_ssize_t
    c: cython.Py_ssize_t
    p: cython.Py_ssize_t
    o: cython.Py_ssize_t
    at: cython.Py_ssize_t
    n_act: cython.Py_ssize_t
    n_bids: cython.Py_ssize_t
    s: cython.double
    r: cython.double
    v: cython.double
    for h in range(reach0.shape[1]):
        reach0[0, h] = 1.0
    for h in range(reach1.shape[1]):
        reach1[0, h] = 1.0
    for i in range(n):
        p = player[i]
        h_count = reach0.shape[1] if p == 0 else reach1.shape[1]
        n_act = nact[i]
        o = off[i]
        for h in range(h_count):
            s = 0.0
            for a in range(n_act):
                r = regret[o + a * h_count + h]
                if predictive:
                    r += last_regret[o + a * h_count + h]
                if r > 0.0:
                    s += r
            for a in range(n_act):
                r = regret[o + a * h_count + h]
                if predictive:
                    r += last_regret[o + a * h_count + h]
                if s > 0.0:
                    cur[o + a * h_count + h] = r / s if r > 0.0 else 0.0
                else:
                    cur[o + a * h_count + h] = 1.0 / n_act
        n_bids = n_act - 1 if i > 0 else n_act
        for a in range(n_bids):
            c = kids[kid_start[i] + a]
            if p == 0:
                for h in range(reach0.shape[1]):
                    reach0[c, h] = reach0[i, h] * cur[o + a * h_count + h]
                for h in range(reach1.shape[1]):
                    reach1[c, h] = reach1[i, h]
            else:
                for h in range(reach1.shape[1]):
                    reach1[c, h] = reach1[i, h] * cur[o + a * h_count + h]
                for h in range(reach0.shape[1]):
                    reach0[c, h] = reach0[i, h]
    for i in range(n - 1, -1, -1):
        p = player[i]
        n_act = nact[i]
        o = off[i]
        n_bids = n_act - 1 if i > 0 else n_act
        if p == me:
            for h in range(h_me):
                v = 0.0
                r = 0.0
                for a in range(n_bids):
                    v += cur[o + a * h_me + h] * value[kids[kid_start[i] + a], h]
                if i > 0:
                    for c in range(h_other):
                        scratch[c] = reach1[i, c] if me == 0 else reach0[i, c]
                    r = _call_value(me, h, last[i], 1 - p, payoff, scratch, h_other)
                    v += cur[o + n_bids * h_me + h] * r
                value[i, h] = v
                for a in range(n_act):
                    at = o + a * h_me + h
                    s = (r if a == n_bids else value[kids[kid_start[i] + a], h]) - v
                    if predictive:
                        last_regret[at] = s
                    s = regret[at] + s
                    regret[at] = s if s > 0.0 else 0.0
                    total[at] += weight * (reach0[i, h] if me == 0 else reach1[i, h]) * cur[at]
        else:
            if i > 0:
                for c in range(h_other):
                    scratch[c] = (reach1[i, c] if me == 0 else reach0[i, c]) * cur[o + n_bids * h_other + c]
            for h in range(h_me):
                v = 0.0
                for a in range(n_bids):
                    v += value[kids[kid_start[i] + a], h]
                if i > 0:
                    v += _call_value(me, h, last[i], 1 - p, payoff, scratch, h_other)
                value[i, h] = v
    v = 0.0
    for h in range(h_me):
        v += value[0, h]
    return v


def best_response(responder: cython.Py_ssize_t, strategy: cython.const[cython.double][::1],
                  last: cython.const[cython.longlong][::1], player: cython.const[cython.longlong][::1],
                  off: cython.const[cython.longlong][::1], nact: cython.const[cython.longlong][::1],
                  kid_start: cython.const[cython.longlong][::1], kids: cython.const[cython.longlong][::1],
                  payoff: cython.const[cython.double][:, :, ::1], reach: cython.double[:, ::1],
                  value: cython.double[:, ::1], scratch: cython.double[::1]) -> cython.double:
    """The responder's best value against the other player's `strategy` (the responder's part unread): the
    other's reach top-down into `reach` (node x their hand), the responder's best value bottom-up into `value`
    (node x own hand), each hand choosing its best action at every node it acts."""
    n: cython.Py_ssize_t = last.shape[0]
    h_me: cython.Py_ssize_t = value.shape[1]
    h_other: cython.Py_ssize_t = reach.shape[1]
    i: cython.Py_ssize_t
    a: cython.Py_ssize_t
    h: cython.Py_ssize_t
    c: cython.Py_ssize_t
    o: cython.Py_ssize_t
    n_act: cython.Py_ssize_t
    n_bids: cython.Py_ssize_t
    v: cython.double
    best: cython.double
    for h in range(h_other):
        reach[0, h] = 1.0
    for i in range(n):
        n_act = nact[i]
        n_bids = n_act - 1 if i > 0 else n_act
        o = off[i]
        for a in range(n_bids):
            c = kids[kid_start[i] + a]
            for h in range(h_other):
                if player[i] == responder:
                    reach[c, h] = reach[i, h]
                else:
                    reach[c, h] = reach[i, h] * strategy[o + a * h_other + h]
    for i in range(n - 1, -1, -1):
        n_act = nact[i]
        n_bids = n_act - 1 if i > 0 else n_act
        o = off[i]
        if i > 0:
            for c in range(h_other):
                scratch[c] = reach[i, c]
                if player[i] != responder:
                    scratch[c] *= strategy[o + n_bids * h_other + c]
        for h in range(h_me):
            if player[i] == responder:
                best = _call_value(responder, h, last[i], 1 - player[i], payoff, scratch, h_other) \
                    if i > 0 else -1e300
                for a in range(n_bids):
                    v = value[kids[kid_start[i] + a], h]
                    if v > best:
                        best = v
                value[i, h] = best
            else:
                v = _call_value(responder, h, last[i], 1 - player[i], payoff, scratch, h_other) \
                    if i > 0 else 0.0
                for a in range(n_bids):
                    v += value[kids[kid_start[i] + a], h]
                value[i, h] = v
    v = 0.0
    for h in range(h_me):
        v += value[0, h]
    return v
