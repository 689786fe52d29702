"""Pay tables: the shipped games (data file data/games.toml) and users' own TOML files."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from importlib import resources
from pathlib import Path

from ...errors import InputError
from ...solver import to_fraction

__all__ = [
    "DEFAULT_GAME", "HAND_KINDS", "HAND_LABELS", "KIND_CODES", "MAX_COINS", "PayTable", "WILD_MODES", "all_games",
    "get_game", "hand_label", "load_games", "parse_games", "pay_text", "resolve_game", "shipped_games",
    "table_from_json", "table_to_json",
]

# The hands a pay table may name, with what each means. A hand takes the first entry it can make.
HAND_KINDS = {
    "royal_flush": "natural royal flush: A K Q J T of one suit, no wild card",
    "four_deuces": "four deuces (Deuces Wild)",
    "wild_royal_flush": "royal flush made with a wild card",
    "five_of_a_kind": "five of a kind (needs a wild card)",
    "straight_flush": "straight flush",
    "four_aces_with_2_3_4": "four aces with a 2, 3 or 4 as the fifth card",
    "four_2s_4s_with_a_2_3_4": "four 2s, 3s or 4s with an ace, 2, 3 or 4 as the fifth card",
    "four_aces": "four aces",
    "four_2s_4s": "four 2s, 3s or 4s",
    "four_5s_ks": "four 5s through kings",
    "four_of_a_kind": "four of a kind",
    "full_house": "full house",
    "flush": "flush",
    "straight": "straight (A 2 3 4 5 to T J Q K A)",
    "three_of_a_kind": "three of a kind",
    "two_pair": "two pair",
    "jacks_or_better": "a pair of jacks, queens, kings or aces",
    "kings_or_better": "a pair of kings or aces",
    "nothing": "anything else",
}
KIND_CODES = {name: i for i, name in enumerate(HAND_KINDS)}
# How the hands read in human output where the snake_case name reads badly.
HAND_LABELS = {
    "four_aces_with_2_3_4": "four aces with 2-4", "four_2s_4s_with_a_2_3_4": "four 2s-4s with A-4",
    "four_2s_4s": "four 2s-4s", "four_5s_ks": "four 5s-Ks",
}
WILD_MODES = {"none": 0, "deuces": 1, "joker": 2}
DEFAULT_GAME = "jacks-or-better-9-6"
MAX_COINS = 5


@dataclass(frozen=True)
class PayTable:
    """One game: deck, wild cards and the pay per coin of each hand, best first ('nothing' last)."""

    id: str
    name: str
    deck: int
    wild: str
    hands: tuple[str, ...]
    pays: tuple[Fraction, ...]
    royal_below_max: Fraction

    def __post_init__(self):
        # tables key the solver's caches and are looked up on every step of a session: hash them once
        object.__setattr__(self, "_hash", hash((self.id, self.name, self.deck, self.wild, self.hands, self.pays,
                                                self.royal_below_max)))

    def __hash__(self) -> int:
        return self._hash

    def pays_for(self, coins: int) -> tuple[Fraction, ...]:
        """Pays per coin at a bet of `coins` (1-5): below 5 the natural royal pays royal_below_max."""
        if not isinstance(coins, int) or not 1 <= coins <= MAX_COINS:
            raise InputError(f"coins must be 1 to {MAX_COINS}, got {coins}")
        if coins == MAX_COINS:
            return self.pays
        return tuple(self.royal_below_max if h == "royal_flush" else p for h, p in zip(self.hands, self.pays))

    @property
    def kind_codes(self) -> tuple[int, ...]:
        """The evaluator's code of each hand, in table order."""
        return tuple(KIND_CODES[h] for h in self.hands)


def _parse_game(game_id: str, data: dict, where: str) -> PayTable:
    def bad(message):
        return InputError(f"game {game_id!r} in {where}: {message}")

    if not isinstance(data, dict):
        raise bad("is not a table")
    deck = data.get("deck", 52)
    wild = data.get("wild", "none")
    if deck not in (52, 53):
        raise bad(f"deck must be 52 or 53, got {deck!r}")
    if wild not in WILD_MODES:
        raise bad(f"wild must be one of {', '.join(WILD_MODES)}, got {wild!r}")
    if (wild == "joker") != (deck == 53):
        raise bad("a joker game has a 53-card deck and a 53-card deck has a joker")
    entries = data.get("pays")
    if not isinstance(entries, list) or not entries:
        raise bad("needs pays = [{ hand = ..., pay = ... }, ...]")
    hands, pays = [], []
    for entry in entries:
        if not isinstance(entry, dict) or "hand" not in entry or "pay" not in entry:
            raise bad(f"each pay needs a hand and a pay, got {entry!r}")
        hand = entry["hand"]
        if hand not in HAND_KINDS or hand == "nothing":
            raise bad(f"unknown hand {hand!r}; known: {', '.join(k for k in HAND_KINDS if k != 'nothing')}")
        if hand in hands:
            raise bad(f"hand {hand!r} listed twice")
        try:
            pay = to_fraction(entry["pay"])
        except InputError:
            raise bad(f"pay of {hand} is not a number: {entry['pay']!r}") from None
        if pay < 0:
            raise bad(f"pay of {hand} is negative")
        hands.append(hand)
        pays.append(pay)
    if wild == "none" and any(h in ("four_deuces", "wild_royal_flush", "five_of_a_kind") for h in hands):
        raise bad("four deuces, wild royal flush and five of a kind need wild cards")
    try:
        below = to_fraction(data.get("royal_below_max", 250))
    except InputError:
        raise bad("royal_below_max is not a number") from None
    return PayTable(game_id, str(data.get("name", game_id)), deck, wild, (*hands, "nothing"),
                    (*pays, Fraction(0)), below)


def parse_games(text: str, where: str) -> dict[str, PayTable]:
    """Games from TOML text in the shipped file's format; `where` names the text in errors."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise InputError(f"{where} is not valid TOML: {err}") from None
    if not data:
        raise InputError(f"{where} defines no game")
    return {game_id: _parse_game(game_id, body, where) for game_id, body in data.items()}


@lru_cache(maxsize=1)
def shipped_games() -> dict[str, PayTable]:
    """The pay tables that ship with holdwise."""
    text = resources.files(__package__).joinpath("data").joinpath("games.toml").read_text()
    return parse_games(text, "the shipped pay tables")


def load_games(path: str | Path) -> dict[str, PayTable]:
    """Games from a user's TOML file, in the shipped file's format."""
    path = Path(path)
    try:
        text = path.read_text()
    except FileNotFoundError:
        raise InputError(f"pay table file not found: {path}") from None
    except (OSError, UnicodeDecodeError) as err:
        raise InputError(f"cannot read pay table file {path}: {err}") from None
    return parse_games(text, str(path))


def get_game(game_id: str, extra: dict[str, PayTable] | None = None) -> PayTable:
    """A game by id: a shipped one or one of `extra` (which win over shipped ids)."""
    games = {**shipped_games(), **(extra or {})}
    if game_id not in games:
        raise InputError(f"unknown game {game_id!r}; known: {', '.join(games)}")
    return games[game_id]


def all_games(paytable_file: str | Path | None = None, extra: dict[str, PayTable] | None = None) -> dict[str, PayTable]:
    """The shipped games, then those of a pay table file, then `extra` (later ones win on equal ids)."""
    games = dict(shipped_games())
    if paytable_file is not None:
        games.update(load_games(paytable_file))
    games.update(extra or {})
    return games


def resolve_game(game: str | PayTable = DEFAULT_GAME, paytable_file: str | Path | None = None,
                 extra: dict[str, PayTable] | None = None) -> PayTable:
    """A pay table from an id (shipped, in the file, or in `extra`) or a PayTable itself."""
    if isinstance(game, PayTable):
        return game
    if not isinstance(game, str):
        raise InputError(f"a game is an id such as {DEFAULT_GAME!r}, got {game!r}")
    return get_game(game, all_games(paytable_file, extra))


def hand_label(hand: str) -> str:
    """A hand's name for people: "full house", "four 5s-Ks"."""
    return HAND_LABELS.get(hand, hand.replace("_", " "))


def pay_text(value: Fraction) -> str:
    """A pay as players write it: "800", "5/2"."""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def table_to_json(table: PayTable) -> dict:
    """A pay table as JSON types, in the TOML file's layout (pays as "p/q" text), for a session's state."""
    return {"id": table.id, "name": table.name, "deck": table.deck, "wild": table.wild,
            "royal_below_max": pay_text(table.royal_below_max),
            "pays": [{"hand": h, "pay": pay_text(p)} for h, p in zip(table.hands, table.pays) if h != "nothing"]}


def table_from_json(data: dict) -> PayTable:
    """A pay table back from `table_to_json` (checked like a TOML file)."""
    if not isinstance(data, dict) or not isinstance(data.get("id"), str):
        raise InputError("a pay table needs an id")
    body = {k: v for k, v in data.items() if k != "id"}
    return _parse_game(data["id"], body, "the game state")
