"""Cards: a 52-card deck and a 53-card deck with a joker; parsing and printing hands.

A card is an integer: rank * 4 + suit, rank 0..12 for 2..A, suit 0..3 for clubs, diamonds,
hearts, spades; the joker is 52.
"""

from __future__ import annotations

from ...errors import InputError

RANKS = "23456789TJQKA"
SUITS = "cdhs"
JOKER = 52
RANK_NAMES = {r: i for i, r in enumerate(RANKS)}
RANK_NAMES["10"] = RANK_NAMES["T"]
HAND_SIZE = 5


def card_str(card: int) -> str:
    """A card as text: 'As', 'Td', 'Jk'."""
    if card == JOKER:
        return "Jk"
    return RANKS[card // 4] + SUITS[card % 4]


def hand_str(cards) -> str:
    return " ".join(card_str(c) for c in cards)


def parse_card(text: str, deck_size: int = 52) -> int:
    """One card from text such as 'AS', 'ah', '10h', 'Td', 'Jk', 'Joker' (case-insensitive)."""
    t = text.strip().lower()
    if t in ("jk", "joker"):
        if deck_size != 53:
            raise InputError(f"no joker in a {deck_size}-card deck: {text!r}")
        return JOKER
    if len(t) < 2 or t[-1] not in SUITS or t[:-1].upper() not in RANK_NAMES:
        raise InputError(f"unknown card {text!r} (use rank 2-9, T or 10, J, Q, K, A and suit c, d, h, s)")
    return RANK_NAMES[t[:-1].upper()] * 4 + SUITS.index(t[-1])


def parse_hand(text: str, deck_size: int = 52) -> tuple[int, ...]:
    """Five distinct cards from text separated by spaces or commas."""
    parts = [p for p in text.replace(",", " ").split() if p]
    if len(parts) != HAND_SIZE:
        raise InputError(f"a hand has {HAND_SIZE} cards, got {len(parts)}: {text!r}")
    cards = tuple(parse_card(p, deck_size) for p in parts)
    if len(set(cards)) != HAND_SIZE:
        seen = set()
        dup = next(card_str(c) for c in cards if c in seen or seen.add(c))
        raise InputError(f"card {dup} appears twice in {text!r}")
    return cards
