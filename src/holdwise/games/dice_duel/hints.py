"""The duel's hint as a request: either seat, at the betting or a re-roll, every choice with its exact value."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ...errors import InputError
from ..base import Hint, HintField, Option, Progress, Request, fraction_text
from ..inputs import parse_whole, shown
from .rules import BETTING_WORDS, GAME, SEATS, Rules, parse_dice, parse_rules
from .solver import Node, bet_actions, betting_tree, play_word, solved, tables

__all__ = [
    "HINT_FIELDS", "MEASURE", "STAGES", "HintRequest", "bet_options", "hint", "keep_options", "keep_text",
    "parse_hint", "walk",
]

MEASURE = "expected_bets"
STAGES = ("bet", "reroll")
_RULE_FIELDS = ("ante", "bet", "raises", "rerolls", "ties")

HINT_FIELDS: tuple[HintField, ...] = (
    HintField("hand", "Your dice: 6 6 2 3 1, \"6 6 2 3 1\" or 6,6,2,3,1.", argument=True, required=True,
              example="6 6 2 3 1"),
    HintField("opponent_dice", "The other player's dice (open on the table).", required=True, aliases=("--other",),
              example="5,5,4,4,1"),
    HintField("seat", "Your seat: first (bets and re-rolls first) or second.", example="first", default="first"),
    HintField("stage", "bet (the betting round after the first roll) or reroll.", example="bet", default="bet"),
    HintField("betting", "At the betting: the words said so far, first seat first (\"check bet\").", default=""),
    HintField("stake", "At a re-roll: what each player has in the pot. Default: the ante."),
    HintField("rolls_left", "At a re-roll: your re-rolls left, this one included. Default: all of them."),
    HintField("ante", "Each player's ante, in units: 1 to 100.", default=1),
    HintField("bet", "The size of a bet and of a raise, in units: 1 to 100.", default=1),
    HintField("raises", "Raises allowed after a bet: 0 to 3.", default=1),
    HintField("rerolls", "Re-rolls each player gets: 0 to 2.", default=1),
    HintField("ties", "study (a category ties) or faces (the higher faces win, as in The Witcher).",
              default="study"),
)
_KNOWN = frozenset(f.name for f in HINT_FIELDS)


@dataclass(frozen=True)
class HintRequest(Request):
    """A duel position read and checked: the asker's seat, both hands, the stage and its details, the rules."""

    hand: tuple[int, ...]
    opponent_dice: tuple[int, ...]
    seat: str
    stage: str
    betting: tuple[str, ...]
    stake: int
    rolls_left: int
    rules: Rules


def walk(rules: Rules, words: tuple[str, ...]) -> Node:
    """The betting position after `words`; a word that is not legal there, or a finished betting, is refused."""
    node = betting_tree(rules)
    for i, word in enumerate(words):
        legal = bet_actions(rules, node)
        if word not in legal:
            raise InputError(f"{word!r} is not legal after {' '.join(words[:i]) or 'the roll'!r}; legal: "
                             f"{', '.join(legal)}", field="betting")
        nxt = play_word(rules, node, word)
        if not isinstance(nxt, Node):
            raise InputError(f"the betting ends with {word!r}: ask at the re-roll", field="betting")
        node = nxt
    return node


def parse_hint(fields: Mapping[str, object]) -> HintRequest:
    """A position from its fields (HINT_FIELDS), each error naming its field."""
    unknown = sorted(set(fields) - _KNOWN)
    if unknown:
        raise InputError(f"unknown field {unknown[0]!r}; known: {', '.join(f.name for f in HINT_FIELDS)}")
    rules = parse_rules({k: fields[k] for k in _RULE_FIELDS if k in fields})
    if "hand" not in fields:
        raise InputError("is required", field="hand")
    if "opponent_dice" not in fields:
        raise InputError("is required", field="opponent_dice")
    hand = parse_dice(fields["hand"], "hand", rules)
    other = parse_dice(fields["opponent_dice"], "opponent_dice", rules)
    seat, stage = fields.get("seat", "first"), fields.get("stage", "bet")
    if seat not in SEATS:
        raise InputError(f"must be first or second, got {shown(seat)}", field="seat")
    if stage not in STAGES:
        raise InputError(f"must be bet or reroll, got {shown(stage)}", field="stage")
    said = fields.get("betting", "")
    if not isinstance(said, (str, list, tuple)):
        raise InputError(f"must be betting words, got {shown(said)}", field="betting")
    words = tuple(str(w) for w in (said.split() if isinstance(said, str) else said))
    bad = next((w for w in words if w not in BETTING_WORDS), None)
    if bad is not None:
        raise InputError(f"must be words of {', '.join(BETTING_WORDS)}, got {shown(bad)}", field="betting")
    stake, rolls_left = rules.ante, rules.rerolls
    if stage == "bet":
        acting = SEATS[walk(rules, words).to_act]
        if acting != seat:
            raise InputError(f"must be {acting} after {' '.join(words) or 'the roll'!r}: that seat acts",
                             field="seat")
    else:
        if words:
            raise InputError("is for the betting stage; give the pot's stake at a re-roll", field="betting")
        if rules.rerolls == 0:
            raise InputError("are 0: there is no re-roll to ask about", field="rerolls")
        stake = parse_whole(fields.get("stake", rules.ante), "stake", rules.ante, rules.top_stake)
        rolls_left = parse_whole(fields.get("rolls_left", rules.rerolls), "rolls_left", 1, rules.rerolls)
    return HintRequest(hand=hand, opponent_dice=other, seat=str(seat), stage=str(stage), betting=words,
                       stake=stake, rolls_left=rolls_left, rules=rules)


def keep_text(kept: tuple[int, ...], hand_size: int) -> str:
    """A keep as a player says it: "keep 6 6 2", "keep all" or "re-roll all"."""
    if not kept:
        return "re-roll all"
    if len(kept) == hand_size:
        return "keep all"
    return "keep " + " ".join(map(str, sorted(kept, reverse=True)))


def _pair(request: HintRequest) -> tuple[int, int, int]:
    """The first seat's hand number, the second's, and the asker's sign (+1 first, -1 second)."""
    t = tables(request.rules.dice, request.rules.faces, request.rules.ties)
    mine, theirs = t.index[request.hand], t.index[request.opponent_dice]
    return (mine, theirs, 1) if request.seat == "first" else (theirs, mine, -1)


def bet_options(request: HintRequest) -> list[tuple[str, Fraction]]:
    """Every legal word at the betting position with its value to the asker (exact net bets)."""
    rules = request.rules
    rr, betting = solved(rules)
    a, b, sign = _pair(request)
    node = walk(rules, request.betting)
    w = rr.values[0]
    out = []
    for word in bet_actions(rules, node):
        nxt = play_word(rules, node, word)
        if isinstance(nxt, Node):
            value = int(betting.value[nxt.said][a, b])
        elif nxt[0] == "showdown":
            value = nxt[1] * int(w[a, b])
        else:
            value = (-1 if nxt[1] == 0 else 1) * nxt[2] * betting.scale
        out.append((word, sign * Fraction(value, betting.scale)))
    return out


def keep_options(request: HintRequest) -> list[tuple[tuple[int, ...], Fraction]]:
    """Every distinct keep of the asker's hand at its re-roll with its value to the asker (exact net bets)."""
    rules = request.rules
    t = tables(rules.dice, rules.faces, rules.ties)
    rr, _ = solved(rules)
    a, b, sign = _pair(request)
    mover = 0 if request.seat == "first" else 1
    stage = 2 * (rules.rerolls - request.rolls_left) + mover
    after = rr.values[stage + 1]
    scale = t.denominator ** (len(rr.movers) - stage)
    mine = a if mover == 0 else b
    lo = int(t.starts[mine])
    hi = int(t.starts[mine + 1]) if mine + 1 < len(t.hands) else len(t.pair_keep)
    keeps = t.pair_keep[lo:hi]
    column = after[:, b] if mover == 0 else after[a, :]
    worth = t.reach[keeps] @ column
    return [(t.keep_faces[int(k)], sign * request.stake * Fraction(int(v), scale))
            for k, v in zip(keeps, np.asarray(worth).tolist(), strict=True)]


def hint(request: HintRequest, *, progress: Progress | None = None) -> Hint:
    """Every legal choice of the position, best first, valued in the asker's expected net bets (exact)."""
    valued: list[tuple[str, Fraction, dict[str, object]]]
    if request.stage == "bet":
        valued = [(word, value, {"type": word}) for word, value in bet_options(request)]
    else:
        valued = [(keep_text(kept, request.rules.dice), value, {"type": "keep", "dice": list(kept)})
                  for kept, value in keep_options(request)]
    order = sorted(range(len(valued)), key=lambda i: -valued[i][1])  # stable: ties keep the legal order
    best = valued[order[0]][1]
    options = tuple(Option(option=valued[i][0], value=float(valued[i][1]), loss=float(best - valued[i][1]),
                           action=valued[i][2], value_exact=fraction_text(valued[i][1]),
                           loss_exact=fraction_text(best - valued[i][1])) for i in order)
    position = {"hand": list(request.hand), "opponent_dice": list(request.opponent_dice), "seat": request.seat,
                "stage": request.stage, "betting": list(request.betting), "stake": request.stake,
                "rolls_left": request.rolls_left, **request.rules.to_json()}
    return Hint(game=GAME, position=position, measure=MEASURE, options=options)  # type: ignore[arg-type]
