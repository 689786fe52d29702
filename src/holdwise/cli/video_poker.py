"""holdwise video-poker: the games, every hold of a hand, a whole game's return, a session at the machine.

Thin: parse the arguments, call the face `holdwise.games.video_poker`, print. Human output is plain
text laid out for 80 columns (numbers are never cut; long lists show the top rows, `--all` the rest).
"""

from __future__ import annotations

import copy
import random
import textwrap
from collections.abc import Sequence

import typer

from .. import i18n
from ..i18n import N_
from ..i18n import gettext as _
from ..i18n import ngettext
from ..phrases import say
from ._common import WIDTH, Group, check_plot_path, dynamic_help, emit_json, fail, progress
from .video_poker_report import STRATEGY_TOP, plot_curve, strategy_text

__all__ = ["render_hint", "video_poker_app"]



class _Commands(Group):
    """The game's commands; `hold` is the generic `hint` under the name players know (the same command)."""

    def list_commands(self, ctx) -> list[str]:
        names = super().list_commands(ctx)
        return [*names, "hold"] if "hint" in names else names

    def get_command(self, ctx, name: str):
        command = super().get_command(ctx, "hint" if name == "hold" else name)
        if name != "hold" or command is None:
            return command
        alias = copy.copy(command)  # the same callback and parameters: only its name and help line differ
        alias.name, alias.short_help = "hold", "The same as hint: every hold of a hand, best first."
        return alias


video_poker_app = typer.Typer(
    help="Video poker: every hold of a hand, the exact return of a whole game with optimal play, and a session "
         "at the machine.\n\nExample: holdwise video-poker hint AS KS QS JS 9D (or: hold AS KS QS JS 9D)",
    cls=_Commands, no_args_is_help=True, pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]})

SHIPPED = ("jacks-or-better-9-6, jacks-or-better-8-5, bonus-poker-8-5, double-bonus-10-7, "
           "double-double-bonus-9-6, deuces-wild-full-pay, joker-poker-kings")  # a test checks this list
_GAME_HELP = N_("Game id: %(games)s, or one from --paytable-file.")
GAME_HELP = dynamic_help(_GAME_HELP % {"games": SHIPPED}, lambda: _(_GAME_HELP) % {"games": SHIPPED})
PAYTABLE_FILE_HELP = "TOML file (UTF-8, at most 1 MiB) with more games, in the shipped format (see the README)."
COINS_HELP = "Coins bet: 1, 2, 3, 4 or 5 (1-4 coins: the natural royal pays less, 250 per coin in the shipped games)."
TOP_ROWS = 10
_SHOW_ALL_HELP = N_("Show every error group, not only the top %(n)s.")
SHOW_ALL_HELP = dynamic_help(_SHOW_ALL_HELP % {"n": STRATEGY_TOP}, lambda: _(_SHOW_ALL_HELP) % {"n": STRATEGY_TOP})


def _face():
    from ..games import video_poker

    return video_poker


def _wrap(items: Sequence[str], indent: str = "  ", sep: str = ", ", width: int = WIDTH) -> list[str]:
    """Items filled into lines of at most `width` columns; an item ("full house 9") is never split."""
    lines: list[str] = []
    line = indent
    for i, item in enumerate(items):
        text = item + (sep.rstrip() if i < len(items) - 1 else "")
        if line.strip() and len(line) + len(text) > width:
            lines.append(line.rstrip())
            line = indent
        line += text + (" " if i < len(items) - 1 else "")
    if line.strip():
        lines.append(line.rstrip())
    return lines


def _title(text: str) -> list[str]:
    return textwrap.wrap(text, WIDTH, break_long_words=False, break_on_hyphens=False)


def _coins(n: int) -> str:
    return ngettext("%(n)s coin", "%(n)s coins", n) % {"n": n}


def _echo(lines: Sequence[str]) -> None:
    for line in lines:
        typer.echo(line)


def _amount(value) -> str:
    """Credits as players read them: 1,040 or 2.50."""
    return f"{value:,}" if isinstance(value, int) else f"{value:,.2f}"


def _label(name: str) -> str:
    return say(_face().hand_label(name))


@video_poker_app.command("games")
def video_poker_games(
    paytable_file: str | None = typer.Option(None, "--paytable-file", help=PAYTABLE_FILE_HELP),
    exact: bool = typer.Option(False, "--exact", help="Also give each pay as a \"p/q\" string (JSON pays_exact)."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON: {\"games\": [...]} (keys in the README)."),
):
    """The games: id, name, deck, wild cards and the pays per coin, best hand first.

    Example: holdwise video-poker games
    """
    vp = _face()
    result = vp.games(paytable_file, exact=exact or not as_json)
    if as_json:
        emit_json(result)
        return
    lines = []
    for g in result.games:
        wild = {"none": _("no wild cards"), "deuces": _("deuces wild"), "joker": _("the joker wild")}[g.wild]
        deck = _("53 cards (a fifth ace, of stars)") if g.extra_card == "ace" else _("%(n)s cards") % {"n": g.deck}
        lines.extend(_title(f"{g.id}: {g.name}; {deck}, {wild}"))
        items = []
        for hand, pay in g.pays.items():
            below = g.pays_below_5_coins[hand]
            items.append(f"{_label(hand)} {vp.pay_text(g.pays_exact[hand])}"
                         + (" " + _("(%(pay)s at 1-4 coins)") % {"pay": _amount(below)} if below != pay else ""))
        lines.extend(_wrap(items))
    lines.append(_("Pays are per coin bet; a hand not in the table pays 0."))
    _echo(lines)


def _marks(positions: Sequence[int], cell: int = 6) -> str:
    held = _("HOLD")
    return "".join((held if p in positions else "").ljust(cell) for p in range(1, 6))


def render_hint(hint, request, show_all: bool) -> None:
    """`holdwise video-poker hint` (and `hold`) as text: HOLD marks under the dealt cards, value and loss per
    coin, best first (the top rows; `--all` every hold); `--counts` adds each hold's draws per pay class."""
    vp = _face()
    coins, exact, counts = request.coins, request.exact, request.counts
    cards = hint.position["hand"]
    shown = hint.options if show_all else hint.options[:TOP_ROWS]
    if exact:
        values = [vp.pay_text(o.value_exact) for o in shown]
        losses = [vp.pay_text(o.loss_exact) for o in shown]
    else:
        values = [i18n.numbers().decimal(o.value, 6) for o in shown]
        losses = [i18n.numbers().decimal(o.loss, 6) for o in shown]
    vw = max(9, *(len(v) for v in values))
    lw = max(9, *(len(v) for v in losses))
    lines = _title(_("%(cards)s: %(game)s, %(coins)s; expected return per coin, best first")
                   % {"cards": " ".join(cards), "game": request.paytable.name, "coins": _coins(coins)})
    lines.append("")
    head = f"{'#':>3}  " + "".join(c.ljust(6) for c in cards)
    value_word, loss_word = _("value"), _("loss")
    lines.append(f"{head}{value_word:>{vw}}  {loss_word:>{lw}}")
    for i, (opt, value, loss) in enumerate(zip(shown, values, losses, strict=True), 1):
        row = f"{i:>3}  {_marks(opt.extras['positions'])}{value:>{vw}}  {loss:>{lw}}"
        if len(row) > WIDTH:  # long exact fractions: the numbers go on their own line, whole
            lines.append(f"{i:>3}  {_marks(opt.extras['positions'])}".rstrip())
            lines.append("     " + _("value %(value)s, loss %(loss)s") % {"value": value, "loss": loss})
        else:
            lines.append(row)
        if counts:
            draws = opt.extras["draws"]
            items = [f"{_label(k)} {i18n.numbers().whole(n)}" for k, n in opt.extras["counts"].items() if n]
            lines.extend(_wrap(items + [ngettext("of %(n)s draw", "of %(n)s draws", draws)
                                        % {"n": i18n.numbers().whole(draws)}], indent="       "))
    if len(shown) < len(hint.options):
        lines.append(_("%(n)s more holds: --all shows them") % {"n": len(hint.options) - len(shown)})
    if not counts:
        lines.append(_("--counts shows each hold's draws per pay class"))
    _echo(lines)


@video_poker_app.command("return")
def video_poker_return(
    game: str = typer.Option("jacks-or-better-9-6", "--game", "-g", help=GAME_HELP),
    coins: str = typer.Option("5", "--coins", metavar="INTEGER", help=COINS_HELP),
    paytable_file: str | None = typer.Option(None, "--paytable-file", help=PAYTABLE_FILE_HELP),
    exact: bool = typer.Option(False, "--exact", help="Exact return and table as fractions (JSON *_exact keys)."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON (keys in the README)."),
):
    """The exact return of a game with optimal play over every deal, and its return table.

    Example: holdwise video-poker return --game deuces-wild-full-pay --coins 5
    """
    vp = _face()
    bet = vp.parse_coins(coins, "--coins")
    table = vp.resolve_game(game, paytable_file)
    with progress(f"{table.id}: deals") as update:
        result = vp.game_return(table, bet, exact=exact or not as_json, progress=update)
    if as_json:
        emit_json(result)
        return
    num = i18n.numbers()
    rows = [(_label(r.hand), vp.pay_text(r.pay_exact), num.whole(r.outcomes), num.decimal(r.chance, 10),
             num.decimal(r.contribution, 10)) for r in result.table]
    rows.append((_("total"), "", num.whole(result.outcomes), num.decimal(1, 10), num.decimal(result.return_value, 10)))
    head = (_("final hand"), _("pays"), _("combinations"), _("probability"), _("contribution"))
    widths = [max(len(head[i]), *(len(r[i]) for r in rows)) for i in range(5)]

    def line(cells) -> str:
        return "  ".join(c.ljust(widths[0]) if i == 0 else c.rjust(widths[i]) for i, c in enumerate(cells))

    lines = _title(_("%(game)s, %(coins)s: return %(value)s (%(percent)s) with optimal play")
                   % {"game": table.name, "coins": _coins(bet), "value": num.decimal(result.return_value, 8),
                      "percent": num.percent(result.return_percent / 100, 4)})
    lines += ["", line(head)] + [line(r) for r in rows]
    if exact:
        lines.append(_("exact return: %(value)s") % {"value": vp.pay_text(result.return_exact)})
    lines += _title(_("variance %(variance)s, standard deviation %(sd)s (per coin bet); hit frequency %(hit)s (any "
                      "paying hand)") % {"variance": num.decimal(result.variance, 4), "hit": num.percent(result.hit_chance, 4),
                                         "sd": num.decimal(result.standard_deviation, 4)})
    lines += _title(_("every deal weighted by %(weight)s; ties between holds go to fewer cards held; %(seconds)s s")
                    % {"weight": num.whole(result.deal_weight), "seconds": num.decimal(result.seconds, 2)})
    _echo(lines)


@video_poker_app.command("strategy")
def video_poker_strategy(
    game: str = typer.Option("jacks-or-better-9-6", "--game", "-g", help=GAME_HELP),
    lines_opt: str | None = typer.Option(None, "--lines", metavar="INTEGER",
                                            help="The best chart of at most this many lines (1-1000)."),
    chart: str | None = typer.Option(None, "--chart", metavar="FILE",
                                        help="Evaluate your chart: a text file of lines, best first, or TOML "
                                             "lines = [...] (UTF-8)."),
    curve: bool = typer.Option(False, "--curve", help="Add the cost curve: the best chart of 1 to 40 lines."),
    plot: str | None = typer.Option(None, "--plot", metavar="FILE",
                                       help="Write the cost curve as a plot (.png or .svg)."),
    coins: str = typer.Option("5", "--coins", metavar="INTEGER", help=COINS_HELP),
    paytable_file: str | None = typer.Option(None, "--paytable-file", help=PAYTABLE_FILE_HELP),
    show_all: bool = typer.Option(False, "--all", help=SHOW_ALL_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print JSON: lines, return, return_exact, cost, ..."),
):
    """A strategy chart from the exact value of every hold of every deal, or the exact return of your chart.

    Example: holdwise video-poker strategy --game jacks-or-better-9-6 --lines 15 --curve
    """
    vp = _face()
    coins = vp.parse_coins(coins, "--coins")
    n_lines = vp.check_lines(lines_opt)
    check_plot_path(plot)
    if chart is not None and (n_lines is not None or curve or plot is not None):
        fail(_("--chart evaluates your chart; --lines, --curve and --plot derive charts: use one or the other"))
    table = vp.resolve_game(game, paytable_file)
    chart_obj = vp.read_chart(chart, table) if chart is not None else None
    top_errors = 10**6 if show_all else 10
    # a derived chart is read from the package or the cache when it is there: no kernel, no compile notice
    found = None if chart_obj is not None else vp.load_strategy_report(
        table, coins, lines=n_lines, curve=curve or plot is not None, top_errors=top_errors)
    if found is not None:
        report, source = found
    else:
        with progress(f"{table.id}: strategy") as update:
            if chart_obj is not None:
                report, source = vp.evaluate_chart(table, chart_obj, coins, top_errors=top_errors), "computed"
            else:
                report, source = vp.strategy_answer(table, coins, lines=n_lines, curve=curve or plot is not None,
                                                    top_errors=top_errors, progress=update)
    if plot is not None:
        plot_curve(report.curve, _("%(game)s: the best chart of n lines") % {"game": table.name}, plot)
    if as_json:
        emit_json(report)
        return
    _echo(strategy_text(report, show_all, source))
    if plot is not None:
        typer.echo(_("plot written to %(path)s") % {"path": plot})


def _pay_lines(vp, table, bet: int) -> list[str]:
    pays = table.pays_for(bet)
    items = [f"{_label(h)} {vp.pay_text(p)}" for h, p in zip(table.hands, pays, strict=True) if h != "nothing"]
    return [_("pays per coin at %(coins)s:") % {"coins": _coins(bet)}] + _wrap(items)


def _render(state) -> list[str]:
    vp = _face()
    table = vp.paytable_of(state)
    credits = _amount(state.tally["credits"])
    if state.phase == "bet":
        lines = [_("credits %(credits)s; bet %(bet)s") % {"credits": credits, "bet": state.data["bet"]}]
        if state.tally["hands"] == 0:
            lines += _pay_lines(vp, table, state.data["bet"])
        return lines
    cards = state.data["hand"]
    return ["  " + "".join(str(p).ljust(6) for p in range(1, 6)).rstrip(),
            "  " + "".join(c.ljust(6) for c in cards) + "  "
            + _("bet %(bet)s, credits %(credits)s") % {"bet": state.data["bet"], "credits": credits}]


def _prompt(state) -> str:
    if state.phase == "bet":
        return _("bet 1-5, or Enter to deal at %(bet)s:") % {"bet": state.data["bet"]}
    return _("hold (e.g. 1 3 5 or 135; a all, 0 none):")


def _summary(state) -> list[str]:
    t = state.tally
    text = (ngettext("tally: %(hands)s hand, %(bet)s coins bet, %(won)s won, credits %(credits)s",
                     "tally: %(hands)s hands, %(bet)s coins bet, %(won)s won, credits %(credits)s", t["hands"])
            % {"hands": t["hands"], "bet": _amount(t["bet"]), "won": _amount(t["won"]), "credits": _amount(t["credits"])})
    if t.get("stakes", 1) > 1:
        text += " " + _("(%(n)s stakes)") % {"n": t["stakes"]}
    return [text]


def _option_text(opt) -> str:
    num, loss = i18n.numbers(), _("loss")
    shown = _marks(opt.extras["positions"]) if "positions" in opt.extras else f"{say(opt.option):<30}"
    return f"{shown}{num.decimal(opt.value, 4):>11}   {loss} {num.decimal(opt.loss, 4)}"


@video_poker_app.command("play")
def video_poker_play(
    seed: str | None = typer.Option(None, "--seed", metavar="INTEGER",
                                       help="Seed of the deals (a whole number 0 to 2**63 - 1); "
                                            "default: a random one, shown at the start."),
    game: str = typer.Option("jacks-or-better-9-6", "--game", "-g", help=GAME_HELP),
    paytable_file: str | None = typer.Option(None, "--paytable-file", help=PAYTABLE_FILE_HELP),
    credits: str = typer.Option("1000", "--credits", metavar="INTEGER",
                                help="Starting credits (a whole number 1 to 1,000,000,000)."),
    bet: str = typer.Option("5", "--bet", metavar="INTEGER", help="Coins bet a hand to start with: 1, 2, 3, 4 or 5."),
):
    """Play at the machine: bet, hold by positions, draw; h shows every hold's value.

    Example: holdwise video-poker play --seed 7
    """
    from ._play import TerminalGame, run

    vp = _face()
    seed_value = random.SystemRandom().randrange(2**32) if seed is None else vp.parse_seed(seed, "--seed")
    options = {"rules": game, "credits": vp.parse_credits(credits, "--credits"), "bet": vp.parse_coins(bet, "--bet")}
    if paytable_file is not None:
        options["paytable_file"] = paytable_file
    state = vp.new_game(options, seed_value)
    typer.echo(_("seed %(seed)s") % {"seed": seed_value})
    rules = tuple(textwrap.wrap(_(
        "Video poker: bet 1-5 coins, get five cards, hold any of them, draw the rest. The final hand pays the pay "
        "table's pay per coin times the coins bet. Every hold is scored: h shows its expected return per coin; "
        "Enter deals."), WIDTH - 2))  # a line after the prompt's space, as the help repeats them, still fits
    run(TerminalGame(face=vp, rules=rules, keys=_("bet 1-5 or Enter; hold 1 3 5, a all, 0 none"),
                     render=_render, prompt=_prompt, summary=_summary, option_text=_option_text), state)
