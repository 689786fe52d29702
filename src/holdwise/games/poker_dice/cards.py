"""Card dice: poker dice whose faces are playing cards and stars (wild cards), as data (seed 003).

The seed's rules page names two such sets: octahedral dice with suits "ranging from 7 up to ace" ("each die had
slightly different numberings"; Marlboro, now Koplow Games) and the 12-sided Royal Poker Dice, "five 12-sided
dice allowing for all 52 playing cards ... The remaining 8 faces featured stars and acted as wild cards".
Neither set's face layout is public: the shipped sets (data/dice_sets/*.toml) say which layout they use.

A face is a small int: a card is 4 * (rank - 2) + suit (rank 2..14 for 2..A; suit 0..3 for c d h s, the order
of holdwise's video poker cards), a star is WILD (52). As text a card is its rank (2-10 or T, J, Q, K, A) and
suit (s h d c or ♠ ♥ ♦ ♣), a star "*" or "star"; case does not matter.

A set file is TOML: `name = "..."`, optional `description` and `source`, then five `[[die]]` tables, each with
`faces = ["As", "Kh", "*", ...]` (1 to 64 faces; faces may repeat on a die and across dice).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

from ...errors import InputError
from ..inputs import parse_toml, read_user_text, shown

__all__ = [
    "DICE", "MAX_FACES", "MAX_FILE_BYTES", "RANK_TEXT", "SHIPPED_SETS", "SUITS", "WILD", "DiceSet", "dice_set",
    "face_rank", "face_suit", "face_text", "is_wild", "load_dice_set", "make_card", "parse_dice_set", "parse_face",
]

WILD = 52
SUITS = "cdhs"  # suit codes 0..3, as holdwise's video poker cards
DICE = 5
MAX_FACES = 64
MAX_FILE_BYTES = 1 << 20
MAX_TEXT = 2000  # characters of a set's name, description or source
SHIPPED_SETS = ("royal", "octahedral")
RANK_TEXT = {r: str(r) for r in range(2, 11)} | {11: "J", 12: "Q", 13: "K", 14: "A"}
_RANKS = {v: k for k, v in RANK_TEXT.items()} | {"T": 10}
_SUIT_SYMBOLS = {"♣": "c", "♧": "c", "♦": "d", "♢": "d", "♥": "h", "♡": "h", "♠": "s", "♤": "s"}
_SYMBOL = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
_FACE_HELP = "a rank 2-10 J Q K A and a suit s h d c, or * for a star"
_KEYS = ("name", "description", "source", "die")


def make_card(rank: int, suit: int) -> int:
    """The face code of a card: rank 2..14 (2..A), suit 0..3 (c d h s)."""
    return 4 * (rank - 2) + suit


def is_wild(face: int) -> bool:
    """Whether a face code is a star."""
    return face == WILD


def face_rank(face: int) -> int:
    """A card's rank 2..14 (a star has none: 0)."""
    return 0 if face == WILD else face // 4 + 2


def face_suit(face: int) -> int:
    """A card's suit 0..3 for c d h s (a star has none: -1)."""
    return -1 if face == WILD else face % 4


def face_text(face: int, symbols: bool = False) -> str:
    """A face as text: "As", "10h", "*" (with `symbols`: "A♠", "10♥", "★")."""
    if face == WILD:
        return "★" if symbols else "*"
    suit = SUITS[face % 4]
    return RANK_TEXT[face // 4 + 2] + (_SYMBOL[suit] if symbols else suit)


def parse_face(text: object) -> int:
    """A face code from text ("As", "10h", "Th", "A♠", "*", "star"; any case) or a face code 0..52."""
    if isinstance(text, int) and not isinstance(text, bool):
        if 0 <= text <= WILD:
            return text
        raise InputError(f"not a card: {shown(text, 24)} (a face code is 0 to 52)")
    if not isinstance(text, str):
        raise InputError(f"not a card: {shown(text, 24)} ({_FACE_HELP})")
    t = text.strip().lower()
    if t in ("*", "star", "★", "☆"):
        return WILD
    if t and t[-1] in _SUIT_SYMBOLS:
        t = t[:-1] + _SUIT_SYMBOLS[t[-1]]
    if len(t) < 2 or t[-1] not in SUITS or t[:-1].upper() not in _RANKS:
        raise InputError(f"not a card: {shown(text, 24)} ({_FACE_HELP})")
    return make_card(_RANKS[t[:-1].upper()], SUITS.index(t[-1]))


@dataclass(frozen=True)
class DiceSet:
    """Five card dice: `dice[d]` holds die d's faces as face codes (a face may appear more than once)."""

    name: str
    dice: tuple[tuple[int, ...], ...]
    description: str = ""
    source: str = ""

    @property
    def faces_per_die(self) -> tuple[int, ...]:
        """How many faces each die has."""
        return tuple(len(d) for d in self.dice)

    @property
    def states(self) -> int:
        """How many ordered rolls there are: one face per die, the product of the face counts."""
        n = 1
        for d in self.dice:
            n *= len(d)
        return n

    @property
    def has_wilds(self) -> bool:
        """Whether some die has a star."""
        return any(WILD in d for d in self.dice)

    def die_text(self, d: int, symbols: bool = False) -> str:
        """Die d's faces as text, in order ("As Kh * ...")."""
        return " ".join(face_text(f, symbols) for f in self.dice[d])


def parse_dice_set(text: str, where: str = "the dice set") -> DiceSet:
    """A dice set from TOML text; `where` names it in errors (one line each)."""
    data = parse_toml(text, where)
    unknown = [k for k in data if k not in _KEYS]
    if unknown:
        raise InputError(f"{where}: unknown key {shown(unknown[0], 30)} (a set has name, description, source "
                         "and [[die]] tables)")
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise InputError(f"{where}: name must be a line of text, got {shown(name)}")
    texts = {}
    for key in ("name", "description", "source"):
        value = data.get(key, "")
        if not isinstance(value, str):
            raise InputError(f"{where}: {key} must be text, got {shown(value)}")
        if len(value) > MAX_TEXT:
            raise InputError(f"{where}: {key} has {len(value):,} characters; at most {MAX_TEXT:,}")
        texts[key] = " ".join(value.split())  # one line, as it is shown
    dice = data.get("die", [])
    if not isinstance(dice, list) or not all(isinstance(d, dict) for d in dice):
        raise InputError(f"{where}: dice are [[die]] tables, each with faces = [...]")
    if len(dice) != DICE:
        raise InputError(f"a set has {DICE} dice, got {len(dice)}")
    parsed = []
    for d, die in enumerate(dice, start=1):
        extra = [k for k in die if k != "faces"]
        if extra:
            raise InputError(f"die {d}: unknown key {shown(extra[0], 30)} (a die has only faces = [...])")
        faces = die.get("faces")
        if faces is None or faces == []:
            raise InputError(f"die {d} has no faces")
        if not isinstance(faces, list):
            raise InputError(f"die {d}: faces must be a list such as [\"As\", \"Kh\", \"*\"], got {shown(faces)}")
        if len(faces) > MAX_FACES:
            raise InputError(f"die {d} has {len(faces)} faces; at most {MAX_FACES}")
        codes = []
        for f, face in enumerate(faces, start=1):
            if isinstance(face, int) and not isinstance(face, bool):  # codes are for code, not for files
                face = str(face)
            try:
                codes.append(parse_face(face))
            except InputError as err:
                raise InputError(f"die {d}, face {f}: {err}") from None
        parsed.append(tuple(codes))
    return DiceSet(texts["name"], tuple(parsed), texts["description"], texts["source"])


def load_dice_set(path_or_text: str | Path) -> DiceSet:
    """A dice set from a TOML file (a Path, or a str naming one) or from TOML text (a str with a newline or
    an `=`)."""
    if isinstance(path_or_text, Path):
        return parse_dice_set(read_user_text(path_or_text, "dice set file", MAX_FILE_BYTES), str(path_or_text))
    if not isinstance(path_or_text, str) or not path_or_text:
        raise InputError(f"a dice set is a TOML file's path or TOML text, got {shown(path_or_text)}")
    if "\n" in path_or_text or "=" in path_or_text:
        return parse_dice_set(path_or_text)
    return parse_dice_set(read_user_text(Path(path_or_text), "dice set file", MAX_FILE_BYTES), path_or_text)


def dice_set(name: str) -> DiceSet:
    """A shipped dice set by name: "royal" (five 12-sided dice, 52 cards and 8 stars) or "octahedral" (five
    8-sided dice, 7 to A)."""
    if not isinstance(name, str) or name.strip().lower() not in SHIPPED_SETS:
        raise InputError(f"unknown dice set {shown(name, 30)} (shipped: {', '.join(SHIPPED_SETS)})")
    return _shipped(name.strip().lower())


@lru_cache(maxsize=len(SHIPPED_SETS))
def _shipped(key: str) -> DiceSet:
    text = resources.files(__package__).joinpath("data", "dice_sets", f"{key}.toml").read_text(encoding="utf-8")
    return parse_dice_set(text, f"the shipped dice set {key!r}")
