"""Cards: the 52-card deck and the two 53-card decks (a joker, or a fifth ace); parsing and printing hands and holds.

A card is an integer: rank * 4 + suit, rank 0..12 for 2..A, suit 0..3 for clubs, diamonds,
hearts, spades; card 52 is the 53rd card: the joker, or in the extra-ace deck (Five Aces) the ace
of stars, a fifth suit holding only that card. As text a card is its rank (2-9, T, J, Q, K, A) and
suit (c, d, h, s): "As", "Td", "Jk" for the joker and "A*" for the ace of stars. Parsing is
case-insensitive and also takes `10h`, the suit symbols (`A♠`, `10♥`, `Q♦`, `2♣`, white or
black), `Joker`, and `A★` or `A☆` for the ace of stars.

Which 53rd card a deck has is the keyword `extra`, as a pay table's `extra_card` names it: "joker"
(the default, so a 53-card deck means the joker deck as before), "ace", or "none" (52 cards).
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from typing import Any

from ...errors import InputError
from ..inputs import shown

__all__ = [
    "EXTRA_KINDS", "HAND_SIZE", "JOKER", "RANKS", "STAR_ACE", "SUITS", "card_str", "hand_str", "parse_card",
    "parse_hand", "parse_hold", "shown",
]

RANKS = "23456789TJQKA"
SUITS = "cdhs"
JOKER = 52
STAR_ACE = 52  # the extra-ace deck's 53rd card: the same code as the joker, which that deck does not have
EXTRA_KINDS = ("none", "joker", "ace")  # a deck's 53rd card, as PayTable.extra_card names it
HAND_SIZE = 5
RANK_NAMES = {r: i for i, r in enumerate(RANKS)}
RANK_NAMES["10"] = RANK_NAMES["T"]
# The suit symbols, black and white, as players paste them from a card site.
SUIT_SYMBOLS = {"♣": "c", "♧": "c", "♦": "d", "♢": "d", "♥": "h", "♡": "h", "♠": "s", "♤": "s"}
STAR_TEXTS = ("a*", "a★", "a☆")  # the ace of stars as typed (lower case): ASCII, or with a black or white star
STAR_TEXT = "A*"  # as printed: plain ASCII, like "Jk"
CardsInput = str | Sequence[str] | Sequence[int]


def _check_extra(extra: str) -> str:
    if not isinstance(extra, str) or extra not in EXTRA_KINDS:
        raise InputError(f"a deck's 53rd card is one of {', '.join(EXTRA_KINDS)}, got {shown(extra)}")
    return extra


def card_str(card: int, extra: str = "joker") -> str:
    """A card as text: 'As', 'Td', 'Jk'; with extra="ace" card 52 is 'A*'."""
    if card == JOKER:
        return STAR_TEXT if _check_extra(extra) == "ace" else "Jk"
    return RANKS[card // 4] + SUITS[card % 4]


def hand_str(cards: Sequence[int], extra: str = "joker") -> str:
    """Cards as text separated by spaces: 'As Ks Qs Js Td'."""
    return " ".join(card_str(c, extra) for c in cards)


_CODES = {card_str(c): c for c in range(JOKER)}  # the 52 cards every deck has; card 52's text depends on the deck
_CODES_UPPER = {text.upper(): c for text, c in _CODES.items()}  # the same, as typed in capitals


def _deck_name(deck_size: int, extra: str) -> str:
    """The deck in words, for an error: 'a 52-card deck', 'the joker deck', 'the extra-ace deck'."""
    if deck_size == 52:
        return "a 52-card deck"
    return "the extra-ace deck" if extra == "ace" else "the joker deck"


def parse_card(text: str | int, deck_size: int = 52, extra: str = "joker") -> int:
    """One card from text such as 'AS', 'ah', '10h', 'Td', 'A♠', 'Jk', 'Joker', 'A*' (case-insensitive).

    `extra` is a 53-card deck's 53rd card ("joker" or "ace"); a 52-card deck ignores it.
    """
    if type(text) is str and type(deck_size) is int and deck_size in (52, 53) and extra in EXTRA_KINDS:
        # one of the 52 cards every deck has, in any case ("As", "AS", "as"): no parsing
        code = _CODES.get(text)
        if code is None:
            code = _CODES_UPPER.get(text.upper())
        if code is not None:
            return code
    if isinstance(deck_size, bool) or not isinstance(deck_size, int) or deck_size not in (52, 53):
        raise InputError(f"a deck has 52 or 53 cards, got {shown(deck_size)}")
    _check_extra(extra)
    star = deck_size == 53 and extra == "ace"
    if isinstance(text, bool):
        raise InputError(f"unknown card {shown(text)}")
    if isinstance(text, numbers.Integral):  # a card code, as the session and the solver use them
        text = int(text)
        if not 0 <= text < deck_size:
            raise InputError(f"card number {shown(text)} is not in the {deck_size}-card deck (0-{deck_size - 1})")
        return text
    if not isinstance(text, str):
        raise InputError(f"unknown card {shown(text)}")
    t = text.strip().lower()
    if t in ("jk", "joker"):
        if deck_size != 53:
            raise InputError(f"no joker in a {deck_size}-card deck: {shown(text)}")
        if star:
            raise InputError(f"no joker in the extra-ace deck (its 53rd card is the ace of stars, A*): {shown(text)}")
        return JOKER
    if t in STAR_TEXTS:
        if not star:
            raise InputError(f"no ace of stars in {_deck_name(deck_size, extra)} (only the extra-ace deck has "
                             f"it): {shown(text)}")
        return STAR_ACE
    if t and t[-1] in SUIT_SYMBOLS:
        t = t[:-1] + SUIT_SYMBOLS[t[-1]]
    if len(t) < 2 or t[-1] not in SUITS or t[:-1].upper() not in RANK_NAMES:
        also = "; A* the ace of stars" if star else ""
        raise InputError(f"unknown card {shown(text)} (rank 2-9, T or 10, J, Q, K, A; suit c d h s or ♣ ♦ ♥ ♠"
                         f"{also})")
    return RANK_NAMES[t[:-1].upper()] * 4 + SUITS.index(t[-1])


def _parts(cards: object) -> list[Any]:
    """Card words from one string or a list (whose items may themselves hold several cards)."""
    if isinstance(cards, str):
        return cards.replace(",", " ").split()
    if isinstance(cards, Sequence) and not isinstance(cards, (bytes, bytearray)):
        out: list[object] = []
        for item in cards:
            out.extend(_parts(item) if isinstance(item, str) else [item])
        return out
    raise InputError(f"a hand is text or a list of cards, got {shown(cards)}")


def parse_hand(cards: object, deck_size: int = 52, extra: str = "joker") -> tuple[int, ...]:
    """Five distinct cards, in the order given, from one string (spaces or commas) or a list of cards
    (`extra` as for `parse_card`)."""
    if type(cards) is str and type(deck_size) is int and deck_size in (52, 53) and extra in EXTRA_KINDS:
        # five of the 52 cards every deck has in any case ("As kd", "AS KD"), distinct: no parsing (a hint
        # reads one); as parse_card finds each, by its capitals
        found = tuple(map(_CODES_UPPER.get, cards.upper().replace(",", " ").split()))
        if len(found) == HAND_SIZE and None not in found and len(set(found)) == HAND_SIZE:
            return found  # type: ignore[return-value]  # no None among them
    parts = _parts(cards)
    given = cards if isinstance(cards, str) else " ".join(p if isinstance(p, str) else shown(p) for p in parts)
    if len(parts) != HAND_SIZE:
        raise InputError(f"a hand has {HAND_SIZE} cards, got {len(parts)}: {shown(given)}")
    hand = tuple(parse_card(p, deck_size, extra) for p in parts)
    if len(set(hand)) != HAND_SIZE:
        dup = next(card_str(c, extra) for i, c in enumerate(hand) if c in hand[:i])
        raise InputError(f"card {dup} appears twice in {shown(given)}")
    return hand


def parse_hold(text: str | Sequence[int], hand: Sequence[int], extra: str = "joker") -> list[int]:
    """The positions (1-5, in dealt order) to hold, from what a player types.

    Accepts positions ("1 3 5", "135", "1,3,5"), the held cards ("As Ks"), "all" or "a" (hold
    every card), "none", "0" or "-" (hold nothing, draw five), or a list of positions. `extra` is
    the deck's 53rd card, as for `parse_card` ("ace": card 52 is the ace of stars, A*).
    """
    _check_extra(extra)
    if not isinstance(text, str):
        if not isinstance(text, Sequence):
            raise InputError(f"a hold is text or a list of positions 1-{HAND_SIZE}, got {shown(text)}")
        positions: list[Any] = list(text)
        if not all(isinstance(p, numbers.Integral) and not isinstance(p, bool) for p in positions):
            raise InputError(f"positions to hold are whole numbers 1-{HAND_SIZE}, got {shown(positions)}")
        positions = [int(p) for p in positions]
    else:
        t = text.strip().lower().replace(",", " ")
        if t in ("all", "a"):
            return list(range(1, HAND_SIZE + 1))
        if t in ("none", "0", "-"):
            return []
        if not t:
            raise InputError("type the positions to hold (e.g. 1 3 5), 0 for none or a for all")
        words = t.split()
        if all(w.isascii() and w.isdigit() for w in words):  # "²" is a digit to Python, not to int()
            positions = [int(ch) for w in words for ch in w]
        else:
            deck_size = 53 if JOKER in hand or extra == "ace" else 52
            try:
                cards = [parse_card(w, deck_size, extra) for w in words]
            except InputError:
                raise InputError(f"{shown(text.strip())} is neither positions 1-5 nor cards of the hand "
                                 "(a holds all, 0 none)") from None
            missing = [card_str(c, extra) for c in cards if c not in hand]
            if missing:
                raise InputError(f"{' '.join(missing)} is not in the hand {hand_str(hand, extra)}")
            positions = [list(hand).index(c) + 1 for c in cards]
    bad = [p for p in positions if not 1 <= p <= HAND_SIZE]
    if bad:
        raise InputError(f"positions to hold are 1 to {HAND_SIZE}, got {bad[0]}")
    if len(set(positions)) != len(positions):
        raise InputError(f"position {next(p for p in positions if positions.count(p) > 1)} is held twice")
    return sorted(positions)
