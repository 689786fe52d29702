"""Liar's Dice's hint as a request: at any bid history, the equilibrium's mix and each bid's or the call's worth."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ...errors import InputError
from ..base import Hint, HintField, Option, Progress, Request
from ..inputs import parse_faces, shown
from .rules import CALL, Rules, bid_text, parse_rules
from .solver import action_values, play_equilibrium

__all__ = ["GAME", "HINT_FIELDS", "MEASURE", "HintRequest", "hint", "parse_bids", "parse_hint"]

GAME = "liars-dice"
MEASURE = "expected_bets"
DEFAULT_FACES = 3  # the equilibrium of one die each with three faces is found in seconds; more faces take longer

HINT_FIELDS: tuple[HintField, ...] = (
    HintField("hand", "Your dice: 2, or 1 3 with two dice.", argument=True, required=True, example="2"),
    HintField("bids", "The bids so far, first bidder first: \"1x2 1x3\" (count x face).", default=""),
    HintField("dice", "Dice per player, the first bidder's first: 1,1 or 1,2.", default="1,1"),
    HintField("faces", "Faces of a die: 2 to 6.", default=DEFAULT_FACES),
    HintField("wild", "Ones are wild (Perudo's rule).", flag=True),
)


@dataclass(frozen=True)
class HintRequest(Request):
    """A Liar's Dice position read and checked: the asker's hand, the bids so far, the rules."""

    hand: tuple[int, ...]
    bids: tuple[int, ...]
    rules: Rules


def parse_bids(text: object, rules: Rules) -> tuple[int, ...]:
    """Bids as typed ("1x2 2x3", or a list of [count, face]) as their places in the order, each above the last."""
    items: list[tuple[object, object]] = []
    if isinstance(text, str):
        for word in text.lower().replace(",", " ").split():
            count, sep, face = word.partition("x")
            if not sep:
                raise InputError(f"must be bids as count x face (1x2), got {shown(word)}", field="bids")
            items.append((count, face))
    elif isinstance(text, (list, tuple)):
        for item in text:
            if not isinstance(item, (list, tuple)) or len(item) != 2:
                raise InputError(f"must be [count, face] pairs, got {shown(item)}", field="bids")
            items.append((item[0], item[1]))
    else:
        raise InputError(f"must be bids, got {shown(text)}", field="bids")
    out: list[int] = []
    total = sum(rules.dice)
    for n, f in items:
        if not (str(n).isdigit() and str(f).isdigit() and 1 <= int(str(n)) <= total
                and 1 <= int(str(f)) <= rules.faces):
            raise InputError(f"a bid is 1 to {total} dice of a face 1 to {rules.faces}, got "
                             f"{shown(f'{n}x{f}')}", field="bids")
        index = (int(str(n)) - 1) * rules.faces + int(str(f)) - 1
        if out and index <= out[-1]:
            raise InputError(f"{n}x{f} does not raise {bid_text(rules, out[-1])}", field="bids")
        out.append(index)
    return tuple(out)


def parse_hint(fields: Mapping[str, object]) -> HintRequest:
    """A position from its fields (HINT_FIELDS), each error naming its field."""
    known = {f.name for f in HINT_FIELDS}
    unknown = sorted(set(fields) - known)
    if unknown:
        raise InputError(f"unknown field {unknown[0]!r}; known: {', '.join(sorted(known))}")
    rules = parse_rules(fields.get("dice", "1,1"), fields.get("faces", DEFAULT_FACES), fields.get("wild", False))
    bids = parse_bids(fields.get("bids", ""), rules)
    if "hand" not in fields:
        raise InputError("is required", field="hand")
    me = len(bids) % 2
    words = parse_faces(fields["hand"], "hand", rules.faces)
    if len(words) == 1 and len(words[0]) == rules.dice[me] and words[0].isdigit():
        words = list(words[0])
    if not all(w.isascii() and w.isdigit() and 1 <= int(w) <= rules.faces for w in words):
        raise InputError(f"must be faces 1 to {rules.faces}, got {shown(' '.join(words))}", field="hand")
    if len(words) != rules.dice[me]:
        raise InputError(f"must be {rules.dice[me]} dice (the player to bid after {len(bids)} bid(s)), got "
                         f"{len(words)}", field="hand")
    return HintRequest(hand=tuple(sorted(int(w) for w in words)), bids=bids, rules=rules)


def hint(request: HintRequest, *, progress: Progress | None = None) -> Hint:
    """Every legal bid and the call, best first by the expected net bets against the equilibrium, each with its
    chance in the equilibrium's mix (`mix`)."""
    rules = request.rules
    solved = play_equilibrium(rules)
    valued = action_values(rules, solved.strategy, request.bids, request.hand)
    best = max(v for _, _, v in valued)
    order = sorted(range(len(valued)), key=lambda i: (-valued[i][2], -valued[i][1]))
    options = tuple(
        Option(option=bid_text(rules, valued[i][0]), value=valued[i][2], loss=max(best - valued[i][2], 0.0),
               action={"type": "call"} if valued[i][0] == CALL else {"type": "bid", "bid": list(rules.bid(valued[i][0]))},
               extras={"mix": valued[i][1]})
        for i in order)
    position = {"hand": list(request.hand), "bids": [list(rules.bid(b)) for b in request.bids],
                "dice": list(rules.dice), "faces": rules.faces, "wild": rules.wild,
                "exploitability": float(solved.exploitability)}
    return Hint(game=GAME, position=position, measure=MEASURE, options=options)  # type: ignore[arg-type]
