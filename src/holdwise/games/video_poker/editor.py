"""A pay table as the browser's editor holds it: the choices the file format allows, the TOML the CLI reads,
and a short code that carries the table in a link.

The code is the table's TOML (as `table_toml` writes it), deflated and written in base64url, so a link holds
exactly what a pay-table file would; reading a code back runs the file format's own parser.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ...errors import InputError
from ...i18n import N_
from . import paytables
from .cards import shown
from .paytables import HAND_KINDS, PayTable, hand_label, parse_games, pay_text, table_to_json

__all__ = ["MAX_CODE", "editor_options", "table_code", "table_field", "table_from_code", "table_from_fields",
           "table_to_json", "table_toml"]

MAX_CODE = 4000  # characters of a table's code: a table of every hand is ~600
MAX_TOML = 16 * 1024  # bytes a code may inflate to: far above any one table, far below a deflate bomb
_ID = re.compile(r"[A-Za-z0-9_-]{1,100}")
# the decks tried when asking the format which it takes: a deck is a whole number of cards near 52
_DECK_SIZES = range(48, 57)
_WILD_TEXT = {"none": "no wild card", "deuces": "deuces wild", "joker": "the joker wild"}
# the decks' labels the editor offers (`_variant_label` of each of `_variants`), for the catalogues: its page says
# them (a test holds this list equal to the offer)
VARIANT_LABELS = (N_("52 cards, no wild card"), N_("52 cards, deuces wild"),
                  N_("53 cards: 52 and an extra ace, no wild card"), N_("53 cards: 52 and a joker, the joker wild"))


def _toml_value(value: object) -> str:
    """A JSON value of `table_to_json` as TOML: whole pays bare, fractions and text quoted."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str) and re.fullmatch(r"[0-9]+", value):
        return value
    return json.dumps(str(value), ensure_ascii=False)  # a JSON string is a TOML basic string


def table_toml(table: PayTable, compact: bool = False) -> str:
    """One game as the TOML `holdwise video-poker --paytable-file` reads (`compact`: no comments or spaces)."""
    data = table_to_json(table)
    game_id = data.pop("id")
    pays = data.pop("pays")
    head = game_id if _ID.fullmatch(game_id) else json.dumps(game_id, ensure_ascii=False)
    rows = [f"{{ hand = {_toml_value(p['hand'])}, pay = {_toml_value(p['pay'])} }}" for p in pays]
    if compact:
        lines = [f"[{head}]", *(f"{k}={_toml_value(v)}" for k, v in data.items()),
                 "pays=[" + ",".join(r.replace(" ", "") for r in rows) + "]"]
        return "\n".join(lines) + "\n"
    lines = ["# A video poker pay table for holdwise: pays per coin, best hand first; at 1-4 coins the natural",
             "# royal flush pays royal_below_max per coin.",
             f"# holdwise video-poker return --paytable-file FILE --game {game_id}", "",
             f"[{head}]", *(f"{k} = {_toml_value(v)}" for k, v in data.items()), "pays = [",
             *(f"  {r}," for r in rows), "]"]
    return "\n".join(lines) + "\n"


def _one_game(text: str, where: str) -> PayTable:
    games = parse_games(text, where)
    if len(games) != 1:
        raise InputError(f"{where} must hold one game, got {len(games)}")
    return next(iter(games.values()))


def table_code(table: PayTable) -> str:
    """The table as a short code for a link: its compact TOML, deflated, in base64url without padding."""
    raw = zlib.compress(table_toml(table, compact=True).encode(), 9)
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def table_from_code(code: object) -> PayTable:
    """The table a code carries (InputError in one line when it is not one)."""
    if not isinstance(code, str) or not code or len(code) > MAX_CODE:
        raise InputError(f"table must be a pay table's code of 1 to {MAX_CODE:,} characters, got {shown(code)}")
    try:
        raw = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
        inflater = zlib.decompressobj()
        inflated = inflater.decompress(raw, MAX_TOML)
        if inflater.unconsumed_tail:
            raise InputError(f"table code inflates to more than {MAX_TOML:,} bytes")
        text = inflated.decode("utf-8")
    except (binascii.Error, ValueError, zlib.error):
        raise InputError("table code is damaged (not a pay table's code; copy the whole link)") from None
    return _one_game(text, "the table code")


def _field_of(message: str, hands: list[str]) -> str:
    """The editor's field a parser message is about: a hand's pay, or a key of the game."""
    message = message.split("; known:")[0]  # the list of what is known names every field
    for hand in hands:
        if f"pay of {hand}" in message or f"hand {hand!r}" in message:
            return f"pays.{hand}"
    # a rule about hands ("five of a kind need wild cards") names the first of the table's hands it lists;
    # longer names are taken out first, so "wild royal flush" is not read as "royal flush"
    rest = message
    for hand in sorted(HAND_KINDS, key=lambda h: -len(hand_label(h))):
        if hand_label(hand) in rest:
            if hand in hands:
                return f"pays.{hand}"
            rest = rest.replace(hand_label(hand), "")
    for key in ("royal_below_max", "extra_card", "wild", "deck", "name"):
        if key in message:
            return key
    return "pays"


def table_field(err: InputError, data: object) -> str:
    """Which field of `table_from_fields`' input an error from it names."""
    hands: list[str] = []
    if isinstance(data, dict) and isinstance(data.get("pays"), list):
        hands = [str(p["hand"]) for p in data["pays"] if isinstance(p, dict) and p.get("hand") in HAND_KINDS]
    return err.field or _field_of(str(err), hands)


def table_from_fields(data: object) -> PayTable:
    """A table from the editor's fields: `{id, name, deck, wild, royal_below_max, pays: [{hand, pay}], ...}` (the
    file format's keys, pays as text), read through the file format's parser, so it is what the CLI reads."""
    if not isinstance(data, dict):
        raise InputError(f"a pay table is an object of the file's keys, got {shown(data)}")
    game_id = data.get("id")
    if not isinstance(game_id, str) or not _ID.fullmatch(game_id):
        raise InputError(f"must be 1 to 100 letters, digits, - or _ (it names the game in the file), got "
                         f"{shown(game_id)}", "id")
    body = {k: v for k, v in data.items() if k != "id"}
    for key in body:
        if key not in paytables.GAME_KEYS:
            raise InputError(f"unknown key; known: {', '.join(paytables.GAME_KEYS)}", key, ": ")
    # the file format's parser is the one check; its message names the field in its words
    return paytables._parse_game(game_id, body, "the editor")


def _variants() -> list[dict[str, Any]]:
    """The decks and wild cards the file format takes, as it answers when asked (none is listed here)."""
    extras = [None, *getattr(paytables, "EXTRA_CARDS", ())] if "extra_card" in paytables.GAME_KEYS else [None]
    seen, out = set(), []
    for deck in _DECK_SIZES:
        for wild in paytables.WILD_MODES:
            for extra in extras:
                body = {"deck": deck, "wild": wild, "pays": [{"hand": "royal_flush", "pay": 1}]}
                if extra is not None:
                    body["extra_card"] = extra
                try:
                    table = paytables._parse_game("probe", body, "the probe")
                except InputError:
                    continue
                extra_card = getattr(table, "extra_card", "joker" if deck == 53 else "none")
                key = (deck, wild, extra_card)
                if key in seen:
                    continue
                seen.add(key)
                variant = {"deck": deck, "wild": wild}
                if extra is not None and extra_card != ("joker" if deck == 53 else "none"):
                    variant["extra_card"] = extra
                out.append({"key": "|".join(str(x) for x in key), "fields": variant,
                            "label": _variant_label(deck, wild, extra_card)})
    return out


def _variant_label(deck: int, wild: str, extra: str) -> str:
    wild_text = _WILD_TEXT.get(wild, f"{wild} wild")
    if deck == 53 and extra == "joker":
        return f"53 cards: 52 and a joker, {wild_text}"
    if deck == 53 and extra not in ("joker", "none"):
        return f"53 cards: 52 and an extra {extra}, {wild_text}"
    return f"{deck} cards, {wild_text}"


# what a deck must have for a hand to be made at all (the editor offers a hand only on a deck that can make it):
# "wild" a wild card, "deuces" deuces wild, "five aces" a wild card or the extra ace
_NEEDS = {"four_deuces": "deuces", "wild_royal_flush": "wild", "five_of_a_kind": "wild", "five_aces": "five aces"}


@lru_cache(maxsize=1)
def editor_options() -> dict[str, Any]:
    """What the editor offers: the deck and wild-card choices and the hands (each with what a deck needs to make
    it: `needs`), all as the file format reads them."""
    hands = [{"hand": h, "label": hand_label(h), "means": HAND_KINDS[h], "needs": _NEEDS.get(h)}
             for h in HAND_KINDS if h != "nothing"]
    return {"variants": _variants(), "hands": hands,
            "default_royal_below_max": pay_text(Fraction(paytables.DEFAULT_ROYAL_BELOW_MAX)),
            "max_code": MAX_CODE}
