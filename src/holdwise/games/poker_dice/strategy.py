"""The exact strategy of any player at the table, and the hint that ranks every keep by the chance to win.

A seat is one player's situation in a round: how many players take part (2 to 6), the place in the order,
the best hand so far and how many earlier players hold it, and the rolls allowed. Its payout is the chance
to win the game after standing on each final hand, with tied best hands worth their replay (from the
N-player solution, `rounds`). With the roll limit, the first player's payout
depends on how many rolls he used, since the others may not roll more.

The seat's values come from rolls used u = rolls allowed down to 1: V_R(h) = pay_R(h) and
V_u(h) = max(pay_u(h), max_{k proper sub-keep of h} E_u(k)), E_u(k) = Σ_r P(r) V_{u+1}(k + r).
Keeping all five dice is standing: it is worth pay_u(h) (a roll rolls at least one die).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement, product

import numpy as np

from ...errors import InputError
from ...solver import expect, faces_to_counts, optimal_keeps
from ..base import Hint, Option, Progress
from .inputs import parse_players, parse_position, parse_rolls_allowed, parse_rolls_left, parse_whole
from .option_kernels import options_of_keeps
from .rounds import MAX_PLAYERS, MIN_PLAYERS, first_pays, seat_pays
from .rules import Variant, hand_labels, parse_hand
from .solver import ROLLS, plain_variant, setup
from .sources import PURE, Solutions
from .table import six_face_table

__all__ = [
    "TIE_TOLERANCE", "Seat", "best_keep", "checked_hint", "hand_index", "hint", "keep_options", "option_list", "seat_plan",
    "seat_value", "situation",
]

TIE_TOLERANCE = 1e-12  # keeps this close in win chance are equal: the one with more dice is preferred


@dataclass(frozen=True)
class Seat:
    """One player's situation: `players` in the round (2 to 6), `place` in its order (1 = first), the hand
    index `best` of the best hand so far (None for the first), `holders` (how many earlier players hold
    it), `rolls` allowed to this player and whether the roll limit is played."""

    players: int
    place: int
    best: int | None = None
    holders: int = 1
    rolls: int = ROLLS
    roll_limit: bool = False


def hand_index(faces: Sequence[int]) -> int:
    """The index of a five-dice hand (faces 1-6) among the 252 hands."""
    return _hand_index(tuple(sorted(int(f) for f in faces)))


@lru_cache(maxsize=512)
def _hand_index(faces: tuple[int, ...]) -> int:
    lat = setup(Variant()).dice.lattice
    return int(lat.hand_index(faces_to_counts(faces, 6)))


def _payouts(variant: Variant, seat: Seat, solutions: Solutions) -> list[np.ndarray]:
    """pays[u - 1][h]: the seat's chance to win the game when it stands on hand h after u rolls."""
    s = setup(variant)
    table = six_face_table(plain_variant(variant))
    solution = solutions.table(variant, seat.players, seat.roll_limit)
    if seat.place == 1:
        pays = table.hand_pays(first_pays(solution, seat.players))  # by rolls used with the limit
        return [pays[u - 1] if seat.roll_limit else pays[0] for u in range(1, seat.rolls + 1)]
    best_class = int(s.ranks[seat.best])
    pay = seat_pays(solution, seat.players, seat.place, best_class, seat.holders, seat.rolls)
    return [table.hand_pays(pay)] * seat.rolls


@lru_cache(maxsize=4096)
def seat_plan(variant: Variant, seat: Seat,
              solutions: Solutions = PURE) -> tuple[tuple[np.ndarray, ...], dict[int, np.ndarray], float]:
    """(pays by rolls used, E_u of every keep by rolls used u < rolls, the seat's value before rolling)."""
    if not MIN_PLAYERS <= seat.players <= MAX_PLAYERS or not 1 <= seat.place <= seat.players:
        raise InputError(f"no place {seat.place} among {seat.players} players")
    if seat.place > 1 and seat.best is None:
        raise InputError("a later player needs the hand to beat")
    if seat.place > 1 and not 1 <= seat.holders < seat.place:
        raise InputError(f"the hand to beat is held by 1 to {seat.place - 1} earlier players, not {seat.holders}")
    if not 1 <= seat.rolls <= ROLLS:
        raise InputError(f"rolls allowed must be 1 to {ROLLS}, got {seat.rolls}")
    s = setup(variant)
    lat = s.dice.lattice
    probs = s.dice.face_probabilities()
    pays = tuple(_payouts(variant, seat, solutions))
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


def seat_value(variant: Variant, seat: Seat, solutions: Solutions = PURE) -> float:
    """The seat's chance to win the game before its first roll, under exact play."""
    return seat_plan(variant, seat, solutions)[2]


def keep_options(variant: Variant, seat: Seat, hand: Sequence[int], rolls_used: int,
                 solutions: Solutions = PURE) -> list[tuple[tuple[int, ...], float]]:
    """Every distinct keep of `hand` after `rolls_used` rolls with its win chance, best first (see _keep_options)."""
    return list(_keep_options(variant, seat, tuple(sorted(int(f) for f in hand)), rolls_used, solutions))


# cached: a session asks at every step, a simulation many times over
@lru_cache(maxsize=65536)
def _keep_options(variant: Variant, seat: Seat, hand: tuple[int, ...], rolls_used: int,
                  solutions: Solutions = PURE) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every distinct keep of `hand` after `rolls_used` rolls with its win chance, best first.

    Keeps within TIE_TOLERANCE count as equal: more dice first (standing before rolling), then the higher
    lattice place, so the order (and the computer's choice) is the same on every machine.
    """
    pays, keep_values, _ = seat_plan(variant, seat, solutions)
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


def best_keep(variant: Variant, seat: Seat, hand: Sequence[int], rolls_used: int,
              solutions: Solutions = PURE) -> tuple[int, ...]:
    """The exact strategy's keep (all five dice = stand)."""
    return keep_options(variant, seat, hand, rolls_used, solutions)[0][0]


_ORDINAL = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}
_NUMBER = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def situation(players: int, position: int, holders: int = 1) -> str:
    """What the win chance of a place at the table means, in words."""
    n = _NUMBER[players]
    if position == 1:
        return "chance to win the duel moving first" if players == 2 else f"chance to win moving first of {n}"
    if players == 2:
        return "chance to win as the second of two players (ties replayed)"
    if position < players:
        to_come = players - position
        later = f"player {players}" if to_come == 1 else f"players {position + 1}-{players}"
        return f"chance to win as the {_ORDINAL[position]} of {n} ({later} still to roll)"
    if holders == 1:
        return f"chance to win as the last of {n} (ties replayed)"
    held = "both others hold" if holders == 2 and players == 3 else f"{_NUMBER[holders]} others hold"
    return f"chance to win as the last of {n} against a hand {held} (ties replayed)"


def option_list(variant: Variant, seat: Seat, hand: Sequence[int], rolls_used: int,
                solutions: Solutions = PURE) -> tuple[Option, ...]:
    """The ranked keeps as hint options: text as the player types it, the keep's labels, the session action."""
    # built afresh each time (the ranking is cached): a caller may change an option's dicts and lists
    rows = _keep_options(variant, seat, tuple(sorted(int(f) for f in hand)), rolls_used, solutions)
    # compiled: the options are KernelOptions (read as Options are), made in a tenth of a dataclass's time
    return tuple(options_of_keeps(rows, _keep_texts(variant)))


@lru_cache(maxsize=64)
def _keep_texts(variant: Variant) -> dict[tuple[int, ...], tuple[str, tuple[str, ...]]]:
    """Every keep of 0 to 5 dice (sorted faces) with its option text as the player types it ("all" stands,
    "none" rolls all five again) and its labels (`hand_labels`): one table a variant, for every hint."""
    out = {}
    for size in range(6):
        for keep in combinations_with_replacement(range(1, 7), size):
            labels = tuple(hand_labels(keep, variant))
            out[keep] = ("all" if size == 5 else " ".join(labels) if keep else "none", labels)
    return out


def hint(hand: str | Sequence[int | str], rolls_left: int, variant: Variant = Variant(),
         to_beat: str | Sequence[int | str] | None = None, players: int = 2,
         position: int | None = None, holders: int = 1, roll_limit: bool = False,
         rolls_allowed: int | None = None, progress: Progress | None = None, *,
         solutions: Solutions = PURE) -> Hint:
    """Every keep of `hand` with `rolls_left` rolls to come, ranked by the chance to win ("win_chance").

    position 1 (the default without `to_beat`): first to roll, against exact players after. A later
    position (default: the last) plays against the best hand so far `to_beat`, held by `holders` earlier
    players (a tie on it replays the tied players' game), with the players after it still to roll.
    With `roll_limit` no one rolls more often than the first player: his chance then depends on the rolls
    he uses, and a later player is allowed `rolls_allowed` (the first player's rolls, 2 or 3; default 3).
    The table of `players` (2 to 6) comes from `solutions` (solved once a process; six players: a few
    seconds; `progress(done, total)` reports its progress; the face's `hint` keeps it on disk too).
    """
    if not isinstance(variant, Variant):
        raise InputError(f"variant must be a poker dice Variant, got {type(variant).__name__}")
    rolls_left = parse_rolls_left(rolls_left)
    players = parse_players(players)
    position = (1 if to_beat is None else players) if position is None else parse_position(position, players)
    if progress is not None and not callable(progress):
        raise InputError("progress must be a function (done, total) or None")
    if (position == 1) != (to_beat is None):
        raise InputError("give the hand to beat for a later position, and none for the first")
    holders = parse_whole(holders, "holders", 1, max(1, position - 1), "earlier players holding the hand to beat")
    allowed = parse_rolls_allowed(roll_limit, rolls_allowed, position, rolls_left)
    faces = parse_hand(hand, variant)
    beat = parse_hand(to_beat, variant) if to_beat is not None else None
    return checked_hint(faces, rolls_left, variant, beat, players, position, holders, roll_limit, allowed, progress,
                        solutions)


def checked_hint(faces: tuple[int, ...], rolls_left: int, variant: Variant, beat: tuple[int, ...] | None,
                 players: int, position: int, holders: int, roll_limit: bool, allowed: int,
                 progress: Progress | None = None, solutions: Solutions = PURE) -> Hint:
    """`hint` of a position already read and checked (as the face's `parse_hint` does): sorted faces, the hand
    to beat as sorted faces, the rolls allowed."""
    solutions.table(variant, players, roll_limit, progress)  # solved once and kept: the payouts read it
    seat = Seat(players, position, hand_index(beat) if beat is not None else None, holders, allowed, roll_limit)
    options = option_list(variant, seat, faces, allowed - rolls_left, solutions)
    return Hint(game="poker-dice", position={
        "hand": hand_labels(faces, variant), "rolls_left": rolls_left,
        "to_beat": hand_labels(beat, variant) if beat is not None else None, "players": players,
        "position": position, "holders": holders if beat is not None else 0, "roll_limit": roll_limit,
        "rolls_allowed": allowed, "situation": situation(players, position, holders),
    }, measure="win_chance", options=options)
