"""Hold patterns: the language of strategy charts ("4 to a royal flush", "high pair", "KQJ unsuited", ...).

Every hold of every deal gets exactly one pattern id, its most specific description; a chart line names
a set of ids (`Vocabulary.matching`): a pattern's own text names just it, a coarse text ("4 to a flush",
"high pair", "3 to a straight flush, 1 gap") names every finer id under it.

Line grammar: `base[, clause]...`, case-insensitive; clauses narrow (all must hold) in any order; "with"
may stand for the first comma ("4 to an outside straight with 0-2 high cards"); "a-b high cards" and
"a-b gaps" name a range; rank letters may come in any order ("TJ suited" = "JT suited"); "10" reads as T;
"three to a royal" reads as "3 to a royal". A clause alone ("2 deuces", "flush penalty") names every id
that has it. A union line joins lines with " or " ("three of a kind or straight or flush or full house"):
it names every id any part names (the whole text is tried as one line first).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path

import numpy as np

from ...errors import InputError
from ..inputs import parse_toml
from .cards import shown
from .evaluator import binomials
from .pattern_codes import (
    GROUPS, RANK_CHARS, GameRules, classes5, classify_deals, deal_array, game_rules, hold_codes, rank_tables, scratch,
)
from .pattern_texts import describe, plural
from .paytables import PayTable, read_user_text
from .tables import distinct_deals

__all__ = [
    "MAX_CHART_BYTES", "MAX_CHART_LINES", "MAX_LINE_CHARS", "Chart", "ChartLine", "Pattern", "Vocabulary",
    "hold_codes", "hold_patterns", "parse_chart", "read_chart", "vocabulary",
]

MAX_CHART_BYTES = 256 * 1024  # a chart file: far more than any chart needs
MAX_CHART_LINES = 2_000
MAX_LINE_CHARS = 200

# ---------------------------------------------------------------------------------------------------------------
# the vocabulary


@dataclass(frozen=True)
class Pattern:
    """One hold pattern of a game: its id, its canonical chart text, its family."""

    id: int
    text: str
    group: str


_RANGE = re.compile(r"(\d+)\s*(?:-|or|to)\s*(\d+) (high cards|gaps|ways)")
_NUMBER_WORDS = re.compile(r"\b(one|two|three|four|five)(?= to an? )")
_ROYAL_SHORT = re.compile(r"\bto an? royal\b(?! flush)")  # "4 to a royal" as players write it
_WORD_DIGITS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5"}
_RANK_ORDER = {ch: i for i, ch in enumerate(RANK_CHARS.lower())}
_UNION = re.compile(r"\s+or\s+|^or\s+|\s+or$", re.IGNORECASE)  # "A or B": a line naming A's ids and B's


def _normalize_ranks(word: str) -> str:
    """A word of rank letters in descending order ("tj" -> "jt"); other words unchanged."""
    word = word.replace("10", "t")
    if 1 <= len(word) <= 5 and all(ch in _RANK_ORDER for ch in word) and len(set(word)) == len(word):
        return "".join(sorted(word, key=lambda ch: -_RANK_ORDER[ch]))
    return word


def _normalize_part(part: str) -> str:
    part = " ".join(part.split())
    words = part.split(" ")
    if words and words[0]:
        words[0] = _normalize_ranks(words[0])
    if len(words) == 1:
        return words[0]
    return " ".join(words)


def _normalize(line: str) -> list[str]:
    """A line as lowercase parts split at commas, with number words and rank letters normalized."""
    text = " ".join(line.lower().split()).rstrip(".").strip()
    text = _NUMBER_WORDS.sub(lambda m: _WORD_DIGITS[m.group(1)], text)
    text = _ROYAL_SHORT.sub("to a royal flush", text)
    return [_normalize_part(p.strip()) for p in text.split(",")]


@dataclass(frozen=True)
class Vocabulary:
    """A game's hold patterns (id = position); `matching` reads a chart line as the set of ids it names."""

    game_id: str
    patterns: tuple[Pattern, ...]
    codes: np.ndarray = field(repr=False, compare=False)  # sorted codes, codes[id]
    _bases: dict[str, frozenset[int]] = field(repr=False, compare=False, default_factory=dict)  # base text -> ids
    _clauses: tuple[frozenset[str], ...] = field(repr=False, compare=False, default=())  # per id, its clauses
    _clause_names: frozenset[str] = field(repr=False, compare=False, default=frozenset())  # every clause
    _known: tuple[str, ...] = field(repr=False, compare=False, default=())  # texts offered as suggestions
    # chart words (`_chart_words`) -> ids
    _words: dict[str, frozenset[int]] = field(repr=False, compare=False, default_factory=dict)

    @cached_property
    def whole_hands(self) -> frozenset[int]:
        """ids of five-card holds that are a paying hand held whole: the hand needs all five cards ("full
        house", "flush", "four aces with 2-4"), not a hand and kickers ("four of a kind and a kicker")."""
        return frozenset(p.id for p in self.patterns if p.group == "made" and _is_whole(p.text))

    def matching(self, line: str) -> frozenset[int]:
        """The ids a chart line names; InputError naming the text (and close known lines) when it names none.

        A union line joins lines with " or " ("four of a kind or straight flush or royal flush"): it names
        the union of its parts' ids. The whole text is read as one line first, so a text that is itself a
        line keeps its meaning; an unknown part is refused by name.
        """
        if not isinstance(line, str):
            raise InputError(f"a chart line is text, got {shown(line)}")
        if not line.strip():
            raise InputError("a chart line is empty")
        if len(line) > MAX_LINE_CHARS:
            raise InputError(f"a chart line is at most {MAX_LINE_CHARS} characters, got {len(line)}")
        found = self._lookup(line)
        if found is not None and found:
            return found
        parts = _UNION.split(line.strip())
        if found is not None or len(parts) < 2:
            return self._named(line, found)
        ids: set[int] = set()
        for k, part in enumerate(parts, 1):
            if not part.strip():
                raise InputError(f"part {k} of {shown(line.strip())} is empty (a union line is 'A or B or ...')")
            try:
                ids |= self._named(part, self._lookup(part))
            except InputError as err:
                raise InputError(f"{err} (part {k} of {shown(line.strip())})") from None
        return frozenset(ids)

    def _named(self, line: str, found: frozenset[int] | None) -> frozenset[int]:
        """`found` when it names some id, else the InputError for an unknown text or one naming no hold."""
        if found is None:
            raise InputError(f"unknown pattern {shown(line.strip())}{self._suggest(line)}")
        if not found:
            raise InputError(f"{shown(line.strip())} names no hold of {self.game_id}")
        return found

    def _lookup(self, line: str) -> frozenset[int] | None:
        """The ids one (non-union) line names, or None when it is not a line of the language."""
        word = self._words.get(_word_key(line))
        if word is not None:
            return word
        parts = _normalize(line)
        found = self._match(parts)
        if found is None and " with " in parts[0]:
            head, _, rest = parts[0].partition(" with ")
            found = self._match([head.strip(), _normalize_part(rest.strip()), *parts[1:]])
        return found

    def _match(self, parts: list[str]) -> frozenset[int] | None:
        """ids named by base + clauses, or None when a part is unknown."""
        if any(not p for p in parts):
            return None
        base, clauses = parts[0], parts[1:]
        all_clauses = self._clause_names
        if base in self._bases:
            ids = set(self._bases[base])
        elif base in all_clauses or _RANGE.fullmatch(base):
            ids = set(range(len(self.patterns)))
            clauses = parts
        else:
            return None
        for clause in clauses:
            m = _RANGE.fullmatch(clause)
            if m:
                lo, hi, what = int(m.group(1)), int(m.group(2)), m.group(3)
                unit = what[:-1]
                wanted = {plural(k, unit) for k in range(lo, hi + 1)}
                ids = {i for i in ids if wanted & self._clauses[i]}
            elif clause == "no penalties":
                ids = {i for i in ids if "no penalty" in self._clauses[i]}
            elif clause in all_clauses:
                ids = {i for i in ids if clause in self._clauses[i]}
            else:
                return None
        return frozenset(ids)

    def _suggest(self, line: str) -> str:
        key = " ".join(line.lower().split())
        key = _NUMBER_WORDS.sub(lambda m: _WORD_DIGITS[m.group(1)], key)
        lower = {t.lower(): t for t in self._known}
        close = difflib.get_close_matches(key, list(lower), n=3, cutoff=0.6)
        if not close:
            return ""
        return "; did you mean " + " or ".join(repr(lower[c]) for c in close) + "?"


def _is_whole(text: str) -> bool:
    """A made five-card pattern's text names a hand that needs all five cards (no kickers, and it pays)."""
    base = text.split(", ")[0]
    return "kicker" not in base and base != "5 cards that pay nothing"


def _word_key(line: str) -> str:
    """A line as the chart words are keyed: lowercase, single spaces, no final full stop, "10" as is."""
    return " ".join(line.lower().split()).rstrip(".").strip()


def _numbers(text: str) -> dict[str, int]:
    """The counted clauses of a pattern text: {"gap": 1, "high card": 2, "way": 3} as found."""
    return {m.group(2): int(m.group(1)) for m in re.finditer(r"\b(\d+) (gap|high card|way)s?\b", text)}


def _cards(base: str, word: str, n: int, high: str | None = None) -> bool:
    """Is the base n rank letters then `word` ("KQ suited": 2, "suited"), all of them in `high` if given?"""
    head, _, tail = base.partition(" ")
    return (tail == word and len(head) == n and all(ch in RANK_CHARS for ch in head)
            and (high is None or all(ch in high for ch in head)))


# The words charts are printed with, each a rule over a game's pattern texts (natural games with high cards;
# wild games keep their own words, the pattern texts): (the word as printed, rule(base, text, high ranks)).
_WORDS: tuple[tuple[str, Callable[[str, str, str], bool]], ...] = (
    ("2 suited high cards", lambda b, t, hi: _cards(b, "suited", 2, hi)),
    ("2 unsuited high cards", lambda b, t, hi: _cards(b, "unsuited", 2)),
    ("3 unsuited high cards", lambda b, t, hi: _cards(b, "unsuited", 3)),
    ("one high card", lambda b, t, hi: len(b) == 1 and b in hi),
    ("suited 10/J, 10/Q, 10/K", lambda b, t, hi: b in ("JT suited", "QT suited", "KT suited")),
    ("suited 10/J, 10/Q, or 10/K", lambda b, t, hi: b in ("JT suited", "QT suited", "KT suited")),
    ("suited 10/J", lambda b, t, hi: b == "JT suited"),
    ("suited 10/Q", lambda b, t, hi: b == "QT suited"),
    ("suited 10/K", lambda b, t, hi: b == "KT suited"),
    ("3 to a straight flush with at least as many high cards as gaps",
     lambda b, t, hi: b == "3 to a straight flush" and _numbers(t).get("high card", 0) >= _numbers(t).get("gap", 9)),
    ("3 to a straight flush with fewer high cards than gaps",
     lambda b, t, hi: b == "3 to a straight flush" and _numbers(t).get("high card", 0) < _numbers(t).get("gap", 0)),
)


def _wild_count(text: str) -> int:
    """The wild cards a wild game's pattern text holds: "no deuces" 0, "joker" 1, "2 deuces alone" 2."""
    m = re.search(r"\b(\d+) (?:deuces?|jokers?)\b", text)
    if m:
        return int(m.group(1))
    return 1 if re.search(r"(?<!no )\bjoker\b", text) else 0


# The words printed charts of wild games use, as rules over the pattern texts (rule(base, text) as in _WORDS)
_WILD_WORDS: tuple[tuple[str, Callable[[str, str], bool]], ...] = (
    ("natural royal flush", lambda b, t: b == "royal flush" and _wild_count(t) == 0),
    ("4 to a natural royal flush", lambda b, t: b == "4 to a royal flush" and _wild_count(t) == 0),
    ("3 to a natural royal flush", lambda b, t: b == "3 to a royal flush" and _wild_count(t) == 0),
    ("4 to a wild royal flush", lambda b, t: b == "4 to a royal flush" and _wild_count(t) > 0),
    ("3 to a wild royal flush", lambda b, t: b == "3 to a royal flush" and _wild_count(t) > 0),
    ("four deuces", lambda b, t: "deuce" in t and _wild_count(t) == 4),
    ("three deuces", lambda b, t: "deuce" in t and _wild_count(t) == 3),
    ("two deuces", lambda b, t: "deuce" in t and _wild_count(t) == 2),
    ("one deuce", lambda b, t: "deuce" in t and _wild_count(t) == 1),
)


def _chart_words(texts: list[str], rules: GameRules) -> dict[str, frozenset[int]]:
    """The printed chart words a game reads (`_WORDS` in natural games with high cards, `_WILD_WORDS` in wild
    games), keyed by `_word_key`: the ids whose text the word's rule takes; a word that takes no id is left out
    (the line is refused as unknown)."""
    if rules.wild_mode != 0:
        found = {word: frozenset(i for i, text in enumerate(texts) if rule(text.split(", ")[0], text))
                 for word, rule in _WILD_WORDS}
        return {_word_key(word): ids for word, ids in found.items() if ids}
    if rules.hi >= 13:
        return {}
    high = RANK_CHARS[rules.hi:]
    out = {}
    for word, rule in _WORDS:
        ids = frozenset(i for i, text in enumerate(texts) if rule(text.split(", ")[0], text, high))
        if ids:
            out[_word_key(word)] = ids
    return out


def vocabulary(table: PayTable) -> Vocabulary:
    """A game's vocabulary: every description any hold of any deal gets (found by classifying every deal)."""
    return _vocabulary_and_ids(table)[0]


@lru_cache(maxsize=16)
def _vocabulary_and_ids(table: PayTable) -> tuple[Vocabulary, np.ndarray]:
    """The vocabulary and the (read-only) id of every hold of every suit-distinct deal, from one classification.

    The suit-distinct deals stand for every deal up to a renaming of suits, and a description never names a
    suit, so their descriptions are all the descriptions there are.
    """
    deals, _ = distinct_deals(table.deck)
    every = hold_codes(table, deals)
    # a sort, then a binary search per hold: far faster than np.unique's return_inverse (an argsort)
    codes = np.unique(every)
    codes.flags.writeable = False
    ids = np.searchsorted(codes, every).reshape(len(deals), 32).astype(np.int16)
    ids.flags.writeable = False
    rules = game_rules(table)
    patterns: list[Pattern] = []
    clause_sets: list[frozenset[str]] = []
    bases: dict[str, set[int]] = {}
    known: list[str] = []
    texts: dict[str, int] = {}
    for i, code in enumerate(codes.tolist()):
        desc = describe(code, table, rules)
        text = desc.text
        if text in texts:  # two descriptions read alike: a naming bug, never a user's error
            raise AssertionError(f"pattern text {text!r} names codes {codes[texts[text]]:#x} and {code:#x}")
        texts[text] = i
        patterns.append(Pattern(i, text, GROUPS[code >> 44]))
        clause_sets.append(frozenset(_normalize_part(c.lower()) for c in (*desc.shown, *desc.hidden)))
        for b in (desc.base, *desc.coarse):
            bases.setdefault(_normalize_part(b.lower()), set()).add(i)
        known.extend((text, desc.base, *desc.coarse))
    frozen = {b: frozenset(ids) for b, ids in bases.items()}
    clause_names = frozenset().union(*clause_sets)
    words = _chart_words([p.text for p in patterns], rules)
    known.extend(sorted(clause_names))
    known.extend(text for text, _ in (*_WORDS, *_WILD_WORDS) if _word_key(text) in words)
    vocab = Vocabulary(table.id, tuple(patterns), codes, frozen, tuple(clause_sets), clause_names,
                       tuple(dict.fromkeys(known)), words)
    return vocab, ids


def hold_patterns(table: PayTable, deals: np.ndarray) -> np.ndarray:
    """(n, 32) int16: the pattern id of every hold of every deal (sorted cards, one deal a row).

    Given `tables.distinct_deals(table.deck)[0]` itself, the answer is the cached read-only matrix the
    vocabulary was built from; any other array is classified afresh.
    """
    vocab, all_ids = _vocabulary_and_ids(table)
    if deals is distinct_deals(table.deck)[0]:
        return all_ids
    rules = game_rules(table)
    deals = deal_array(deals, table)
    out = np.empty((len(deals), 32), dtype=np.int16)
    classify_deals(deals, rules.wild_mode, rules.hi, rules.rank_group, classes5(table), binomials(),
                   *rank_tables(rules.wild_mode == 1), vocab.codes, *scratch(), out)
    return out


# ---------------------------------------------------------------------------------------------------------------
# charts


@dataclass(frozen=True)
class ChartLine:
    """One line of a chart: where it stands (line number, or item number in TOML), its text, the ids it names."""

    number: int
    text: str
    ids: frozenset[int]


@dataclass(frozen=True)
class Chart:
    """An ordered list of chart lines for one game."""

    game_id: str
    lines: tuple[ChartLine, ...]

    def to_text(self) -> str:
        """The chart as plain lines (parse_chart reads it back to the same lines)."""
        return "".join(f"{line.text}\n" for line in self.lines)


_LEADING_NUMBER = re.compile(r"^\d+\s*[.)]\s*")


def _plain_lines(text: str) -> list[tuple[int, str]]:
    out = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        out.append((number, _LEADING_NUMBER.sub("", line, count=1)))
    return out


def _toml_lines(text: str, where: str, table: PayTable) -> list[tuple[int, str]]:
    data = parse_toml(text, where)
    unknown = [k for k in data if k not in ("lines", "game")]
    if unknown:
        raise InputError(f"{where}: unknown key {shown(unknown[0])}; a chart has lines = [...] (and game = ...)")
    game = data.get("game", table.id)
    if game != table.id:
        raise InputError(f"{where} is a chart for game {shown(game)}, not {table.id}")
    lines = data.get("lines")
    if not isinstance(lines, list):
        raise InputError(f"{where}: lines must be a list of texts, got {shown(lines)}")
    out = []
    for i, item in enumerate(lines, 1):
        if not isinstance(item, str):
            raise InputError(f"{where} line {i}: a chart line is text, got {shown(item)}")
        out.append((i, item.strip()))
    return out


def parse_chart(text: str, table: PayTable, where: str = "chart") -> Chart:
    """A chart from plain lines (blank and '#' lines ignored, a leading "12." ignored) or TOML (lines = [...])."""
    if not isinstance(text, str):
        raise InputError(f"{where} must be text, got {shown(text)}")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_CHART_BYTES:
        raise InputError(f"{where} is larger than {MAX_CHART_BYTES:,} bytes, the most accepted")
    is_toml = re.search(r"^\s*lines\s*=", text, re.MULTILINE) is not None
    raw = _toml_lines(text, where, table) if is_toml else _plain_lines(text)
    if not raw:
        raise InputError(f"{where} has no lines")
    if len(raw) > MAX_CHART_LINES:
        raise InputError(f"{where} has {len(raw):,} lines; a chart has at most {MAX_CHART_LINES:,}")
    vocab = vocabulary(table)
    lines = []
    for number, line in raw:
        if not line:
            raise InputError(f"{where} line {number}: empty line")
        if not line.isprintable():
            raise InputError(f"{where} line {number}: {shown(line)} is not printable text")
        try:
            ids = vocab.matching(line)
        except InputError as err:
            raise InputError(f"{where} line {number}: {err}") from None
        lines.append(ChartLine(number, line, ids))
    return Chart(table.id, tuple(lines))


def read_chart(path: str | Path, table: PayTable) -> Chart:
    """A chart from a file (UTF-8 text, plain lines or TOML, at most MAX_CHART_BYTES)."""
    text, name = read_user_text(path, "chart file", MAX_CHART_BYTES)
    return parse_chart(text, table, name)
