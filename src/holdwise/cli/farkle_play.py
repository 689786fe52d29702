"""holdwise farkle play at the terminal: the table's lines, the prompt, the summary and the hint's lines."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import i18n
from ..i18n import gettext as _
from ..phrases import say

__all__ = ["option_text", "prompt", "render", "summary"]


def _face() -> Any:
    """The game's face, imported when the table is drawn (the command has imported it by then)."""
    from ..games import farkle

    return farkle


def render(state: Any) -> list[str]:
    """The table under the log: the scores, the badges left, the roll."""
    d, whole = state.data, i18n.numbers().whole
    lines = ["  " + _("score: you %(you)s, computer %(computer)s (first to %(target)s); turn total %(total)s")
             % {"you": whole(d["scores"]["player"]), "computer": whole(d["scores"]["computer"]),
                "target": whole(state.options["target"]), "total": whole(d["turn_total"])}]
    if "uses" in d:
        lines += ["  " + _("badge uses left (Warlord, Doppelganger, Resurrection):"),  # 80 columns: two lines
                  "    " + _("you %(you)s, computer %(computer)s") % {"you": d["uses"]["player"],
                                                                       "computer": d["uses"]["computer"]}]
    if "after" in d:  # the 4th use: a badge spent on a throw, typed 't 4 6' (re-roll or turn those dice)
        lines.append("  " + _("spent on a throw with t (t 4 6): you %(you)s, computer %(computer)s")
                     % {"you": d["after"]["player"] or "-", "computer": d["after"]["computer"] or "-"})
    if state.phase in ("select", "bust"):
        dice = _face().with_extra(_face().parse_dice(state.options["dice"]))  # a Might's extra die: p7
        faces = [_face().face_text(dice[p - 1], f) for f, p in zip(d["roll"], d["left"], strict=True)]
        said = "  " + _("your roll:") + " "
        if len(set(state.options["dice"])) == 1:
            lines.append(said + " ".join(faces))
        else:
            lines.append(said + "  ".join(f"p{p}={f}" for p, f in zip(d["left"], faces, strict=True)))
    return lines


def prompt(state: Any) -> str:
    """What the player is asked, by phase."""
    if state.phase == "roll":
        if _might_left(state):
            return _("your turn: Enter or r to roll, m with the extra die (Badge of Might) >")
        return _("your turn: Enter or r to roll >")
    if state.phase == "bust":
        return _("bust: r throws again (Badge of Resurrection), t 4 6 spends a badge on those dice, p lets the "
                 "turn go >")
    if _might_left(state):
        return _("keep which dice? (e.g. 1 5, 1 5 b to bank, 1 5 m to roll on with the extra die) >")
    return _("keep which dice? (e.g. 1 5, or 1 5 b to bank; p3 = the die at place 3) >")


def _might_left(state: Any) -> bool:
    uses = state.data.get("uses", {}).get("player", [])
    return len(uses) > 4 and uses[4] > 0


def summary(state: Any) -> list[str]:
    """The end of a match: who won, the tally."""
    d = state.data
    won = d["winner"] == "player"
    whole = i18n.numbers().whole
    mine, theirs = whole(d["scores"]["player"]), whole(d["scores"]["computer"])
    return [_("you win %(mine)s to %(theirs)s") % {"mine": mine, "theirs": theirs} if won
            else _("the computer wins %(theirs)s to %(mine)s") % {"mine": mine, "theirs": theirs},
            _("tally: you won %(won)d, lost %(lost)d") % {"won": state.tally["won"], "lost": state.tally["lost"]}]


def option_text(measure: str) -> Callable[[Any], str]:
    """One hint line: win chances as percentages, expected points with one decimal."""

    num = i18n.numbers()
    loss, pp = _("loss"), _("pp")

    def text(option: Any) -> str:
        said = say(option.option)
        if measure != "win_chance":
            figures = f"{num.decimal(option.value, 1, group=True):>9}   {loss} {num.decimal(option.loss, 1, group=True)}"
        else:
            figures = f"{num.percent(option.value, 2):>9}   {loss} {num.decimal(100 * option.loss, 2)} {pp}"
        # a long option (its badges named in another language) puts its figures on a line of their own: 80 columns
        line = f"{said:<34} {figures}"
        return line if len(line) <= 78 else f"{said}\n{' ' * 37}{figures}"

    return text
