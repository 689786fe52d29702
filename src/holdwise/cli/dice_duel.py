"""holdwise dice-duel: the duel's exact value and depth, a practice table against the exact opponent.

Thin: options are read here, the face (`holdwise.games.dice_duel`) does the work, the answers print within 80
columns (or as JSON). `holdwise dice-duel hint` is the generic hint command (from the face's HINT_FIELDS).
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

import typer

from .. import i18n
from ..i18n import gettext as _
from ..i18n import pgettext
from ..phrases import say
from ._common import JSON_OPTION, SEED_OPTION, console, emit_json, new_app
from ._play import TerminalGame, run

if TYPE_CHECKING:
    from ..games.base import Option, State

__all__ = ["dice_duel_app", "render_hint"]

dice_duel_app = new_app(
    "The dice-poker duel with bets, as in The Witcher: the exact value of every position, the hint for either "
    "seat, a practice table against the exact opponent.\n\n"
    "Example: holdwise dice-duel solve --rerolls 1\n\n"
    "Example: holdwise dice-duel hint 6 6 2 3 1 --opponent-dice 5,5,4,4,1 --seat second --betting check",
)

ANTE = typer.Option("1", "--ante", help="Each player's ante, in units: 1 to 100.")
BET = typer.Option("1", "--bet", help="The size of a bet and of a raise: 1 to 100.")
RAISES = typer.Option("1", "--raises", help="Raises allowed after a bet: 0 to 3.")
REROLLS = typer.Option("1", "--rerolls", help="Re-rolls each player gets: 0 to 2.")
TIES = typer.Option("study", "--ties", help="study (one category ties) or faces (higher faces win).")


def _rules(ante: str, bet: str, raises: str, rerolls: str, ties: str) -> dict[str, Any]:
    return {"ante": ante, "bet": bet, "raises": raises, "rerolls": rerolls, "ties": ties}


@dice_duel_app.command("solve")
def dice_duel_solve(ante: str = ANTE, bet: str = BET, raises: str = RAISES, rerolls: str = REROLLS,
                    ties: str = TIES, as_json: bool = JSON_OPTION) -> None:
    """The exact value of the duel for the first seat, and the depth: optimum, rule, chance in bets per duel.

    Each policy sits in each seat against the exact (minimax) opponent and against a best response; a duel's
    figure averages the two seats. Example: holdwise dice-duel solve --bet 2 --raises 2
    """
    from ..games import dice_duel as face

    rules = face.parse_rules(_rules(ante, bet, raises, rerolls, ties))
    report = face.depth_report(rules)
    if as_json:
        emit_json(report)
        return
    out = console()
    r = report.rules
    local = i18n.numbers().text  # a number written the English way, in the language's signs
    out.print(_("dice-poker duel: ante %(ante)s, bet %(bet)s, %(raises)s raise(s), %(rerolls)s re-roll(s) each, "
                "ties: %(ties)s") % {"ante": r.ante, "bet": r.bet, "raises": r.raises, "rerolls": r.rerolls,
                                     "ties": r.ties}, highlight=False)
    out.print(_("value for the first seat: %(value)s bets per duel")
              % {"value": local(f"{report.first_seat_value:+.6f}")}, highlight=False)
    out.print("  " + _("exactly %(fraction)s") % {"fraction": report.first_seat_value_exact}, highlight=False)
    out.print(_("bets won per duel (seats swap) against the exact opponent and a best response:"),
              highlight=False)
    heads = (_("policy"), _("as first"), _("as second"), _("per duel"), _("vs best resp."))
    out.print(f"  {heads[0]:<9}{heads[1]:>11}{heads[2]:>11}{heads[3]:>11}{heads[4]:>15}", highlight=False)
    policies = {"optimal": pgettext("policy", "optimal"), "rule": _("rule"), "chance": pgettext("policy", "chance")}
    for row in report.rows:
        out.print(f"  {policies.get(row.policy, row.policy):<9}" + local(f"{row.as_first:>+11.4f}{row.as_second:>+11.4f}"
                                                  f"{row.per_duel:>+11.4f}{row.best_response_per_duel:>+15.4f}"),
                  highlight=False)
    out.print(_("gap to the optimum: rule %(rule)s, chance %(chance)s bets per duel")
              % {"rule": local(f"{report.rule_gap:.4f}"), "chance": local(f"{report.chance_gap:.4f}")},
              highlight=False)


def render_hint(hint: Any, request: Any, show_all: bool) -> None:  # noqa: ANN401 (the face's types, lazily)
    """The duel's hint: each choice with its expected net bets and what it gives up."""
    out = console()
    local = i18n.numbers().text  # a number written the English way, in the language's signs
    where = ((_("betting after '%(bets)s'") % {"bets": " ".join(request.betting)} if request.betting
              else _("betting after the roll"))
             if request.stage == "bet" else
             _("re-roll (%(left)s left), %(stake)s each in the pot") % {"left": request.rolls_left,
                                                                        "stake": request.stake})
    out.print(_("you (%(seat)s seat) %(hand)s vs %(other)s: %(where)s")
              % {"seat": {"first": pgettext("seat", "first"), "second": pgettext("seat", "second")}.get(
                  request.seat, request.seat), "hand": " ".join(map(str, request.hand)),
                 "other": " ".join(map(str, request.opponent_dice)), "where": where}, highlight=False)
    shown = hint.options if show_all else hint.options[:12]
    choice, net, loss = _("choice"), _("net bets"), _("loss")
    out.print(f"  {choice:<24}{net:>12}{loss:>12}", highlight=False)
    for option in shown:
        out.print(f"  {option.option:<24}{local(f'{option.value:>+12.6f}')}{local(f'{option.loss:>12.6f}')}",
                  highlight=False)
    if len(shown) < len(hint.options):
        out.print("  " + _("... %(n)s more: --all shows every choice") % {"n": len(hint.options) - len(shown)},
                  highlight=False)


def _render(state: State) -> list[str]:
    data = state.data
    you, computer, stake = _("you"), _("computer"), _("stake")
    width = max(len(you), len(computer))
    lines = [f"  {you:<{width}} {' '.join(map(str, data['hands']['player']))}   {stake} {data['stakes']['player']}",
             f"  {computer:<{width}} {' '.join(map(str, data['hands']['computer']))}   {stake} "
             f"{data['stakes']['computer']}"]
    if state.phase == "bet":
        from ..games import dice_duel as face

        words = ", ".join(a["type"] for a in face.actions(state))  # the words typed: kept as they are typed
        lines.append("  " + _("betting: %(said)s; you may %(words)s")
                     % {"said": " ".join(data["betting"]) or _("(none yet)"), "words": words})
    else:
        lines.append("  " + _("re-rolls left: you %(you)s, the computer %(computer)s")
                     % {"you": data["rolls_left"]["player"], "computer": data["rolls_left"]["computer"]})
    return lines


def _summary(state: State) -> list[str]:
    t = state.tally
    return [_("duels %(duels)s: won %(won)s, lost %(lost)s, tied %(tied)s; net %(net)s bets")
            % {"duels": t["duels"], "won": t["won"], "lost": t["lost"], "tied": t["tied"], "net": f"{t['net']:+d}"}]


def _option_text(option: Option) -> str:
    local, bets, loss = i18n.numbers().text, _("bets"), _("loss")
    return f"{say(option.option):<24} {local(f'{option.value:>+10.4f}')} {bets}   {loss} {local(f'{option.loss:.4f}')}"


@dice_duel_app.command("play")
def dice_duel_play(seed: str | None = SEED_OPTION, ante: str = ANTE, bet: str = BET, raises: str = RAISES,
                   rerolls: str = REROLLS, ties: str = TIES,
                   first: str = typer.Option("player", "--first", help="Who sits first in the first duel: "
                                             "player or computer (the seats swap each duel).")) -> None:
    """A practice table in the terminal against the exact opponent; h shows every choice's value.

    Betting: check, bet, call, raise, fold (c, b, r, f). Re-roll: the dice to keep (6 6 2), all or none.
    Example: holdwise dice-duel play --seed 7
    """
    import secrets

    from ..games import dice_duel as face
    from ..games.inputs import parse_seed

    rules = face.parse_rules(_rules(ante, bet, raises, rerolls, ties))
    options = face.normalize_options({**rules.to_json(), "first": first})
    seed_value = secrets.randbelow(2**31) if seed is None else parse_seed(seed)
    face.duel_value(rules)  # solve once, before the first move
    game = TerminalGame(
        face=face,
        rules=tuple(textwrap.wrap(_(
            "Dice-poker duel: both ante and roll five dice, hands open; one betting round (check or bet %(bet)s; "
            "call, raise up to %(raises)s, or fold), then %(rerolls)s re-roll(s) each in turn, the first seat "
            "first; the better hand takes the pot, a tie splits it.")
            % {"bet": rules.bet, "raises": rules.raises, "rerolls": rules.rerolls}, width=80)),
        keys=_("bets c/b/r/f; keeps 6 6 2, all, none"),
        render=_render,
        prompt=lambda state: _("bet?") if state.phase == "bet" else _("keep?"),
        summary=_summary, option_text=_option_text)
    run(game, face.new_game(options, seed_value))
