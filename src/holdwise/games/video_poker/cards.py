"""Cards: a 52-card deck and a 53-card deck with a joker; parsing and printing hands and holds.

A card is an integer: rank * 4 + suit, rank 0..12 for 2..A, suit 0..3 for clubs, diamonds,
hearts, spades; the joker is 52. As text a card is its rank (2-9, T, J, Q, K, A) and suit
(c, d, h, s): "As", "Td", and "Jk" for the joker. Parsing is case-insensitive and also takes
`10h`, the suit symbols (`A♠`, `10♥`, `Q♦`, `2♣`, white or black) and `Joker`.
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence

from ...errors import InputError
from ..inputs import shown

__all__ = [
    "HAND_SIZE", "JOKER", "RANKS", "SUITS", "card_str", "hand_str", "parse_card", "parse_hand", "parse_hold",
    "shown",
]

RANKS = "23456789TJQKA"
SUITS = "cdhs"
JOKER = 52
HAND_SIZE = 5
RANK_NAMES = {r: i for i, r in enumerate(RANKS)}
RANK_NAMES["10"] = RANK_NAMES["T"]
# The suit symbols, black and white, as players paste them from a card site.
SUIT_SYMBOLS = {"♣": "c", "♧": "c", "♦": "d", "♢": "d", "♥": "h", "♡": "h", "♠": "s", "♤": "s"}
CardsInput = str | Sequence[str] | Sequence[int]


def card_str(card: int) -> str:
    """A card as text: 'As', 'Td', 'Jk'."""
    if card == JOKER:
        return "Jk"
    return RANKS[card // 4] + SUITS[card % 4]


def hand_str(cards: Sequence[int]) -> str:
    """Cards as text separated by spaces: 'As Ks Qs Js Td'."""
    return " ".join(card_str(c) for c in cards)


_CODES = {card_str(c): c for c in range(JOKER + 1)}


def parse_card(text: str | int, deck_size: int = 52) -> int:
    """One card from text such as 'AS', 'ah', '10h', 'Td', 'A♠', 'Jk', 'Joker' (case-insensitive)."""
    if isinstance(deck_size, bool) or not isinstance(deck_size, int) or deck_size not in (52, 53):
        raise InputError(f"a deck has 52 or 53 cards, got {shown(deck_size)}")
    if isinstance(text, bool):
        raise InputError(f"unknown card {shown(text)}")
    if isinstance(text, numbers.Integral):  # a card code, as the session and the solver use them
        text = int(text)
        if not 0 <= text < deck_size:
            raise InputError(f"card number {shown(text)} is not in the {deck_size}-card deck (0-{deck_size - 1})")
        return text
    if not isinstance(text, str):
        raise InputError(f"unknown card {shown(text)}")
    code = _CODES.get(text)  # the usual spelling, as the session stores cards: no parsing
    if code is not None and code < deck_size:
        return code
    t = text.strip().lower()
    if t in ("jk", "joker"):
        if deck_size != 53:
            raise InputError(f"no joker in a {deck_size}-card deck: {shown(text)}")
        return JOKER
    if t and t[-1] in SUIT_SYMBOLS:
        t = t[:-1] + SUIT_SYMBOLS[t[-1]]
    if len(t) < 2 or t[-1] not in SUITS or t[:-1].upper() not in RANK_NAMES:
        raise InputError(f"unknown card {shown(text)} (rank 2-9, T or 10, J, Q, K, A; suit c d h s or ♣ ♦ ♥ ♠)")
    return RANK_NAMES[t[:-1].upper()] * 4 + SUITS.index(t[-1])


def _parts(cards: CardsInput) -> list:
    """Card words from one string or a list (whose items may themselves hold several cards)."""
    if isinstance(cards, str):
        return cards.replace(",", " ").split()
    if isinstance(cards, Sequence) and not isinstance(cards, (bytes, bytearray)):
        out = []
        for item in cards:
            out.extend(_parts(item) if isinstance(item, str) else [item])
        return out
    raise InputError(f"a hand is text or a list of cards, got {shown(cards)}")


def parse_hand(cards: CardsInput, deck_size: int = 52) -> tuple[int, ...]:
    """Five distinct cards, in the order given, from one string (spaces or commas) or a list of cards."""
    parts = _parts(cards)
    given = cards if isinstance(cards, str) else " ".join(p if isinstance(p, str) else shown(p) for p in parts)
    if len(parts) != HAND_SIZE:
        raise InputError(f"a hand has {HAND_SIZE} cards, got {len(parts)}: {shown(given)}")
    hand = tuple(parse_card(p, deck_size) for p in parts)
    if len(set(hand)) != HAND_SIZE:
        seen: set[int] = set()
        dup = next(card_str(c) for c in hand if c in seen or seen.add(c))
        raise InputError(f"card {dup} appears twice in {shown(given)}")
    return hand


def parse_hold(text: str | Sequence[int], hand: Sequence[int]) -> list[int]:
    """The positions (1-5, in dealt order) to hold, from what a player types.

    Accepts positions ("1 3 5", "135", "1,3,5"), the held cards ("As Ks"), "all" or "a" (hold
    every card), "none", "0" or "-" (hold nothing, draw five), or a list of positions.
    """
    if not isinstance(text, str):
        if not isinstance(text, Sequence):
            raise InputError(f"a hold is text or a list of positions 1-{HAND_SIZE}, got {shown(text)}")
        positions = list(text)
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
            deck_size = 53 if JOKER in hand else 52
            try:
                cards = [parse_card(w, deck_size) for w in words]
            except InputError:
                raise InputError(f"{shown(text.strip())} is neither positions 1-5 nor cards of the hand "
                                 "(a holds all, 0 none)") from None
            missing = [card_str(c) for c in cards if c not in hand]
            if missing:
                raise InputError(f"{' '.join(missing)} is not in the hand {hand_str(hand)}")
            positions = [list(hand).index(c) + 1 for c in cards]
    bad = [p for p in positions if not 1 <= p <= HAND_SIZE]
    if bad:
        raise InputError(f"positions to hold are 1 to {HAND_SIZE}, got {bad[0]}")
    if len(set(positions)) != len(positions):
        raise InputError(f"position {next(p for p in positions if positions.count(p) > 1)} is held twice")
    return sorted(positions)
