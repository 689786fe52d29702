# mypy: disable-error-code="valid-type, untyped-decorator"
"""Seeded play of Farkle turns and matches, in Cython's pure-Python mode (compiled by the build; see
solver/native.py).

The dice are rolled from `numpy.random.RandomState(seed)`'s uniforms in order, one a die rolled (drawn in
blocks, which gives the same sequence as one at a time): the same rolls as the Numba kernels these replace,
whose `np.random.seed`/`np.random.random` are the same Mersenne Twister and seeding.
"""

from __future__ import annotations

from typing import Any

try:
    import cython
except ImportError:  # plain Python without Cython installed
    from holdwise.solver.cy import cython

__all__ = ["play_matches", "play_turns"]

DRAW_BLOCK = 4096  # uniforms drawn at once


@cython.cfunc
def _roll(left: cython.longlong, cum_weights: cython.const[cython.double][:, ::1], faces: cython.longlong[::1],
          rng: Any, uniform: cython.double[::1], pos: cython.Py_ssize_t) -> cython.Py_ssize_t:
    """Roll the dice in bit set `left`: faces[d] = face index drawn from die d's cumulative weights, reading
    uniform[pos], ...; returns the next position (the block refilled from rng when used up)."""
    d: cython.Py_ssize_t
    f: cython.Py_ssize_t
    u: cython.double
    fresh: cython.double[::1]
    for d in range(cum_weights.shape[0]):
        if (left >> d) & 1:
            if pos == uniform.shape[0]:
                fresh = rng.random_sample(uniform.shape[0])
                uniform[:] = fresh
                pos = 0
            u = uniform[pos] * cum_weights[d, 5]  # the total weight: faces 1..6
            pos += 1
            f = 0
            while cum_weights[d, f] <= u:
                f += 1
            faces[d] = f
    return pos


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _code(sub: cython.longlong, faces: cython.longlong[::1], face_code: cython.const[cython.longlong][:, ::1]
          ) -> cython.longlong:
    """The selection code (counts over 7 faces, base 7) of setting aside the dice in bit set `sub`."""
    code: cython.longlong = 0
    d: cython.Py_ssize_t
    for d in range(faces.shape[0]):
        if (sub >> d) & 1:
            code += face_code[d, faces[d]]
    return code


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _state(rest: cython.longlong, n_dice: cython.Py_ssize_t, die_type: cython.const[cython.longlong][::1],
           type_stride: cython.const[cython.longlong][::1]) -> cython.longlong:
    """The dice-left state (counts per type in mixed radix) of the dice in bit set `rest`."""
    state: cython.longlong = 0
    d: cython.Py_ssize_t
    for d in range(n_dice):
        if (rest >> d) & 1:
            state += type_stride[die_type[d]]
    return state


def play_turns(n_turns: cython.Py_ssize_t, rng: Any, cum_weights: cython.const[cython.double][:, ::1],
               face_code: cython.const[cython.longlong][:, ::1], die_type: cython.const[cython.longlong][::1],
               type_stride: cython.const[cython.longlong][::1], keep: cython.const[cython.double][:, ::1],
               roll: cython.const[cython.double][:, ::1], bonus: cython.const[cython.double][::1],
               top_level: cython.Py_ssize_t, scores: cython.const[cython.short][::1], faces: cython.longlong[::1],
               uniform: cython.double[::1], out: cython.longlong[::1]) -> None:
    """Play turns: roll the dice left, set aside the selection of best coaching value (its W), bank or roll
    on; out[i] = turn i's banked total (units of 50). faces (dice) and uniform (any length) are scratch."""
    n_dice: cython.Py_ssize_t = cum_weights.shape[0]
    all_dice: cython.longlong = (1 << n_dice) - 1
    pos: cython.Py_ssize_t = uniform.shape[0]  # empty: the first roll draws a block
    turn: cython.Py_ssize_t
    level: cython.Py_ssize_t
    left: cython.longlong
    sub: cython.longlong
    rest: cython.longlong
    state: cython.longlong
    s: cython.Py_ssize_t
    nl: cython.Py_ssize_t
    best_level: cython.Py_ssize_t
    best_left: cython.longlong
    best_state: cython.longlong
    best_value: cython.double
    v: cython.double
    rolls_on: cython.bint
    for turn in range(n_turns):
        level = 0
        left = all_dice
        while True:
            pos = _roll(left, cum_weights, faces, rng, uniform, pos)
            best_value = -1.0
            best_level = -1
            best_left = 0
            best_state = 0
            sub = left
            while sub > 0:  # every non-empty subset of the rolled dice as a selection
                s = scores[_code(sub, faces, face_code)]
                if s > 0:
                    rest = left & ~sub
                    if rest == 0:
                        rest = all_dice
                    state = _state(rest, n_dice, die_type, type_stride)
                    nl = level + s
                    v = keep[nl, state] if nl < top_level else nl + bonus[state]
                    if v > best_value:
                        best_value = v
                        best_level = nl
                        best_left = rest
                        best_state = state
                sub = (sub - 1) & left
            if best_level < 0:  # bust
                out[turn] = 0
                break
            level = best_level
            left = best_left
            rolls_on = roll[level, best_state] > level if level < top_level else bonus[best_state] > 0
            if not rolls_on:
                out[turn] = level
                break


def play_matches(n_matches: cython.Py_ssize_t, rng: Any, target: cython.Py_ssize_t,
                 cum1: cython.const[cython.double][:, ::1], code1: cython.const[cython.longlong][:, ::1],
                 type1: cython.const[cython.longlong][::1], stride1: cython.const[cython.longlong][::1],
                 cum2: cython.const[cython.double][:, ::1], code2: cython.const[cython.longlong][:, ::1],
                 type2: cython.const[cython.longlong][::1], stride2: cython.const[cython.longlong][::1],
                 x1: cython.const[cython.double][:, ::1], x2: cython.const[cython.double][:, ::1],
                 w1: cython.const[cython.double][:, :, :, ::1], w2: cython.const[cython.double][:, :, :, ::1],
                 scores: cython.const[cython.short][::1], faces: cython.longlong[::1],
                 uniform: cython.double[::1]) -> int:
    """Play matches between two race-aware players (player 1 first); returns player 1's wins. faces (six)
    and uniform (any length) are scratch."""
    wins: cython.Py_ssize_t = 0
    pos: cython.Py_ssize_t = uniform.shape[0]
    own0: cython.Py_ssize_t
    own1: cython.Py_ssize_t
    player: cython.Py_ssize_t
    a: cython.Py_ssize_t
    b: cython.Py_ssize_t
    n_dice: cython.Py_ssize_t
    all_dice: cython.longlong
    level: cython.Py_ssize_t
    left: cython.longlong
    banked: cython.Py_ssize_t
    sub: cython.longlong
    rest: cython.longlong
    state: cython.longlong
    s: cython.Py_ssize_t
    nl: cython.Py_ssize_t
    best_level: cython.Py_ssize_t
    best_left: cython.longlong
    best_state: cython.longlong
    best_value: cython.double
    v: cython.double
    bank: cython.double
    _: cython.Py_ssize_t
    for _ in range(n_matches):
        own0 = 0
        own1 = 0
        player = 0
        while True:
            a = own0 if player == 0 else own1
            b = own1 if player == 0 else own0
            n_dice = cum1.shape[0] if player == 0 else cum2.shape[0]
            all_dice = (1 << n_dice) - 1
            level = 0
            left = all_dice
            banked = -1
            while True:
                if player == 0:
                    pos = _roll(left, cum1, faces, rng, uniform, pos)
                else:
                    pos = _roll(left, cum2, faces, rng, uniform, pos)
                best_value = -1.0
                best_level = -1
                best_left = 0
                best_state = 0
                sub = left
                while sub > 0:
                    s = scores[_code(sub, faces, code1) if player == 0 else _code(sub, faces, code2)]
                    if s > 0:
                        rest = left & ~sub
                        if rest == 0:
                            rest = all_dice
                        if player == 0:
                            state = _state(rest, n_dice, type1, stride1)
                        else:
                            state = _state(rest, n_dice, type2, stride2)
                        nl = level + s
                        if a + nl >= target:
                            v = 1.0
                        else:
                            v = w1[a, b, nl, state] if player == 0 else w2[a, b, nl, state]
                        if v > best_value:
                            best_value = v
                            best_level = nl
                            best_left = rest
                            best_state = state
                    sub = (sub - 1) & left
                if best_level < 0:
                    break  # bust: nothing banked
                level = best_level
                left = best_left
                if a + level >= target:
                    banked = level
                    break
                bank = 1.0 - (x2[b, a + level] if player == 0 else x1[b, a + level])
                v = w1[a, b, level, best_state] if player == 0 else w2[a, b, level, best_state]
                if not (v > bank):
                    banked = level
                    break
            if banked > 0:
                if player == 0:
                    own0 += banked
                    if own0 >= target:
                        wins += 1
                        break
                else:
                    own1 += banked
                    if own1 >= target:
                        break
            player = 1 - player
    return int(wins)
