"""Poker dice with card dice at the table, you against the computer (2 to 6 players): the play session.

The game of `session` on a card dice set (`card_game`): each die is thrown as itself, so the dice keep their
places and a keep names dice, not faces. The computer plays the exact strategy of `rounds` on the set.

State (JSON): `options` = {dice_set (a shipped set's name, or {"name", "dice": five lists of face texts} for a
set of your own), players, position (your seat, 1 = first), roll_limit}; `data` = {seats, game, round, order,
finals (the final rolls of those who have played, each the face index shown by dice 1-5), rolls_used, dice (the
roll of the player to move, face indices by die), rolls, allowed, winner}, as in `session`; `tally` = {games,
won, lost}. Actions: {"type": "keep", "dice": [die numbers 0-4, ascending]} (all five: stand), {"type": "next"}.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import SimpleNamespace

import numpy as np

from ...errors import InputError
from ..base import Decision, Hint, Option, State, random_generator
from ..inputs import shown
from .card_game import SHIPPED_SETS, card_solution, card_table, resolve_set
from .cards import DiceSet, face_text, parse_dice_set
from .inputs import MAX_SEED, parse_position, parse_seed
from .rounds import first_pays, seat_pays
from .strategy import situation
from .table import ROLLS

__all__ = [
    "DEFAULT_OPTIONS", "GAME", "actions", "advice", "card_play", "check_state", "computer_action", "dice_set_of",
    "new_game", "normalize_options", "parse_action", "step",
]

GAME = "poker-dice-cards"
DEFAULT_OPTIONS = {"dice_set": "royal", "players": 2, "position": 1, "roll_limit": False}
_DATA_KEYS = ("seats", "game", "round", "order", "finals", "rolls_used", "dice", "rolls", "allowed", "winner")
DICE = 5


def _set_text(dice: Mapping) -> str:
    """A set given in the options as {"name", "dice"} as the TOML a set file holds."""
    import json

    lines = [f"name = {json.dumps(str(dice.get('name', 'your dice')))}"]
    for faces in dice.get("dice", []):
        lines.append("[[die]]")
        lines.append(f"faces = {json.dumps([str(f) for f in faces])}")
    return "\n".join(lines) + "\n"


@lru_cache(maxsize=16)
def _custom(text: str) -> DiceSet:
    return parse_dice_set(text, "options.dice_set")


def dice_set_of(options: Mapping) -> DiceSet:
    """The dice set named by a session's options."""
    spec = options.get("dice_set", DEFAULT_OPTIONS["dice_set"])
    if isinstance(spec, str) and spec in SHIPPED_SETS:
        return resolve_set(spec)
    if isinstance(spec, Mapping) and set(spec) <= {"name", "dice"} and isinstance(spec.get("dice"), list) \
            and all(isinstance(d, list) for d in spec["dice"]):
        return _custom(_set_text(spec))
    raise InputError(f"option dice_set must be {' or '.join(SHIPPED_SETS)} or {{\"name\", \"dice\": five lists of "
                     f"faces}}, got {shown(spec)}")


def normalize_options(options: Mapping | None) -> dict:
    """The options with defaults filled in; InputError names an unknown or bad one."""
    if options is not None and not isinstance(options, Mapping):
        raise InputError(f"options must be a JSON object, got {shown(options)}")
    out = dict(DEFAULT_OPTIONS)
    for key, value in dict(options or {}).items():
        if key not in DEFAULT_OPTIONS:
            raise InputError(f"unknown option {shown(key)}; known: {', '.join(DEFAULT_OPTIONS)}")
        out[key] = value
    for key in ("players", "position"):
        if isinstance(out[key], bool) or not isinstance(out[key], int):
            raise InputError(f"option {key} must be a whole number, got {shown(out[key])}")
    if not isinstance(out["roll_limit"], bool):
        raise InputError(f"option roll_limit must be true or false, got {shown(out['roll_limit'])}")
    parse_position(out["position"], out["players"])
    dice_set_of(out)
    return out


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_roll(value: object, dice: DiceSet) -> bool:
    """Five face indices, each one of its die's faces."""
    return (isinstance(value, list) and len(value) == DICE
            and all(_whole(f) and 0 <= f < len(dice.dice[d]) for d, f in enumerate(value)))


def _bad_state(what: str) -> None:
    raise InputError(f"not a card poker dice game state: {what}")


_KNOWN: list = []


def _remember(state: State) -> State:
    _KNOWN.append(state)
    if len(_KNOWN) > 4:
        del _KNOWN[0]
    return state


def check_state(state: State) -> State:
    """The state itself if this session could have reached it; InputError names the first bad part."""
    if any(state is known for known in _KNOWN):
        return state
    _check(state)
    return _remember(state)


def _class(dice: DiceSet, roll) -> int:  # noqa: ANN001
    table = card_table(dice)
    return int(table.class_of_state[table.state_index(tuple(roll))])


def _check(state: State) -> None:
    from .session import _seat_names

    if not isinstance(state, State):
        raise InputError(f"a game state must be a State (State.from_json reads one), got {type(state).__name__}")
    if state.game != GAME:
        _bad_state(f"the game is {shown(state.game)}, not {GAME!r}")
    if not isinstance(state.options, Mapping) or set(state.options) != set(DEFAULT_OPTIONS):
        _bad_state(f"options must name exactly {', '.join(DEFAULT_OPTIONS)}")
    opts = normalize_options(state.options)
    dice = dice_set_of(opts)
    if not _whole(state.seed) or not 0 <= state.seed <= MAX_SEED:
        _bad_state(f"the seed must be a whole number 0 to {MAX_SEED}")
    if not _whole(state.draws) or state.draws < 1:
        _bad_state("draws must be a whole number 1 or more")
    if not isinstance(state.log, (tuple, list)) or not all(isinstance(x, str) for x in state.log):
        _bad_state("the log must be a list of lines")
    if not isinstance(state.decisions, (tuple, list)) or not all(
            isinstance(x, Decision) and isinstance(x.loss, (int, float)) and not isinstance(x.loss, bool)
            and 0 <= x.loss <= 1 for x in state.decisions):
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
            and len(finals) <= len(order) and all(_is_roll(h, dice) for h in finals)
            and all(_whole(u) and 1 <= u <= ROLLS for u in used)):
        _bad_state(f"finals must be rolls (a face index per die), one per seat that played, with its rolls 1 to "
                   f"{ROLLS}")
    if opts["roll_limit"] and any(u > used[0] for u in used):
        _bad_state("under the roll limit no one rolls more times than the first player")
    for key in ("rolls", "allowed"):
        if not _whole(d[key]) or not 0 <= d[key] <= ROLLS:
            _bad_state(f"{key} must be a whole number 0 to {ROLLS}")
    if over:
        winner = d["winner"]
        if not (_whole(winner) and winner in order and len(finals) == len(order) and d["dice"] == []
                and d["rolls"] == 0 and state.to_move == ""):
            _bad_state("a game over has a winner among the seats of the round, every final roll and no dice")
        classes = [_class(dice, f) for f in finals]
        if classes.count(max(classes)) != 1 or order[classes.index(max(classes))] != winner:
            _bad_state("the winner must hold the one best final hand")
        return
    if d["winner"] is not None or len(finals) >= len(order):
        _bad_state("a game being played has no winner yet and a seat still to play")
    allowed = ROLLS if not finals or not opts["roll_limit"] else used[0]
    if d["allowed"] != allowed or allowed < 2:
        _bad_state(f"allowed must be {allowed} here, and a player allowed one roll stands on it")
    if not _is_roll(d["dice"], dice) or not 1 <= d["rolls"] < allowed:
        _bad_state(f"the player to move has a roll of 5 dice and has used 1 to {allowed - 1} of {allowed} rolls")
    to_move = "player" if order[len(finals)] == you else "computer"
    if state.to_move != to_move:
        _bad_state(f"to_move must be {to_move!r} here")


def _text(dice: DiceSet, roll) -> str:  # noqa: ANN001
    """A roll as text, die by die."""
    return " ".join(face_text(dice.dice[d][f]) for d, f in enumerate(roll))


def _hand_label(dice: DiceSet, c: int) -> str:
    """A class as the log writes it: "five of a kind: K K K K K" (the ranks its stars stand for included)."""
    ranks, category = card_table(dice).class_label(c)[:-1].split(" (")
    return f"{category}: {ranks}"


def _describe(dice: DiceSet, roll) -> str:  # noqa: ANN001
    return f"{_text(dice, roll)} ({_hand_label(dice, _class(dice, roll))})"


def _says(name: str, verb: str) -> str:
    return f"{name} {verb}" if name == "you" else f"{name} {verb}s"


class _Step:
    """One step's work on a copy of the state's data: at most one random generator, log lines added."""

    def __init__(self, state: State):
        self.state = state
        self.options = state.options
        self.dice = dice_set_of(state.options)
        self.d = {k: ([list(x) if isinstance(x, list) else x for x in v] if isinstance(v, list) else v)
                  for k, v in state.data.items()}
        self.tally = dict(state.tally)
        self.log: list[str] = []
        self.rng = None

    def roll(self, which: list[int]) -> dict[int, int]:
        """A new face index for each die in `which`."""
        if self.rng is None:
            self.rng = random_generator(self.state)
        return {d: int(self.rng.integers(0, len(self.dice.dice[d]))) for d in which}

    def name(self) -> str:
        return self.d["seats"][self.d["order"][len(self.d["finals"])]]

    def start_game(self) -> None:
        from .session import _seat_names

        players, position = self.options["players"], self.options["position"]
        seats = _seat_names(players, position)
        self.d = {"seats": seats, "game": int(self.tally["games"]) + 1, "round": 1, "order": list(range(players)),
                  "finals": [], "rolls_used": [], "dice": [], "rolls": 0, "allowed": ROLLS, "winner": None}
        self.log.append(f"-- game {self.d['game']}: {', '.join(seats)} --")
        self.start_turn()

    def start_turn(self) -> None:
        d = self.d
        d["allowed"] = ROLLS if not d["finals"] or not self.options["roll_limit"] else d["rolls_used"][0]
        new = self.roll(list(range(DICE)))
        d["dice"] = [new[i] for i in range(DICE)]
        d["rolls"] = 1
        self.log.append(f"{_says(self.name(), 'roll')} {_describe(self.dice, d['dice'])}")
        if d["allowed"] == 1:
            self.stand("no rolls left under the roll limit")

    def keep(self, kept: list[int]) -> None:
        d = self.d
        if len(kept) == DICE:
            self.stand()
            return
        free = [i for i in range(DICE) if i not in kept]
        new = self.roll(free)
        for i, f in new.items():
            d["dice"][i] = f
        d["rolls"] += 1
        kept_text = " ".join(face_text(self.dice.dice[i][d["dice"][i]]) for i in kept) or "nothing"
        rolled = " ".join(face_text(self.dice.dice[i][f]) for i, f in new.items())
        self.log.append(f"{_says(self.name(), 'keep')} {kept_text}, re-rolls {len(free)}: {rolled} -> "
                        f"{_describe(self.dice, d['dice'])}")
        if d["rolls"] == d["allowed"]:
            self.stand("no rolls left")

    def stand(self, why: str = "") -> None:
        d = self.d
        self.log.append(f"{_says(self.name(), 'stand')} on {_describe(self.dice, d['dice'])}"
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
        classes = [_class(self.dice, f) for f in d["finals"]]
        top = max(classes)
        tied = [i for i, c in enumerate(classes) if c == top]
        best = _hand_label(self.dice, top)
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
            phase = "roll"
            to_move = "player" if d["order"][len(d["finals"])] == self.options["position"] - 1 else "computer"
        return _remember(self.state.evolve(
            draws=self.state.draws + (self.rng is not None), phase=phase, to_move=to_move, data=d,
            tally=self.tally, log=(*self.state.log, *self.log), decisions=(*self.state.decisions, *decisions)))


def new_game(options: Mapping | None = None, seed: int = 0) -> State:
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


def actions(state: State) -> list[dict]:
    """Every keep of the player to move (32 subsets of the dice; all five: stand); `next` when over."""
    check_state(state)
    if state.over:
        return [{"type": "next"}]
    return [{"type": "keep", "dice": [d for d in range(DICE) if mask >> d & 1]} for mask in range(1 << DICE)]


def _pays(state: State) -> tuple[np.ndarray, int]:
    """The payout by class (R x K) of the player to move and the rolls used as the single game counts them."""
    d = state.data
    dice = dice_set_of(state.options)
    players = len(d["order"])
    solution = card_solution(dice, players, bool(state.options["roll_limit"]))
    finals = d["finals"]
    if not finals:
        return first_pays(solution, players), int(d["rolls"])
    classes = [_class(dice, f) for f in finals]
    best = max(classes)
    pay = seat_pays(solution, players, len(finals) + 1, best, classes.count(best), int(d["allowed"]))
    # a later player's pay does not depend on the rolls used: fewer rolls allowed is the end of the same game
    return pay[None, :], int(d["rolls"]) + ROLLS - int(d["allowed"])


def _options(state: State) -> list[tuple[tuple[int, ...], float]]:
    pays, used = _pays(state)
    return card_table(dice_set_of(state.options)).keep_values(pays, tuple(state.data["dice"]), used)


def advice(state: State) -> Hint:
    """Every keep of the player to move, ranked by the chance to win the game (measure "win_chance")."""
    check_state(state)
    if state.over:
        raise InputError("the game is over: no keep to advise (start the next game)")
    d = state.data
    dice = dice_set_of(state.options)
    table = card_table(dice)
    rows = _options(state)
    top = rows[0][1]
    faces = [face_text(dice.dice[i][f]) for i, f in enumerate(d["dice"])]
    options = []
    for kept, value in rows:
        shown_keep = [faces[i] for i in kept]
        text = "all" if len(kept) == DICE else (" ".join(shown_keep) if kept else "none")
        options.append(Option(option=text, value=value, loss=max(0.0, top - value),
                              action={"type": "keep", "dice": list(kept)},
                              extras={"keep": shown_keep, "dice": [i + 1 for i in kept], "stand": len(kept) == DICE}))
    finals = d["finals"]
    classes = [_class(dice, f) for f in finals]
    players, place = len(d["order"]), len(finals) + 1
    holders = classes.count(max(classes)) if classes else 1
    return Hint(game="poker-dice", position={  # the hint's game, as `card_hint` and the CLI name it
        "dice_set": dice.name, "hand": faces, "category": table.class_label(_class(dice, d["dice"])),
        "rolls_left": int(d["allowed"]) - int(d["rolls"]),
        "to_beat": table.class_label(max(classes)) if classes else None, "players": players, "position": place,
        "holders": holders if classes else 0, "roll_limit": bool(state.options["roll_limit"]),
        "rolls_allowed": int(d["allowed"]), "situation": situation(players, place, holders),
    }, measure="win_chance", options=tuple(options))


def computer_action(state: State) -> dict:
    """The exact strategy's move for whoever is to move."""
    check_state(state)
    if state.over:
        return {"type": "next"}
    return {"type": "keep", "dice": list(_options(state)[0][0])}


def _normal(action) -> dict:  # noqa: ANN001
    if not isinstance(action, Mapping):
        raise InputError(f"an action must be a JSON object, got {shown(action)}")
    action = dict(action)
    kept = action.get("dice")
    if isinstance(kept, (list, tuple)) and all(_whole(i) for i in kept):
        action["dice"] = sorted(kept)
    return action


def _legal(state: State, action: dict) -> bool:
    if state.over:
        return action == {"type": "next"}
    kept = action.get("dice")
    return (set(action) == {"type", "dice"} and action["type"] == "keep" and isinstance(kept, list)
            and all(_whole(i) and 0 <= i < DICE for i in kept) and len(set(kept)) == len(kept))


def step(state: State, action: Mapping) -> State:
    """The state after `action` (pure: the same state and action give the same result)."""
    check_state(state)
    action = _normal(action)
    if not _legal(state, action):
        raise InputError(f"action {shown(action, 60)} is not legal now (phase {state.phase!r}; legal type: "
                         f"{'next' if state.over else 'keep, with dice: die numbers 0-4'})")
    work = _Step(state.restarted() if action["type"] == "next" else state)
    if action["type"] == "next":
        work.start_game()
        return work.result()
    decisions: tuple[Decision, ...] = ()
    if state.to_move == "player":
        hint = advice(state)
        chosen = hint.option_for(action)
        d = state.data
        decisions = (Decision(position=f"roll {d['rolls']}: {_text(work.dice, d['dice'])}", chosen=chosen.option,
                              best=hint.best.option, loss=chosen.loss, measure=hint.measure),)
    work.keep(list(action["dice"]))
    return work.result(decisions)


def parse_action(state: State, text: str) -> dict:
    """What the player typed: die numbers 1-5 ("1 3") or faces ("As Kh") to keep, "all" or Enter to stand,
    "none" to roll all."""
    check_state(state)
    if not isinstance(text, str):
        raise InputError(f"a move is typed text, got {shown(text)}")
    t = text.strip().lower()
    if state.over:
        if t in ("", "n", "next", "y", "yes"):
            return {"type": "next"}
        raise InputError(f"the game is over: type next for another, not {shown(text)}")
    dice = dice_set_of(state.options)
    roll = list(state.data["dice"])
    if t in ("", "all", "stand"):
        return {"type": "keep", "dice": list(range(DICE))}
    if t in ("none", "roll"):
        return {"type": "keep", "dice": []}
    parts = t.replace(",", " ").split()
    if all(p.isdigit() and len(p) == 1 for p in parts):
        kept = sorted({int(p) - 1 for p in parts})
        if any(not 0 <= i < DICE for i in kept) or len(kept) != len(parts):
            raise InputError(f"keep dice by their numbers 1 to 5, each once, not {shown(text)}")
        return {"type": "keep", "dice": kept}
    from .cards import parse_face

    shown_faces = [dice.dice[i][f] for i, f in enumerate(roll)]
    kept = []
    for p in parts:
        code = parse_face(p)
        free = [i for i in range(DICE) if shown_faces[i] == code and i not in kept]
        if not free:
            raise InputError(f"you can only keep dice you rolled: there is no {face_text(code)} left in "
                             f"{_text(dice, roll)}")
        kept.append(free[0])
    return {"type": "keep", "dice": sorted(kept)}


# The session as one object with the verbs every game's face has: the poker dice face exports it as `card_play`,
# so the terminal game and the web routes drive card dice as they drive any game.
card_play = SimpleNamespace(
    __doc__=__doc__, GAME=GAME, DEFAULT_OPTIONS=DEFAULT_OPTIONS, actions=actions, advice=advice,
    check_state=check_state, computer_action=computer_action, dice_set_of=dice_set_of, new_game=new_game,
    normalize_options=normalize_options, parse_action=parse_action, step=step)
