"""Poker dice at the table, you against the computer (2 to 6 players): the play session.

A game: the players roll in seat order; each rolls five dice, keeps any of them and re-rolls the rest, up
to three rolls (with the roll limit, later players no more than the first used), and may stand early.
The best hand wins; tied best hands replay between the tied players, in the same order, until one wins.
The computer plays the exact strategy (`strategy.Seat`): the last player maximizes the chance to beat
the best hand so far with a tie worth its replay, earlier players their chance to win the game.

State (JSON): `options` = {players, position (your seat, 1 = first), roll_limit, and the variant flags
straights, straight_above_full_house, flush, ace_high, poker_faces}; `data` = {seats (names in seat
order), game, round (1 + replays), order (seat numbers 0.. playing this round, in order), finals (the
final hands of those who have played, in order), rolls_used (theirs), dice (the hand of the player to
move, sorted face numbers 1-6), rolls (rolls used by the player to move), allowed (rolls allowed to
them), winner (seat number, or null while playing)}; `tally` = {games, won, lost}.
Actions: {"type": "keep", "keep": [faces 1-6, sorted]} (all five dice: stand), {"type": "next"}.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from itertools import product

from ...errors import InputError
from ..base import Decision, Hint, State, random_generator
from .inputs import MAX_SEED, parse_position, parse_seed
from .rules import Variant, _shown, describe, hand_labels, hand_text, parse_keep
from .solver import ROLLS, setup
from .strategy import Seat, hand_index, keep_options, option_list, situation

__all__ = [
    "DEFAULT_OPTIONS", "GAME", "actions", "advice", "check_state", "computer_action", "new_game", "normalize_options",
    "parse_action", "step", "variant_of",
]

GAME = "poker-dice"
DEFAULT_OPTIONS = {
    "players": 2, "position": 1, "roll_limit": False, "straights": True, "straight_above_full_house": False,
    "flush": False, "ace_high": False, "poker_faces": False,
}
_VARIANT_KEYS = ("straights", "straight_above_full_house", "flush", "ace_high", "poker_faces")


def normalize_options(options: Mapping | None) -> dict:
    """The game's options with defaults filled in; InputError names an unknown or bad one."""
    if options is not None and not isinstance(options, Mapping):
        raise InputError(f"options must be a JSON object, got {_shown(options)}")
    out = dict(DEFAULT_OPTIONS)
    for key, value in dict(options or {}).items():
        if key not in DEFAULT_OPTIONS:
            raise InputError(f"unknown option {_shown(key)}; known: {', '.join(DEFAULT_OPTIONS)}")
        out[key] = value
    for key in ("players", "position"):
        if isinstance(out[key], bool) or not isinstance(out[key], int):
            raise InputError(f"option {key} must be a whole number, got {_shown(out[key])}")
    for key in ("roll_limit", *_VARIANT_KEYS):
        if not isinstance(out[key], bool):
            raise InputError(f"option {key} must be true or false, got {_shown(out[key])}")
    parse_position(out["position"], out["players"])  # reads players too: "players must be a whole number 2 to 6"
    variant_of(out)  # the variant's own checks (the flush rule and a straight above need straights)
    return out


def variant_of(options: Mapping) -> Variant:
    """The rule variant named by a session's options."""
    if not isinstance(options, Mapping):
        raise InputError(f"options must be a JSON object, got {_shown(options)}")
    flags = tuple(options.get(k, DEFAULT_OPTIONS[k]) for k in _VARIANT_KEYS)
    bad = [k for k, v in zip(_VARIANT_KEYS, flags) if not isinstance(v, bool)]
    if bad:
        raise InputError(f"option {bad[0]} must be true or false, got {_shown(options[bad[0]])}")
    return _variant(flags)


@lru_cache(maxsize=64)
def _variant(flags: tuple) -> Variant:
    return Variant(**dict(zip(_VARIANT_KEYS, flags)))


_DATA_KEYS = ("seats", "game", "round", "order", "finals", "rolls_used", "dice", "rolls", "allowed", "winner")


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_hand(value: object) -> bool:
    """Five faces 1-6 as a sorted list of whole numbers (how the state keeps a hand)."""
    return (isinstance(value, list) and len(value) == 5 and all(_whole(f) and 1 <= f <= 6 for f in value)
            and value == sorted(value))


def _bad_state(what: str) -> None:
    raise InputError(f"not a poker dice game state: {what}")


def check_state(state: State) -> State:
    """The state itself if it is one this session could have reached; InputError names the first bad part.

    Every verb that takes a state checks it first, so a state from JSON (a web client, a file) that was
    changed by hand is refused in one line, never a crash deeper in. The last states checked or made here
    are known by identity and not checked again (a State is immutable: a simulation steps many times).
    """
    if any(state is known for known in _KNOWN):
        return state
    _check(state)
    _remember(state)
    return state


_KNOWN: list = []  # the last few states checked or made here (references: an id is never reused meanwhile)


def _remember(state: State) -> State:
    _KNOWN.append(state)
    if len(_KNOWN) > 4:
        del _KNOWN[0]
    return state


def _check(state: State) -> None:
    """check_state's work (see there)."""
    if not isinstance(state, State):
        raise InputError(f"a game state must be a State (State.from_json reads one), got {type(state).__name__}")
    if state.game != GAME:
        _bad_state(f"the game is {_shown(state.game)}, not {GAME!r}")
    if not isinstance(state.options, Mapping) or set(state.options) != set(DEFAULT_OPTIONS):
        _bad_state(f"options must name exactly {', '.join(DEFAULT_OPTIONS)}")
    opts = normalize_options(state.options)
    if not _whole(state.seed) or not 0 <= state.seed <= MAX_SEED:
        _bad_state(f"the seed must be a whole number 0 to {MAX_SEED}, got {_shown(state.seed)}")
    if not _whole(state.draws) or state.draws < 1:
        _bad_state(f"draws must be a whole number 1 or more, got {_shown(state.draws)}")
    if not isinstance(state.log, (tuple, list)) or not all(isinstance(x, str) for x in state.log):
        _bad_state("the log must be a list of lines")
    if not isinstance(state.decisions, (tuple, list)) or not all(
            isinstance(x, Decision) and all(isinstance(getattr(x, f), str)
                                            for f in ("position", "chosen", "best", "measure"))
            and isinstance(x.loss, (int, float)) and not isinstance(x.loss, bool) and 0 <= x.loss <= 1
            for x in state.decisions):
        _bad_state("decisions must each have texts and a loss 0 to 1")
    tally = state.tally
    if not isinstance(tally, Mapping) or set(tally) != {"games", "won", "lost"} or not all(
            _whole(tally[k]) and tally[k] >= 0 for k in tally) or tally["won"] + tally["lost"] != tally["games"]:
        _bad_state("tally must be {games, won, lost}: whole numbers 0 or more, won + lost = games")
    d = state.data
    if not isinstance(d, Mapping) or set(d) != set(_DATA_KEYS):
        _bad_state(f"data must name exactly {', '.join(_DATA_KEYS)}")
    players, you = opts["players"], opts["position"] - 1
    if d["seats"] != _seat_names(players, opts["position"]):
        _bad_state(f"seats must be {_seat_names(players, opts['position'])}")
    over = state.phase == "over"
    if state.phase not in ("roll", "over"):
        _bad_state(f"the phase must be 'roll' or 'over', got {_shown(state.phase)}")
    if not _whole(d["game"]) or d["game"] != tally["games"] + (0 if over else 1):
        _bad_state("game must be the games played so far (+ 1 while one is played)")
    if not _whole(d["round"]) or d["round"] < 1:
        _bad_state("round must be a whole number 1 or more")
    order = d["order"]
    if not (isinstance(order, list) and 2 <= len(order) <= players and all(_whole(i) for i in order)
            and order == sorted(set(order)) and 0 <= order[0] and order[-1] < players):
        _bad_state(f"order must be 2 to {players} different seats 0 to {players - 1}, in seat order")
    if d["round"] == 1 and order != list(range(players)):
        _bad_state("in round 1 every seat plays")
    finals, used = d["finals"], d["rolls_used"]
    if not (isinstance(finals, list) and isinstance(used, list) and len(finals) == len(used)
            and len(finals) <= len(order) and all(_is_hand(h) for h in finals)
            and all(_whole(u) and 1 <= u <= ROLLS for u in used)):
        _bad_state(f"finals must be hands (5 sorted faces 1-6), one per seat that played, with its rolls 1 to {ROLLS}")
    if opts["roll_limit"] and any(u > used[0] for u in used):
        _bad_state("under the roll limit no one rolls more times than the first player")
    for key in ("rolls", "allowed"):
        if not _whole(d[key]) or not 0 <= d[key] <= ROLLS:
            _bad_state(f"{key} must be a whole number 0 to {ROLLS}")
    if over:
        winner = d["winner"]
        if not (_whole(winner) and winner in order and len(finals) == len(order) and d["dice"] == []
                and d["rolls"] == 0 and state.to_move == ""):
            _bad_state("a game over has a winner among the seats of the round, every final hand and no dice")
        ranks = setup(variant_of(opts)).ranks
        hand_ranks = [int(ranks[hand_index(f)]) for f in finals]
        if hand_ranks.count(max(hand_ranks)) != 1 or order[hand_ranks.index(max(hand_ranks))] != winner:
            _bad_state("the winner must hold the one best final hand")
        return
    if d["winner"] is not None or len(finals) >= len(order):
        _bad_state("a game being played has no winner yet and a seat still to play")
    allowed = ROLLS if not finals or not opts["roll_limit"] else used[0]
    if d["allowed"] != allowed:
        _bad_state(f"allowed must be {allowed} here"
                   + (" (the roll limit: the first player's rolls)" if finals and opts["roll_limit"] else ""))
    if allowed < 2:
        _bad_state("a player allowed one roll stands on it: no one is to move")
    if not _is_hand(d["dice"]) or not 1 <= d["rolls"] < allowed:
        _bad_state(f"the player to move has 5 dice (sorted faces 1-6) and has used 1 to {allowed - 1} "
                   f"of {allowed} rolls")
    to_move = "player" if order[len(finals)] == you else "computer"
    if state.to_move != to_move:
        _bad_state(f"to_move must be {to_move!r} here")


def _copy(data: Mapping) -> dict:
    """A copy of the session data deep enough to change (lists of lists at most)."""
    return {k: [list(v) if isinstance(v, list) else v for v in value] if isinstance(value, list) else value
            for k, value in data.items()}


def _seat_names(players: int, position: int) -> list[str]:
    names, computers = [], 0
    for seat in range(1, players + 1):
        if seat == position:
            names.append("you")
        else:
            computers += 1
            names.append("computer" if players == 2 else f"computer {computers}")
    return names


def _says(name: str, verb: str) -> str:
    """"you roll" / "computer rolls"."""
    return f"{name} {verb}" if name == "you" else f"{name} {verb}s"


class _Step:
    """One step's work on a copy of the state's data: at most one random generator, log lines added."""

    def __init__(self, state: State):
        self.state = state
        self.options = state.options
        self.variant = variant_of(state.options)
        self.d = _copy(state.data)
        self.tally = dict(state.tally)
        self.log: list[str] = []
        self.rng = None

    def roll(self, n: int) -> list[int]:
        if self.rng is None:
            self.rng = random_generator(self.state)
        return [int(x) for x in self.rng.integers(1, 7, size=n)]

    def name(self) -> str:
        return self.d["seats"][self.d["order"][len(self.d["finals"])]]

    def start_game(self) -> None:
        players, position = self.options["players"], self.options["position"]
        seats = _seat_names(players, position)
        self.d = {"seats": seats, "game": int(self.tally["games"]) + 1, "round": 1,
                  "order": list(range(players)), "finals": [], "rolls_used": [], "dice": [], "rolls": 0,
                  "allowed": ROLLS, "winner": None}
        self.log.append(f"-- game {self.d['game']}: {', '.join(seats)} --")
        self.start_turn()

    def start_turn(self) -> None:
        d = self.d
        first = not d["finals"]
        d["allowed"] = ROLLS if first or not self.options["roll_limit"] else d["rolls_used"][0]
        d["dice"] = sorted(self.roll(5))
        d["rolls"] = 1
        self.log.append(f"{_says(self.name(), 'roll')} {describe(d['dice'], self.variant)}")
        if d["allowed"] == 1:
            self.stand("no rolls left under the roll limit")

    def keep(self, keep: list[int]) -> None:
        d = self.d
        if len(keep) == 5:
            self.stand()
            return
        new = self.roll(5 - len(keep))
        d["dice"] = sorted(keep + new)
        d["rolls"] += 1
        kept = hand_text(keep, self.variant) or "nothing"
        self.log.append(f"{_says(self.name(), 'keep')} {kept}, re-rolls {5 - len(keep)}: "
                        f"{hand_text(new, self.variant)} -> {describe(d['dice'], self.variant)}")
        if d["rolls"] == d["allowed"]:
            self.stand("no rolls left")

    def stand(self, why: str = "") -> None:
        d = self.d
        self.log.append(f"{_says(self.name(), 'stand')} on {describe(d['dice'], self.variant)}"
                        + (f" ({why})" if why else ""))
        d["finals"].append(d["dice"])
        d["rolls_used"].append(d["rolls"])
        d["dice"], d["rolls"] = [], 0
        if len(d["finals"]) < len(d["order"]):
            self.start_turn()
        else:
            self.end_round()

    def end_round(self) -> None:
        d = self.d
        ranks = setup(self.variant).ranks
        hand_ranks = [int(ranks[hand_index(f)]) for f in d["finals"]]
        top = max(hand_ranks)
        tied = [i for i, r in enumerate(hand_ranks) if r == top]
        best = describe(d["finals"][tied[0]], self.variant)
        if len(tied) == 1:
            winner = d["order"][tied[0]]
            d["winner"] = winner
            name = d["seats"][winner]
            self.log.append(f"{_says(name, 'win')} with {best}")
            you = self.options["position"] - 1
            self.tally = {"games": int(self.tally["games"]) + 1,
                          "won": int(self.tally["won"]) + (winner == you),
                          "lost": int(self.tally["lost"]) + (winner != you)}
            return
        names = [d["seats"][d["order"][i]] for i in tied]
        d["order"] = [d["order"][i] for i in tied]
        d["round"] += 1
        d["finals"], d["rolls_used"] = [], []
        self.log.append(f"tie on {best}: {' and '.join(names)} replay (round {d['round']})")
        self.start_turn()

    def result(self, decisions: tuple[Decision, ...] = ()) -> State:
        d = self.d
        if d["winner"] is not None:
            phase, to_move = "over", ""
        else:
            you = self.options["position"] - 1
            phase = "roll"
            to_move = "player" if d["order"][len(d["finals"])] == you else "computer"
        return _remember(self.state.evolve(
            draws=self.state.draws + (self.rng is not None), phase=phase, to_move=to_move, data=d,
            tally=self.tally, log=(*self.state.log, *self.log), decisions=(*self.state.decisions, *decisions)))


def new_game(options: Mapping | None = None, seed: int = 0) -> State:
    """A new session: the first player has rolled. `options`: see the module docstring."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InputError(f"the seed must be a whole number 0 or more, got {_shown(seed)}")
    seed = parse_seed(seed)
    opts = normalize_options(options)
    state = State(game=GAME, options=opts, seed=seed, draws=0, phase="roll", to_move="", data={},
                  tally={"games": 0, "won": 0, "lost": 0})
    work = _Step(state)
    work.start_game()
    return work.result()


def _keeps(dice: list[int]) -> list[list[int]]:
    """Every distinct sub-multiset of the dice, as sorted face lists (all five first: stand)."""
    counts = [dice.count(f) for f in range(1, 7)]
    out = []
    for sub in product(*(range(c, -1, -1) for c in counts)):
        out.append([f for f, c in zip(range(1, 7), sub) for _ in range(c)])
    return out


def actions(state: State) -> list[dict]:
    """The legal actions of whoever is to move: every keep of the dice (all five: stand); `next` when over."""
    check_state(state)
    if state.over:
        return [{"type": "next"}]
    return [{"type": "keep", "keep": k} for k in _keeps(list(state.data["dice"]))]


def _seat(state: State) -> Seat:
    """The exact-strategy situation of the player to move."""
    d = state.data
    finals = d["finals"]
    ranks = setup(variant_of(state.options)).ranks
    best, holders = None, 1
    if finals:
        indices = [hand_index(f) for f in finals]
        best = max(indices, key=lambda h: ranks[h])
        holders = indices.count(best)
    return Seat(players=len(d["order"]), place=len(finals) + 1, best=best, holders=holders,
                rolls=int(d["allowed"]), roll_limit=bool(state.options["roll_limit"]))


def advice(state: State) -> Hint:
    """Every keep of the player to move, ranked by the chance to win the game (measure "win_chance")."""
    check_state(state)
    if state.over:
        raise InputError("the game is over: no keep to advise (start the next game)")
    d = state.data
    variant = variant_of(state.options)
    seat = _seat(state)
    to_beat = hand_labels(setup(variant).dice.lattice.hand_faces[seat.best], variant) if seat.best is not None \
        else None
    return Hint(game=GAME, position={
        "hand": hand_labels(d["dice"], variant), "rolls_left": int(d["allowed"]) - int(d["rolls"]),
        "to_beat": to_beat, "players": seat.players, "position": seat.place,
        "holders": seat.holders if seat.best is not None else 0, "roll_limit": seat.roll_limit,
        "rolls_allowed": seat.rolls,
        "situation": situation(seat.players, seat.place, seat.holders),
    }, measure="win_chance", options=option_list(variant, seat, list(d["dice"]), int(d["rolls"])))


def computer_action(state: State) -> dict:
    """The exact strategy's move for whoever is to move (the computer's, or yours for a simulation)."""
    check_state(state)
    if state.over:
        return {"type": "next"}
    keep = keep_options(variant_of(state.options), _seat(state), list(state.data["dice"]),
                        int(state.data["rolls"]))[0][0]
    return {"type": "keep", "keep": list(keep)}


def _legal(state: State, action: dict) -> bool:
    """Is `action` (normalized) one of actions(state)? Checked directly: a simulation steps many times."""
    if state.over:
        return action == {"type": "next"}
    keep = action.get("keep")
    if set(action) != {"type", "keep"} or action["type"] != "keep" or not isinstance(keep, list) or len(keep) > 5:
        return False
    dice = list(state.data["dice"])
    return all(isinstance(f, int) and not isinstance(f, bool) and keep.count(f) <= dice.count(f) for f in keep)


def _normal(action) -> dict:
    """An action with its keep sorted (dice are a multiset; the order typed does not matter)."""
    if not isinstance(action, Mapping):
        raise InputError(f"an action must be a JSON object, got {_shown(action)}")
    action = dict(action)
    keep = action.get("keep")
    if isinstance(keep, (list, tuple)) and all(isinstance(f, int) and not isinstance(f, bool) for f in keep):
        action["keep"] = sorted(keep)
    return action


def step(state: State, action: Mapping) -> State:
    """The state after `action` (pure: the same state and action give the same result)."""
    check_state(state)
    action = _normal(action)
    if not _legal(state, action):
        raise InputError(f"action {_shown(action, 60)} is not legal now (phase {state.phase!r}; "
                         f"legal type: {'next' if state.over else 'keep, of dice you rolled'})")
    work = _Step(state.restarted() if action["type"] == "next" else state)
    if action["type"] == "next":
        work.start_game()
        return work.result()
    decisions: tuple[Decision, ...] = ()
    if state.to_move == "player":
        hint = advice(state)
        chosen = hint.option_for(action)
        d = state.data
        decisions = (Decision(
            position=f"roll {d['rolls']}: {hand_text(d['dice'], work.variant)}",  # short: review lines fit 80
            chosen=chosen.option, best=hint.best.option, loss=chosen.loss, measure=hint.measure),)
    work.keep(list(action["keep"]))
    return work.result(decisions)


def parse_action(state: State, text: str) -> dict:
    """What the player typed: faces to keep ("6 6", "A A K"), "all" or Enter to stand, "none" to roll all."""
    check_state(state)
    if not isinstance(text, str):
        raise InputError(f"a move is typed text, got {_shown(text)}")
    t = text.strip().lower()
    if state.over:
        if t in ("", "n", "next", "y", "yes"):
            return {"type": "next"}
        raise InputError(f"the game is over: type next for another, not {_shown(text)}")
    dice = list(state.data["dice"])
    if t in ("", "all", "stand"):
        keep = dice
    elif t in ("none", "roll"):
        keep = []
    else:
        keep = list(parse_keep(text, variant_of(state.options), dice))
    return {"type": "keep", "keep": keep}
