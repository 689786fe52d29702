"""The exact strategy of any player at the table, and the hint that ranks every keep by the chance to win.

A seat is one player's situation in a round: how many players take part (2 or 3), the place in the order,
the best hand so far (and, for the last of three, whether both earlier players hold it) and the rolls
allowed. Its payout is the chance to win the game after standing on each final hand, with tied best
hands worth their replay (from the solutions in `solver`). With the roll limit, the first player's payout
depends on how many rolls he used, since the others may not roll more.

The seat's values come from rolls used u = rolls allowed down to 1: V_R(h) = pay_R(h) and
V_u(h) = max(pay_u(h), max_{k proper sub-keep of h} E_u(k)), E_u(k) = Σ_r P(r) V_{u+1}(k + r).
Keeping all five dice is standing: it is worth pay_u(h) (a roll rolls at least one die).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

import numpy as np

from ...errors import InputError
from ...solver import expect, faces_to_counts, optimal_keeps
from ..base import Hint, Option
from .inputs import parse_players, parse_position, parse_rolls_left
from .rules import Variant, hand_labels, hand_text, parse_hand
from .solver import ROLLS, beat_payout, duel_solution, setup, three_solution

__all__ = [
    "TIE_TOLERANCE", "Seat", "best_keep", "hand_index", "hint", "keep_options", "option_list", "seat_plan",
    "seat_value", "situation",
]

TIE_TOLERANCE = 1e-12  # keeps this close in win chance are equal: the one with more dice is preferred


@dataclass(frozen=True)
class Seat:
    """One player's situation: `players` in the round, `place` in its order (1 = first), the hand index
    `best` of the best hand so far (None for the first), `tied` (the last of three: both earlier players
    hold it), `rolls` allowed to this player and whether the roll limit is played."""

    players: int
    place: int
    best: int | None = None
    tied: bool = False
    rolls: int = ROLLS
    roll_limit: bool = False


def hand_index(faces: Sequence[int]) -> int:
    """The index of a five-dice hand (faces 1-6) among the 252 hands."""
    return _hand_index(tuple(sorted(int(f) for f in faces)))


@lru_cache(maxsize=512)
def _hand_index(faces: tuple[int, ...]) -> int:
    lat = setup(Variant()).dice.lattice
    return int(lat.hand_index(faces_to_counts(faces, 6)))


def _payouts(variant: Variant, seat: Seat) -> list[np.ndarray]:
    """pays[u - 1][h]: the seat's chance to win the game when it stands on hand h after u rolls."""
    s = setup(variant)
    n = len(s.ranks)
    rolls = range(1, seat.rolls + 1)
    if seat.players == 2:
        duel = duel_solution(variant, seat.roll_limit)
        if seat.place == 1:
            v2 = duel.details["v2"]  # the second player's chance against each hand (per rolls with the limit)
            return [1.0 - (v2[u - 1] if seat.roll_limit else v2) for u in rolls]
        return [beat_payout(s, seat.best, 1.0 - duel.win[0])] * seat.rolls
    three = three_solution(variant, seat.roll_limit)
    duel, x = three.details["duel"], three.win
    if seat.place == 1:
        first_pay = three.details["first_pay"]
        return [first_pay[u if seat.roll_limit else ROLLS] for u in rolls]
    if seat.place == 2:
        # the third player, limited to the same rolls, plays against the better of the two hands
        beat1, tied1 = three.details["third"][seat.rolls, False]
        beat2, tied2 = three.details["third"][seat.rolls, True]
        a = seat.best
        pay = s.beats[:, a] * (1.0 - beat1 - tied1 + tied1 * duel)
        pay = np.where(np.arange(n) == a, (1.0 - beat2[a] - tied2[a]) * (1.0 - duel) + tied2[a] * x[1], pay)
        return [pay] * seat.rolls
    return [beat_payout(s, seat.best, x[2] if seat.tied else 1.0 - duel)] * seat.rolls


@lru_cache(maxsize=4096)
def seat_plan(variant: Variant, seat: Seat) -> tuple[tuple[np.ndarray, ...], dict, float]:
    """(pays by rolls used, E_u of every keep by rolls used u < rolls, the seat's value before rolling)."""
    if seat.players not in (2, 3) or not 1 <= seat.place <= seat.players:
        raise InputError(f"no place {seat.place} among {seat.players} players")
    if seat.place > 1 and seat.best is None:
        raise InputError("a later player needs the hand to beat")
    if not 1 <= seat.rolls <= ROLLS:
        raise InputError(f"rolls allowed must be 1 to {ROLLS}, got {seat.rolls}")
    s = setup(variant)
    lat = s.dice.lattice
    probs = s.dice.face_probabilities()
    pays = tuple(_payouts(variant, seat))
    values = pays[-1]
    keep_values = {}
    for u in range(seat.rolls - 1, 0, -1):
        e = expect(lat, probs, values)
        keep_values[u] = e
        proper = e.copy()
        proper[lat.hands] = -1.0  # keeping all five is standing, worth pays[u - 1]
        best, _ = optimal_keeps(lat, proper, TIE_TOLERANCE)
        values = np.maximum(pays[u - 1], best)
    return pays, keep_values, float(s.dice.first_roll() @ values)


def seat_value(variant: Variant, seat: Seat) -> float:
    """The seat's chance to win the game before its first roll, under exact play."""
    return seat_plan(variant, seat)[2]


def keep_options(variant: Variant, seat: Seat, hand: Sequence[int], rolls_used: int) -> list[tuple[tuple[int, ...], float]]:
    """Every distinct keep of `hand` after `rolls_used` rolls with its win chance, best first (see _keep_options)."""
    return list(_keep_options(variant, seat, tuple(sorted(int(f) for f in hand)), rolls_used))


# cached: a session asks at every step, a simulation many times over
@lru_cache(maxsize=65536)
def _keep_options(variant: Variant, seat: Seat, hand: tuple[int, ...], rolls_used: int) -> tuple:
    """Every distinct keep of `hand` after `rolls_used` rolls with its win chance, best first.

    Keeps within TIE_TOLERANCE count as equal: more dice first (standing before rolling), then the higher
    lattice place, so the order (and the computer's choice) is the same on every machine.
    """
    pays, keep_values, _ = seat_plan(variant, seat)
    if not 1 <= rolls_used < seat.rolls:
        raise InputError(f"no decision after roll {rolls_used} of {seat.rolls}")
    faces, sizes, index = _sub_keeps(hand)
    values = keep_values[rolls_used][index].tolist()
    stand = float(pays[rolls_used - 1][hand_index(hand)])
    rows = [(f, stand if size == 5 else v, size, i) for f, v, size, i in zip(faces, values, sizes, index.tolist())]
    top = max(r[1] for r in rows)
    # snap near-ties to the top value's class so that more dice win them
    rows.sort(key=lambda r: (r[1] >= top - TIE_TOLERANCE, r[1] if r[1] < top - TIE_TOLERANCE else 0.0,
                             r[2], r[3]), reverse=True)
    return tuple((faces, value) for faces, value, _, _ in rows)


@lru_cache(maxsize=512)
def _sub_keeps(hand: tuple[int, ...]) -> tuple[list[tuple[int, ...]], list[int], np.ndarray]:
    """Every distinct sub-multiset of a hand: its faces, its size and its lattice index."""
    lat = setup(Variant()).dice.lattice
    counts = faces_to_counts(hand, 6)
    subs = np.array(list(product(*(range(int(c) + 1) for c in counts))), dtype=np.int64)
    faces = [tuple(f for f, c in zip(range(1, 7), row) for _ in range(c)) for row in subs.tolist()]
    return faces, subs.sum(axis=1).tolist(), lat.index_of(subs)


def best_keep(variant: Variant, seat: Seat, hand: Sequence[int], rolls_used: int) -> tuple[int, ...]:
    """The exact strategy's keep (all five dice = stand)."""
    return keep_options(variant, seat, hand, rolls_used)[0][0]


def situation(players: int, position: int, tied: bool) -> str:
    """What the win chance of a place at the table means, in words."""
    if position == 1:
        return "chance to win the duel moving first" if players == 2 else "chance to win moving first of three"
    if players == 2:
        return "chance to win as the second of two players (ties replayed)"
    if position == 2:
        return "chance to win as the second of three (player 3 still to roll)"
    if tied:
        return "chance to win as the last of three against a hand both others hold (ties replayed)"
    return "chance to win as the last of three (ties replayed)"


def option_list(variant: Variant, seat: Seat, hand: Sequence[int], rolls_used: int) -> tuple[Option, ...]:
    """The ranked keeps as hint options: text as the player types it, the keep's labels, the session action."""
    # built afresh each time (the ranking is cached): a caller may change an option's dicts
    rows = _keep_options(variant, seat, tuple(sorted(int(f) for f in hand)), rolls_used)
    top = rows[0][1]
    out = []
    for keep, value in rows:
        # as typed at the prompt: "all" stands, "none" rolls all five again
        text = "all" if len(keep) == 5 else (hand_text(keep, variant) if keep else "none")
        out.append(Option(option=text, value=value, loss=max(0.0, top - value),
                          action={"type": "keep", "keep": list(keep)},
                          extras={"keep": hand_labels(keep, variant), "stand": len(keep) == 5}))
    return tuple(out)


def hint(hand: str | Sequence[int | str], rolls_left: int, variant: Variant = Variant(),
         to_beat: str | Sequence[int | str] | None = None, players: int = 2,
         position: int | None = None, tied: bool = False,
         on_step: Callable[[int, int], None] | None = None) -> Hint:
    """Every keep of `hand` with `rolls_left` rolls to come, ranked by the chance to win ("win_chance").

    position 1 (the default without `to_beat`): first to roll, against exact players after. In a duel,
    position 2 plays against `to_beat` (a tie replays the duel). With three players, position 2 plays
    against player 1's hand `to_beat` with player 3 still to come, and position 3 against the best hand
    so far `to_beat` (`tied`: both earlier players hold it, so a tie replays all three). Three players
    solve the whole game once (under a second, cached; `on_step(done, total)` reports its progress).
    """
    if not isinstance(variant, Variant):
        raise InputError(f"variant must be a poker dice Variant, got {type(variant).__name__}")
    rolls_left = parse_rolls_left(rolls_left)
    players = parse_players(players)
    position = (1 if to_beat is None else players) if position is None else parse_position(position, players)
    if not isinstance(tied, bool):
        raise InputError(f"tied must be true or false, got {tied!r:.24}")
    if on_step is not None and not callable(on_step):
        raise InputError("on_step must be a function (done, total) or None")
    if (position == 1) != (to_beat is None):
        raise InputError("give the hand to beat for a later position, and none for the first")
    if tied and not (players == 3 and position == 3):
        raise InputError("tied is for the last of three players (both earlier players hold the hand to beat)")
    faces = parse_hand(hand, variant)
    beat = parse_hand(to_beat, variant) if to_beat is not None else None
    if players == 3:
        three_solution(variant, on_step=on_step)  # solved once and cached: the seat's payout reads it
    seat = Seat(players, position, hand_index(beat) if beat is not None else None, tied)
    options = option_list(variant, seat, faces, ROLLS - rolls_left)
    return Hint(game="poker-dice", position={
        "hand": hand_labels(faces, variant), "rolls_left": rolls_left,
        "to_beat": hand_labels(beat, variant) if beat is not None else None, "players": players,
        "position": position, "tied": tied, "situation": situation(players, position, tied),
    }, measure="win_chance", options=options)
