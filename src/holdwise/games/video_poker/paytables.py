"""Pay tables: the shipped games (data file data/games.toml) and users' own TOML files."""

from __future__ import annotations

import math
import numbers
import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from ...errors import InputError
from ...i18n import N_
from .. import inputs
from ..inputs import parse_toml
from .cards import shown

__all__ = [
    "DEFAULT_GAME", "DEFAULT_ROYAL_BELOW_MAX", "EXTRA_CARDS", "HAND_KINDS", "HAND_LABELS", "KIND_CODES", "MAX_COINS",
    "OLD_HAND_NAMES",
    "MAX_FILE_BYTES", "WILD_MODES", "PayTable", "all_games", "get_game", "hand_label", "load_games", "max_scaled_pay",
    "parse_games", "pay_text", "read_user_text", "resolve_game", "shipped_games",
    "table_from_json", "table_to_json",
]

# The hands a pay table may name, with what each means (marked for the catalogues: the editor's page says them). A hand takes the first entry it can make.
HAND_KINDS = {
    "five_aces": N_("five aces (the extra-ace deck's five, or four aces and a wild card)"),
    "royal_flush": N_("natural royal flush: A K Q J T of one suit, no wild card"),
    "four_deuces": N_("four deuces (Deuces Wild)"),
    "wild_royal_flush": N_("royal flush made with a wild card"),
    "five_of_a_kind": N_("five of a kind (needs a wild card)"),
    "straight_flush": N_("straight flush"),
    "four_aces_with_2_3_4": N_("four aces with a 2, 3 or 4 as the fifth card"),
    "four_2s_4s_with_a_2_3_4": N_("four 2s, 3s or 4s with an ace, 2, 3 or 4 as the fifth card"),
    "four_aces": N_("four aces"),
    "four_2s_4s": N_("four 2s, 3s or 4s"),
    "four_5s_ks": N_("four 5s through kings"),
    "four_of_a_kind": N_("four of a kind"),
    "full_house": N_("full house"),
    "flush": N_("flush"),
    "straight": N_("straight (A 2 3 4 5 to T J Q K A)"),
    "three_of_a_kind": N_("three of a kind"),
    "two_pairs": N_("two pair"),
    "jacks_or_better": N_("a pair of jacks, queens, kings or aces"),
    "kings_or_better": N_("a pair of kings or aces"),
    "aces_or_better": N_("a pair of aces"),
    "nothing": N_("anything else"),
}
# The evaluator's code of each hand: kinds added later take codes after "nothing" (18), so the codes of the
# first 19, which key the tables kept on disk, never change.
_LATER_KINDS = ("five_aces", "aces_or_better")
KIND_CODES = {name: i for i, name in enumerate([*(k for k in HAND_KINDS if k not in _LATER_KINDS), *_LATER_KINDS])}
# How the hands read in human output where the snake_case name reads badly.
HAND_LABELS = {
    "four_aces_with_2_3_4": "four aces with 2-4", "four_2s_4s_with_a_2_3_4": "four 2s-4s with A-4",
    "four_2s_4s": "four 2s-4s", "four_5s_ks": "four 5s-Ks",
}
WILD_MODES = {"none": 0, "deuces": 1, "joker": 2}
# Hands renamed since a file may have been written: read under their old names too (a file, a link's code, a
# session's state), always written under the new ones.
OLD_HAND_NAMES = {"two_pair": "two_pairs"}
# What the 53rd card of a 53-card deck is: the joker (wild), or a fifth ace of its own suit, stars, which is
# no wild card and never makes a flush (the Five Aces games; Wizard of Odds, "Five Aces Poker").
EXTRA_CARDS = ("joker", "ace")
DEFAULT_GAME = "jacks-or-better-9-6"
MAX_COINS = 5
HAND_CARDS = 5


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
    extra_card: str = ""  # a 53-card deck's 53rd card, "joker" or "ace"; "" reads as the deck implies

    def __post_init__(self) -> None:
        if self.extra_card == "":  # tables built before the extra ace keep meaning what they meant
            object.__setattr__(self, "extra_card", "joker" if self.deck == 53 else "none")
        # tables key the solver's caches and are looked up on every step of a session: hash them once
        object.__setattr__(self, "_hash", hash((self.id, self.name, self.deck, self.wild, self.hands, self.pays,
                                                self.royal_below_max, self.extra_card)))

    def __hash__(self) -> int:
        return int(self.__dict__["_hash"])

    def pays_for(self, coins: int) -> tuple[Fraction, ...]:
        """Pays per coin at a bet of `coins` (1-5): below 5 the natural royal pays royal_below_max."""
        if isinstance(coins, bool) or not isinstance(coins, int) or not 1 <= coins <= MAX_COINS:
            raise InputError(f"coins must be 1 to {MAX_COINS}, got {shown(coins)}")
        if coins == MAX_COINS:
            return self.pays
        return tuple(self.royal_below_max if h == "royal_flush" else p for h, p in zip(self.hands, self.pays, strict=True))

    @property
    def kind_codes(self) -> tuple[int, ...]:
        """The evaluator's code of each hand, in table order."""
        return tuple(KIND_CODES[h] for h in self.hands)

    @property
    def extra_ace(self) -> bool:
        """Whether the deck is 52 cards and a fifth ace (of stars), card 52."""
        return self.extra_card == "ace"


GAME_KEYS = ("name", "deck", "wild", "royal_below_max", "pays", "extra_card")
PAY_KEYS = ("hand", "pay")
DEFAULT_ROYAL_BELOW_MAX = 250
MAX_FILE_BYTES = 1 << 20  # a pay table file of 1 MiB holds thousands of games
MAX_TEXT = 100  # characters of a game id or name
MAX_PAY_TEXT = 64  # characters of a pay written as text
# The exact comparison works in signed 64-bit integers: its largest number, pay x common denominator x
# C(cards left, 5) x M (the common deal weight), must stay below 2**62.
EXACT_BOUND = 2**62
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_RATIO = re.compile(r"([+-]?[0-9]+)\s*/\s*([0-9]+)")


@lru_cache(maxsize=2)
def max_scaled_pay(deck: int) -> int:
    """The largest pay x common denominator the exact comparison takes with a 52- or 53-card deck."""
    left = deck - HAND_CARDS
    draws = [math.comb(left, HAND_CARDS - h) for h in range(HAND_CARDS + 1)]
    return (EXACT_BOUND - 1) // (draws[0] * math.lcm(*draws))


def _range_text(deck: int) -> str:
    limit = max_scaled_pay(deck)
    return (f"the exact comparison works in 63-bit integers, so with a {deck}-card deck a pay is at most {limit:,} "
            f"per coin (and pay x the common denominator of the table's pays at most {limit:,})")


def _parse_pay(value: object, what: str, deck: int) -> Fraction:
    """A pay per coin >= 0: a whole number, a decimal or "p/q" (TOML number or text), within the exact range."""
    kinds = 'a number >= 0 (800, 2.5 or "5/2")'
    if isinstance(value, bool):
        raise InputError(f"{what} must be {kinds}, got {shown(value)}")
    if isinstance(value, numbers.Rational):
        pay = Fraction(int(value.numerator), int(value.denominator))
    elif isinstance(value, numbers.Real):  # a TOML float: read as the decimal it prints as (0.1 is 1/10)
        value = float(value)
        if not math.isfinite(value):
            raise InputError(f"{what} must be a finite number, got {shown(value)} (a pay is at most "
                             f"{max_scaled_pay(deck):,} per coin)")
        pay = _decimal_pay(repr(value), what, deck)
    elif isinstance(value, str):
        text = value.strip()
        if len(text) > MAX_PAY_TEXT:
            raise InputError(f"{what} is {len(text)} characters long; a pay is at most {MAX_PAY_TEXT}")
        ratio = _RATIO.fullmatch(text)
        if ratio is not None:
            den = int(ratio.group(2))
            if den == 0:
                raise InputError(f"{what} divides by zero: {shown(value)}")
            pay = Fraction(int(ratio.group(1)), den)
        elif _DECIMAL.fullmatch(text):
            pay = _decimal_pay(text, what, deck)
        elif text.lower().lstrip("+-") in ("inf", "infinity", "nan"):
            raise InputError(f"{what} must be a finite number, got {shown(value)} (a pay is at most "
                             f"{max_scaled_pay(deck):,} per coin)")
        else:
            raise InputError(f"{what} must be {kinds}, got {shown(value)}")
    else:
        raise InputError(f"{what} must be {kinds}, got {shown(value)}")
    if pay < 0:
        raise InputError(f"{what} is negative ({shown(value)}); pays are 0 or more")
    limit = max_scaled_pay(deck)
    # the common denominator is a multiple of this pay's, so pay x it is at least the numerator
    if pay.numerator > limit or pay.denominator > limit:
        raise InputError(f"{what} = {shown(value)} is out of range: {_range_text(deck)}")
    return pay


def _decimal_pay(text: str, what: str, deck: int) -> Fraction:
    """A decimal's exact value; its exponent is checked first, so 1e999999999 is refused at once."""
    number = Decimal(text)
    if number.is_zero():
        return Fraction(0)
    # >= 10**7 is above every limit; below 10**-6 the denominator is (limit < 10**6)
    if not -7 <= number.adjusted() <= 6:
        raise InputError(f"{what} = {shown(text)} is out of range: {_range_text(deck)}")
    return Fraction(number)


def _check_exact_range(hands: Sequence[str], pays: Sequence[Fraction], deck: int, where: str) -> None:
    """Every pay x the pays' common denominator, and that denominator, within the exact comparison's range."""
    limit = max_scaled_pay(deck)
    denominator = math.lcm(*(p.denominator for p in pays))
    scaled = [p * denominator for p in pays]
    top = max(scaled)
    if denominator > limit or top > limit:
        hand = hands[scaled.index(top)]
        raise InputError(f"{where}: the pays' common denominator is {denominator:,} and pay of {hand} x it is "
                         f"{int(top):,}: out of range: {_range_text(deck)}")


def _text_field(value: object, what: str) -> str:
    if not isinstance(value, str) or not value or len(value) > MAX_TEXT or not value.isprintable():
        raise InputError(f"{what} must be one line of 1 to {MAX_TEXT} printable characters, got {shown(value)}")
    return value


def _parse_game(game_id: object, data: object, where: str) -> PayTable:
    game_id = _text_field(game_id, f"a game id in {where}")

    def bad(message: str) -> InputError:
        return InputError(f"game {game_id!r} in {where}: {message}")

    if not isinstance(data, dict):
        raise bad(f"is not a table of {', '.join(GAME_KEYS)}, got {shown(data)}")
    unknown = [k for k in data if k not in GAME_KEYS]
    if unknown:
        raise bad(f"unknown key {unknown[0]!r}; known: {', '.join(GAME_KEYS)}")
    name = data.get("name", game_id)
    if not isinstance(name, str) or not name or len(name) > MAX_TEXT or not name.isprintable():
        raise bad(f"name must be one line of 1 to {MAX_TEXT} printable characters, got {shown(name)}")
    deck = data.get("deck", 52)
    if isinstance(deck, bool) or not isinstance(deck, int) or deck not in (52, 53):
        raise bad(f"deck must be 52 or 53 (a whole number), got {shown(deck)}")
    wild = data.get("wild", "none")
    if not isinstance(wild, str) or wild not in WILD_MODES:
        raise bad(f"wild must be one of {', '.join(WILD_MODES)}, got {shown(wild)}")
    extra = data.get("extra_card", "joker" if deck == 53 else "none")
    if deck == 52 and extra != "none":
        raise bad(f"extra_card is for a 53-card deck (deck = 53), got {shown(extra)} with 52 cards")
    if deck == 53 and (not isinstance(extra, str) or extra not in EXTRA_CARDS):
        raise bad(f"extra_card must be one of {', '.join(EXTRA_CARDS)}, got {shown(extra)}")
    if extra == "ace" and wild != "none":
        raise bad(f"the extra-ace deck has no wild cards (wild = \"none\"), got {shown(wild)}")
    if (wild == "joker") != (extra == "joker"):  # worded without key names: the editor reads them as the field
        raise bad("a joker game has a 53-card deck and a 53-card deck has a joker or the extra ace")
    entries = data.get("pays")
    known = ", ".join(k for k in HAND_KINDS if k != "nothing")
    if not isinstance(entries, list) or not entries:
        raise bad("needs pays = [{ hand = ..., pay = ... }, ...] with at least one hand")
    if len(entries) >= len(HAND_KINDS):
        raise bad(f"lists {len(entries)} pays; there are {len(HAND_KINDS) - 1} hands")
    hands, pays = [], []
    for i, entry in enumerate(entries, 1):
        if not isinstance(entry, dict) or set(entry) != set(PAY_KEYS):
            raise bad(f"pay {i} must be {{ hand = ..., pay = ... }} (just those two keys), got {shown(entry)}")
        hand = entry["hand"]
        hand = OLD_HAND_NAMES.get(hand, hand) if isinstance(hand, str) else hand
        if not isinstance(hand, str) or hand not in HAND_KINDS or hand == "nothing":
            raise bad(f"unknown hand {shown(hand)}; known: {known}")
        if hand in hands:
            raise bad(f"hand {hand!r} listed twice")
        try:
            pays.append(_parse_pay(entry["pay"], f"pay of {hand}", deck))
        except InputError as err:
            raise bad(str(err)) from None
        hands.append(hand)
    if wild == "none" and any(h in ("four_deuces", "wild_royal_flush") for h in hands):
        raise bad("four deuces, wild royal flush and five of a kind need wild cards")
    if wild == "none" and extra != "ace" and any(h in ("five_of_a_kind", "five_aces") for h in hands):
        raise bad("four deuces, wild royal flush and five of a kind need wild cards (five aces: wild cards or "
                  "the extra ace)")
    try:
        below = _parse_pay(data.get("royal_below_max", DEFAULT_ROYAL_BELOW_MAX), "royal_below_max", deck)
    except InputError as err:
        raise bad(str(err)) from None
    table = PayTable(game_id, name, deck, wild, (*hands, "nothing"), (*pays, Fraction(0)), below, extra)
    for coins in (MAX_COINS, 1):  # 1-4 coins share one table: royal_below_max for the natural royal
        _check_exact_range(table.hands, table.pays_for(coins), deck, f"game {game_id!r} in {where}")
    return table


def parse_games(text: str, where: str) -> dict[str, PayTable]:
    """Games from TOML text in the shipped file's format; `where` names the text in errors."""
    data = parse_toml(text, where)
    if not data:
        raise InputError(f"{where} defines no game")
    return {game_id: _parse_game(game_id, body, where) for game_id, body in data.items()}


@lru_cache(maxsize=1)
def shipped_games() -> dict[str, PayTable]:
    """The pay tables that ship with holdwise."""
    text = resources.files(__package__).joinpath("data").joinpath("games.toml").read_text()
    return parse_games(text, "the shipped pay tables")


def read_user_text(path: str | Path, what: str, max_bytes: int) -> tuple[str, str]:
    """(text, name) of a user's UTF-8 file of at most `max_bytes` (`holdwise.games.inputs.read_user_text`, the
    capped reader every game shares); `name` is the path as errors show it (one line)."""
    if isinstance(path, bool) or not isinstance(path, (str, Path)) or not str(path):
        raise InputError(f"a {what} is a path, got {shown(path)}")
    name = str(path) if str(path).isprintable() else repr(str(path))
    return inputs.read_user_text(path, what, max_bytes), name


def load_games(path: str | Path) -> dict[str, PayTable]:
    """Games from a user's TOML file (UTF-8, at most 1 MiB), in the shipped file's format."""
    text, name = read_user_text(path, "pay table file", MAX_FILE_BYTES)
    return parse_games(text, name)


def get_game(game_id: str, extra: dict[str, PayTable] | None = None) -> PayTable:
    """A game by id: a shipped one or one of `extra` (which win over shipped ids)."""
    games = {**shipped_games(), **(extra or {})}
    if not isinstance(game_id, str) or game_id not in games:
        ids = list(games)
        known = ", ".join(ids[:12]) + (f" and {len(ids) - 12:,} more (holdwise video-poker games)" if len(ids) > 12
                                       else "")
        raise InputError(f"unknown game {shown(game_id)}; known: {known}")
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
        return _checked(game)
    if not isinstance(game, str):
        raise InputError(f"a game is an id such as {DEFAULT_GAME!r}, got {shown(game)}")
    return get_game(game, all_games(paytable_file, extra))


@lru_cache(maxsize=64)
def _checked(table: PayTable) -> PayTable:
    """A PayTable built in Python, checked like a file's game (the one validation layer)."""
    hands, pays = table.hands, table.pays
    if not (isinstance(hands, tuple) and isinstance(pays, tuple) and len(hands) == len(pays) >= 2
            and hands[-1] == "nothing" and pays[-1] == 0):
        raise InputError(f"pay table {table.id!r}: hands and pays must be tuples of equal length ending "
                         "in 'nothing' with pay 0")
    body = {"name": table.name, "deck": table.deck, "wild": table.wild, "royal_below_max": table.royal_below_max,
            "pays": [{"hand": h, "pay": p} for h, p in zip(hands[:-1], pays[:-1], strict=True)]}
    if table.extra_card != "none":
        body["extra_card"] = table.extra_card
    parsed = _parse_game(table.id, body, "the given pay table")
    if parsed != table:
        raise InputError(f"pay table {table.id!r}: pays must be Fractions or ints")
    return parsed


def hand_label(hand: str) -> str:
    """A hand's name for people: "full house", "four 5s-Ks"."""
    return HAND_LABELS.get(hand, hand.replace("_", " "))


def pay_text(value: Fraction) -> str:
    """A pay as players write it: "800", "5/2"."""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def table_to_json(table: PayTable) -> dict[str, Any]:
    """A pay table as JSON types, in the TOML file's layout (pays as "p/q" text), for a session's state."""
    out = {"id": table.id, "name": table.name, "deck": table.deck, "wild": table.wild,
           "royal_below_max": pay_text(table.royal_below_max),
           "pays": [{"hand": h, "pay": pay_text(p)} for h, p in zip(table.hands, table.pays, strict=True) if h != "nothing"]}
    if table.extra_ace:  # only then: the joker deck's JSON stays as it was
        out["extra_card"] = "ace"
    return out


def table_from_json(data: dict[str, Any]) -> PayTable:
    """A pay table back from `table_to_json` (checked like a TOML file)."""
    if not isinstance(data, dict) or not isinstance(data.get("id"), str):
        raise InputError("a pay table needs an id")
    body = {k: v for k, v in data.items() if k != "id"}
    return _parse_game(data["id"], body, "the game state")
