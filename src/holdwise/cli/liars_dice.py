"""holdwise liars-dice: an exact equilibrium of a small rule set, and a practice table against it.

Thin: options are read here, the face (`holdwise.games.liars_dice`) does the work. `holdwise liars-dice hint`
is the generic hint command (from the face's HINT_FIELDS).
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

import typer

from .. import i18n
from ..i18n import gettext as _
from ..phrases import say
from ._common import JSON_OPTION, SEED_OPTION, console, emit_json, new_app
from ._play import TerminalGame, run

if TYPE_CHECKING:
    from ..games.base import Option, State

__all__ = ["liars_dice_app", "render_hint"]

liars_dice_app = new_app(
    "Liar's Dice for two: an exact equilibrium (CFR+, then exact fractions certified by exploitability 0), the "
    "hint at any bid history, a practice table against the equilibrium.\n\n"
    "Example: holdwise liars-dice solve --faces 3\n\n"
    "Example: holdwise liars-dice hint 2 --bids 1x1",
)

DICE = typer.Option("1,1", "--dice", help="Dice per player, the first bidder's first: 1,1 or 1,2.")
FACES = typer.Option("3", "--faces", help="Faces of a die: 2 to 6; dice x faces at most 18 for solve (1 and 2 "
                                          "dice of 6 faces: minutes), 12 for hint and play.")
WILD = typer.Option(False, "--wild", help="Ones are wild (Perudo's rule).")


@liars_dice_app.command("solve")
def liars_dice_solve(dice: str = DICE, faces: str = FACES, wild: bool = WILD, as_json: bool = JSON_OPTION) -> None:
    """The equilibrium's value for the first bidder, its exploitability (exact) and the work it took.

    Example: holdwise liars-dice solve --dice 1,2 --faces 2
    """
    from fractions import Fraction

    from ..games import liars_dice as face
    from ..games.base import fraction_text


    rules = face.parse_rules(dice, faces, wild, max_bids=face.MAX_BIDS)
    found = face.equilibrium(rules)
    exact = found.exploitability == 0
    value = found.value_low if exact else (found.value_low + found.value_high) / 2
    answer = {"dice": list(rules.dice), "faces": rules.faces, "wild": rules.wild, "value": float(value),
              "value_exact": fraction_text(value) if exact else None,
              "exploitability": float(found.exploitability),
              "exploitability_exact": fraction_text(Fraction(found.exploitability)),
              "iterations": found.iterations, "seconds": found.seconds, "method": found.method,
              "certified": found.certified}
    if as_json:
        emit_json(answer)
        return
    out = console()
    local = i18n.numbers().text  # a number written the English way, in the language's signs
    said = {"one": rules.dice[0], "other": rules.dice[1], "faces": rules.faces, "n": found.iterations,
            "seconds": local(f"{found.seconds:.1f}")}
    out.print((_("Liar's Dice: dice %(one)s and %(other)s, %(faces)s faces, ones wild") if rules.wild else
               _("Liar's Dice: dice %(one)s and %(other)s, %(faces)s faces, ones not wild")) % said, highlight=False)
    if exact:
        out.print(_("value for the first bidder: %(value)s (exactly %(fraction)s)")
                  % {"value": local(f"{float(value):+.6f}"), "fraction": fraction_text(value)}, highlight=False)
        out.print(_("an exact equilibrium: exploitability 0, after %(n)s CFR+ iterations (%(seconds)s s)") % said,
                  highlight=False)
    elif found.method in ("lp", "restricted-lp"):
        out.print(_("value for the first bidder: %(value)s") % {"value": local(f"{float(value):+.12f}")},
                  highlight=False)
        out.print(_("exploitability %(exp)s by the sequence-form LP (%(seconds)s s)")
                  % {**said, "exp": local(f"{float(found.exploitability):.3g}")}, highlight=False)
    else:
        out.print(_("value for the first bidder: between %(low)s and %(high)s")
                  % {"low": local(f"{float(found.value_low):+.6f}"), "high": local(f"{float(found.value_high):+.6f}")},
                  highlight=False)
        out.print(_("exploitability %(exp)s after %(n)s CFR+ iterations (%(seconds)s s)")
                  % {**said, "exp": local(f"{float(found.exploitability):.3g}")}, highlight=False)


def render_hint(hint: Any, request: Any, show_all: bool) -> None:  # noqa: ANN401 (the face's types, lazily)
    """The hint: each bid and the call by its worth against the equilibrium, and its chance in the mix."""
    out = console()
    local = i18n.numbers().text  # a number written the English way, in the language's signs
    bids = " ".join(f"{c}x{f}" for c, f in hint.position["bids"]) or _("(none yet)")
    out.print(_("your dice %(dice)s; bids: %(bids)s; against the equilibrium (exploitability %(exp)s)")
              % {"dice": " ".join(map(str, request.hand)), "bids": bids,
                 "exp": local(f"{hint.position['exploitability']:.3g}")}, highlight=False)
    move, worth, loss, mix = _("move"), _("worth"), _("loss"), _("mix")
    out.print(f"  {move:<10}{worth:>10}{loss:>10}{mix:>8}", highlight=False)
    shown = hint.options if show_all else hint.options[:12]
    for option in shown:
        out.print(f"  {option.option:<10}{local(f'{option.value:>+10.4f}')}{local(f'{option.loss:>10.4f}')}"
                  f"{local(format(option.extras['mix'], '>8.3f'))}", highlight=False)
    if len(shown) < len(hint.options):
        out.print("  " + _("... %(n)s more: --all shows every move") % {"n": len(hint.options) - len(shown)},
                  highlight=False)


def _render(state: State) -> list[str]:
    from ..games import liars_dice as face

    data = state.data
    rules = face.Rules(dice=tuple(state.options["dice"]), faces=state.options["faces"],  # type: ignore[arg-type]
                       wild=state.options["wild"])
    bids = " ".join(f"{b // rules.faces + 1}x{b % rules.faces + 1}" for b in data["bids"]) or _("(none yet)")
    return ["  " + _("your dice %(dice)s; bids: %(bids)s") % {"dice": " ".join(map(str, data["hand"])), "bids": bids}]


def _summary(state: State) -> list[str]:
    t = state.tally
    return [_("rounds %(rounds)s: won %(won)s, lost %(lost)s") % {"rounds": t["rounds"], "won": t["won"],
                                                                  "lost": t["lost"]}]


def _option_text(option: Option) -> str:
    local, loss, mix = i18n.numbers().text, _("loss"), _("mix")
    return (f"{say(option.option):<12} {local(f'{option.value:>+9.4f}')}   {loss} {local(f'{option.loss:.4f}')}"
            f"   {mix} {local(format(option.extras['mix'], '.3f'))}")


@liars_dice_app.command("play")
def liars_dice_play(seed: str | None = SEED_OPTION, dice: str = DICE, faces: str = FACES, wild: bool = WILD,
                    first: str = typer.Option("player", "--first", help="Who bids first in the first round: "
                                              "player or computer (it swaps each round).")) -> None:
    """A practice table in the terminal against the equilibrium; h shows each move's worth and mix.

    Type a bid as 1x3 (count x face), or liar to call. Example: holdwise liars-dice play --seed 7
    """
    import secrets

    from ..games import liars_dice as face
    from ..games.inputs import parse_seed

    rules = face.parse_rules(dice, faces, wild)
    options = face.normalize_options({"dice": list(rules.dice), "faces": rules.faces, "wild": rules.wild,
                                      "first": first})
    seed_value = secrets.randbelow(2**31) if seed is None else parse_seed(seed)
    face.play_equilibrium(rules)  # solve once, before the first move
    game = TerminalGame(
        face=face,
        rules=tuple(textwrap.wrap(_(
            "Liar's Dice: each rolls and hides their dice; bids (count x face) must rise; a call settles: the bid "
            "stands if enough dice show the face (ones wild if chosen), and its bidder wins; else the caller wins."),
            width=80)),
        keys=_("a bid 1x3, liar to call"), render=_render, prompt=lambda state: _("bid?"),
        summary=_summary, option_text=_option_text)
    run(game, face.new_game(options, seed_value))
