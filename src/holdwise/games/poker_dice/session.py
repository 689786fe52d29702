"""Poker dice at the table, you against the computer (2 to 6 players): the play session, for every kind of dice.

A game: the players roll in seat order; each rolls five dice, keeps any of them and re-rolls the rest, up
to three rolls (with the roll limit, later players no more than the first used), and may stand early.
The best hand wins; tied best hands replay between the tied players, in the same order, until one wins.
The computer plays the exact strategy: the last player maximizes the chance to beat the best hand so far
with a tie worth its replay, earlier players their chance to win the game.

The dice are a `kinds.DiceKind`, named by the option `rules`: "six" (six-faced dice under the variant flags
straights, straight_above_full_house, flush, ace_high, poker_faces), "royal" or "octahedral" (card dice), or
a card-dice set of one's own {"name", "dice": five lists of faces}. The session holds no branch on the kind.

State (JSON): `options` = {rules, players, position (your seat, 1 = first), roll_limit, and the variant flags};
`data` = {seats (names in seat order), game, round (1 + replays), order (seat numbers 0.. playing this round,
in order), finals (the final rolls of those who have played, in order), rolls_used (theirs), dice (the roll of
the player to move as the kind keeps it: six-faced dice their sorted faces 1-6, card dice the face index of
each die), rolls (rolls used by the player to move), allowed (rolls allowed to them), winner (seat number, or
null while playing)}; `tally` = {games, won, lost}.
Actions: {"type": "keep", "keep": [faces 1-6]} with six-faced dice, {"type": "keep", "dice": [die numbers 0-4]}
with card dice (all five: stand); {"type": "next"}.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from ...errors import InputError
from ...storage import keep_last
from ..base import Decision, Hint, State, random_generator
from ..inputs import shown
from .inputs import MAX_SEED, parse_position, parse_seed
from .kinds import FLAG_KEYS, DiceKind, seat_names
from .rules import Variant
from .solutions import dice_kind, table_file
from .solver import ROLLS

__all__ = [
    "DEFAULT_OPTIONS", "GAME", "WARM_OPTIONS", "actions", "advice", "check_state", "computer_action", "kind_of", "new_game",
    "normalize_options", "parse_action", "step", "variant_of",
]

GAME = "poker-dice"
DEFAULT_OPTIONS: dict[str, Any] = {
    "rules": "six", "players": 2, "position": 1, "roll_limit": False, "straights": True,
    "straight_above_full_house": False, "flush": False, "ace_high": False, "poker_faces": False,
}
# the tables a server solves at start: six-faced dice for two players, then three, the octahedral set for two
# (more players, and the royal set, when first asked); the disk budget removes their files last
WARM_OPTIONS: tuple[dict[str, Any], ...] = ({"players": 2}, {"players": 3}, {"rules": "octahedral"})
ALIASES = {"dice_set": "rules"}  # the card-dice table's option before card dice were a kind of poker dice
_DATA_KEYS = ("seats", "game", "round", "order", "finals", "rolls_used", "dice", "rolls", "allowed", "winner")


def normalize_options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The game's options with defaults filled in; InputError names an unknown or bad one."""
    if options is not None and not isinstance(options, Mapping):
        raise InputError(f"options must be a JSON object, got {shown(options)}")
    out = dict(DEFAULT_OPTIONS)
    given = dict(options or {})
    for old, new in ALIASES.items():
        if old in given:
            if new in given and given[new] != given[old]:
                raise InputError(f"give {new} or {old} (its older name), not both")
            given[new] = given.pop(old)
    for key, value in given.items():
        if key not in DEFAULT_OPTIONS:
            raise InputError(f"unknown option {shown(key)}; known: {', '.join(DEFAULT_OPTIONS)}")
        out[key] = value
    for key in ("players", "position"):
        if isinstance(out[key], bool) or not isinstance(out[key], int):
            raise InputError(f"option {key} must be a whole number, got {shown(out[key])}")
    for key in ("roll_limit", *FLAG_KEYS):
        if not isinstance(out[key], bool):
            raise InputError(f"option {key} must be true or false, got {shown(out[key])}")
    parse_position(out["position"], out["players"])  # reads players too: "players must be a whole number 2 to 6"
    if isinstance(out["rules"], str):
        out["rules"] = out["rules"].strip().lower()
    kind_of(out)  # the kind's own checks (the flush rule and a straight above need straights; a known set)
    return out


def kind_of(options: Mapping[str, Any]) -> DiceKind:
    """The kind of dice named by a session's options."""
    if not isinstance(options, Mapping):
        raise InputError(f"options must be a JSON object, got {shown(options)}")
    return dice_kind(options.get("rules", "six"), {k: options[k] for k in FLAG_KEYS if k in options})


def variant_of(options: Mapping[str, Any]) -> Variant:
    """The six-faced rule variant named by a session's options (its flags)."""
    if not isinstance(options, Mapping):
        raise InputError(f"options must be a JSON object, got {shown(options)}")
    flags = {k: options.get(k, DEFAULT_OPTIONS[k]) for k in FLAG_KEYS}
    bad = [k for k, v in flags.items() if not isinstance(v, bool)]
    if bad:
        raise InputError(f"option {bad[0]} must be true or false, got {shown(options[bad[0]])}")
    return Variant(**flags)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


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
    return _remember(state)


_KNOWN: list[State] = []  # the last few states checked or made here (references: an id is never reused meanwhile)


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
        _bad_state(f"the game is {shown(state.game)}, not {GAME!r}")
    if not isinstance(state.options, Mapping) or set(state.options) != set(DEFAULT_OPTIONS):
        _bad_state(f"options must name exactly {', '.join(DEFAULT_OPTIONS)}")
    opts = normalize_options(state.options)
    kind = kind_of(opts)
    if not _whole(state.seed) or not 0 <= state.seed <= MAX_SEED:
        _bad_state(f"the seed must be a whole number 0 to {MAX_SEED}, got {shown(state.seed)}")
    if not _whole(state.draws) or state.draws < 1:
        _bad_state(f"draws must be a whole number 1 or more, got {shown(state.draws)}")
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
    if d["seats"] != seat_names(players, opts["position"]):
        _bad_state(f"seats must be {seat_names(players, opts['position'])}")
    over = state.phase == "over"
    if state.phase not in ("roll", "over"):
        _bad_state(f"the phase must be 'roll' or 'over', got {shown(state.phase)}")
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
            and len(finals) <= len(order) and all(kind.is_roll(h) for h in finals)
            and all(_whole(u) and 1 <= u <= ROLLS for u in used)):
        _bad_state(f"finals must be hands (5 dice as the state keeps them), one per seat that played, with its "
                   f"rolls 1 to {ROLLS}")
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
        ranks = [kind.rank(f) for f in finals]
        if ranks.count(max(ranks)) != 1 or order[ranks.index(max(ranks))] != winner:
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
    if not kind.is_roll(d["dice"]) or not 1 <= d["rolls"] < allowed:
        _bad_state(f"the player to move has 5 dice (as the state keeps them) and has used 1 to {allowed - 1} of "
                   f"{allowed} rolls")
    to_move = "player" if order[len(finals)] == you else "computer"
    if state.to_move != to_move:
        _bad_state(f"to_move must be {to_move!r} here")


def _says(name: str, verb: str) -> str:
    """"you roll" / "computer rolls"."""
    return f"{name} {verb}" if name == "you" else f"{name} {verb}s"


class _Step:
    """One step's work on a copy of the state's data: at most one random generator, log lines added."""

    def __init__(self, state: State):
        self.state = state
        self.options = state.options
        self.kind = kind_of(state.options)
        # a copy deep enough to change (lists of lists at most)
        self.d: dict[str, Any] = {
            k: [list(v) if isinstance(v, list) else v for v in value] if isinstance(value, list) else value
            for k, value in state.data.items()}
        self.tally = dict(state.tally)
        self.log: list[str] = []
        self.rng: Any = None

    def _rng(self) -> Any:  # noqa: ANN401 - a numpy Generator, made on the first roll only
        if self.rng is None:
            self.rng = random_generator(self.state)
        return self.rng

    def name(self) -> str:
        return str(self.d["seats"][self.d["order"][len(self.d["finals"])]])

    def start_game(self) -> None:
        players, position = self.options["players"], self.options["position"]
        seats = seat_names(players, position)
        self.d = {"seats": seats, "game": int(self.tally["games"]) + 1, "round": 1,
                  "order": list(range(players)), "finals": [], "rolls_used": [], "dice": [], "rolls": 0,
                  "allowed": ROLLS, "winner": None}
        self.log.append(f"-- game {self.d['game']}: {', '.join(seats)} --")
        self.start_turn()

    def start_turn(self) -> None:
        d = self.d
        first = not d["finals"]
        d["allowed"] = ROLLS if first or not self.options["roll_limit"] else d["rolls_used"][0]
        d["dice"] = self.kind.throw(self._rng())
        d["rolls"] = 1
        self.log.append(f"{_says(self.name(), 'roll')} {self.kind.describe(d['dice'])}")
        if d["allowed"] == 1:
            self.stand("no rolls left under the roll limit")

    def keep(self, kept: list[int]) -> None:
        d = self.d
        if len(kept) == 5:
            self.stand()
            return
        d["dice"], kept_text, rolled = self.kind.reroll(d["dice"], kept, self._rng())
        d["rolls"] += 1
        self.log.append(f"{_says(self.name(), 'keep')} {kept_text or 'nothing'}, re-rolls {5 - len(kept)}: "
                        f"{rolled} -> {self.kind.describe(d['dice'])}")
        if d["rolls"] == d["allowed"]:
            self.stand("no rolls left")

    def stand(self, why: str = "") -> None:
        d = self.d
        self.log.append(f"{_says(self.name(), 'stand')} on {self.kind.describe(d['dice'])}"
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
        ranks = [self.kind.rank(f) for f in d["finals"]]
        top = max(ranks)
        tied = [i for i, r in enumerate(ranks) if r == top]
        best = self.kind.hand_name(d["finals"][tied[0]])
        if len(tied) == 1:
            winner = d["order"][tied[0]]
            d["winner"] = winner
            self.log.append(f"{_says(d['seats'][winner], 'win')} with {best}")
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


def new_game(options: Mapping[str, Any] | None = None, seed: int = 0) -> State:
    """A new session: the first player has rolled. `options`: see the module docstring."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InputError(f"the seed must be a whole number 0 or more, got {shown(seed)}")
    seed = parse_seed(seed)
    opts = normalize_options(options)
    state = State(game=GAME, options=opts, seed=seed, draws=0, phase="roll", to_move="", data={},
                  tally={"games": 0, "won": 0, "lost": 0})
    work = _Step(state)
    work.start_game()
    return work.result()


def actions(state: State) -> list[dict[str, Any]]:
    """The legal actions of whoever is to move: every keep of the dice (all five: stand); `next` when over."""
    check_state(state)
    if state.over:
        return [{"type": "next"}]
    return kind_of(state.options).keeps(list(state.data["dice"]))


def advice(state: State) -> Hint:
    """Every keep of the player to move, ranked by the chance to win the game (measure "win_chance")."""
    check_state(state)
    if state.over:
        raise InputError("the game is over: no keep to advise (start the next game)")
    return kind_of(state.options).advice(state.data, bool(state.options["roll_limit"]))


def computer_action(state: State) -> dict[str, Any]:
    """The exact strategy's move for whoever is to move (the computer's, or yours for a simulation)."""
    check_state(state)
    if state.over:
        return {"type": "next"}
    kind = kind_of(state.options)
    return {"type": "keep", kind.keep_key: kind.best_keep(state.data, bool(state.options["roll_limit"]))}


def _normal(action: object, key: str) -> dict[str, Any]:
    """An action with its keep sorted (the order typed does not matter)."""
    if not isinstance(action, Mapping):
        raise InputError(f"an action must be a JSON object, got {shown(action)}")
    out = dict(action)
    kept = out.get(key)
    if isinstance(kept, (list, tuple)) and all(_whole(f) for f in kept):
        out[key] = sorted(kept)
    return out


def step(state: State, action: Mapping[str, Any]) -> State:
    """The state after `action` (pure: the same state and action give the same result)."""
    check_state(state)
    kind = kind_of(state.options)
    move = _normal(action, kind.keep_key)
    legal = (move == {"type": "next"} if state.over else
             set(move) == {"type", kind.keep_key} and move["type"] == "keep"
             and kind.legal(move[kind.keep_key], list(state.data["dice"])))
    if not legal:
        what = "keep, of dice you rolled" if kind.keep_key == "keep" else "keep, with dice: die numbers 0-4"
        raise InputError(f"action {shown(move, 60)} is not legal now (phase {state.phase!r}; "
                         f"legal type: {'next' if state.over else what})")
    work = _Step(state.restarted() if move["type"] == "next" else state)
    if move["type"] == "next":
        work.start_game()
        return work.result()
    decisions: tuple[Decision, ...] = ()
    if state.to_move == "player":
        hint = advice(state)
        chosen = hint.option_for(move)
        d = state.data
        if chosen is not None:
            decisions = (Decision(  # short: review lines fit 80
                position=f"roll {d['rolls']}: {kind.text(d['dice'])}",
                chosen=chosen.option, best=hint.best.option, loss=chosen.loss, measure=hint.measure),)
    work.keep(list(move[kind.keep_key]))
    return work.result(decisions)


def parse_action(state: State, text: str) -> dict[str, Any]:
    """What the player typed: the dice to keep (faces "6 6", "A A K"; card dice also their numbers "1 3"),
    "all" or Enter to stand, "none" to roll all."""
    check_state(state)
    if not isinstance(text, str):
        raise InputError(f"a move is typed text, got {shown(text)}")
    t = text.strip().lower()
    if state.over:
        if t in ("", "n", "next", "y", "yes"):
            return {"type": "next"}
        raise InputError(f"the game is over: type next for another, not {shown(text)}")
    kind = kind_of(state.options)
    dice = list(state.data["dice"])
    if t in ("", "all", "stand"):
        kept = kind.stand(dice)
    elif t in ("none", "roll"):
        kept = []
    else:
        kept = kind.parse_keep(text, dice)
    return {"type": "keep", kind.keep_key: kept}


def _default_files() -> Iterator[Path]:
    """The files of the tables a server solves at start (WARM_OPTIONS)."""
    for given in WARM_OPTIONS:
        options = normalize_options(given)
        yield table_file(kind_of(options), int(options["players"]), bool(options["roll_limit"]))


keep_last(_default_files)  # the disk budget removes these last
