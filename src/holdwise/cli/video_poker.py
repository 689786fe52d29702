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
from ..i18n import gettext as _
from ._common import WIDTH, Group, check_plot_path, emit_json, fail, progress, save_figure

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
GAME_HELP = f"Game id: {SHIPPED}, or one from --paytable-file."
PAYTABLE_FILE_HELP = "TOML file (UTF-8, at most 1 MiB) with more games, in the shipped format (see the README)."
COINS_HELP = "Coins bet: 1, 2, 3, 4 or 5 (1-4 coins: the natural royal pays less, 250 per coin in the shipped games)."
TOP_ROWS = 10


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


def _echo(lines: Sequence[str]) -> None:
    for line in lines:
        typer.echo(line)


def _amount(value) -> str:
    """Credits as players read them: 1,040 or 2.50."""
    return f"{value:,}" if isinstance(value, int) else f"{value:,.2f}"


def _label(name: str) -> str:
    return _face().hand_label(name)


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
        wild = {"none": "no wild cards", "deuces": "deuces wild", "joker": "the joker wild"}[g.wild]
        deck = "53 cards (a fifth ace, of stars)" if g.extra_card == "ace" else f"{g.deck} cards"
        lines.extend(_title(f"{g.id}: {g.name}; {deck}, {wild}"))
        items = []
        for hand, pay in g.pays.items():
            below = g.pays_below_5_coins[hand]
            items.append(f"{_label(hand)} {vp.pay_text(g.pays_exact[hand])}"
                         + (f" ({_amount(below)} at 1-4 coins)" if below != pay else ""))
        lines.extend(_wrap(items))
    lines.append("Pays are per coin bet; a hand not in the table pays 0.")
    _echo(lines)


def _marks(positions: Sequence[int], cell: int = 6) -> str:
    return "".join(("HOLD" if p in positions else "").ljust(cell) for p in range(1, 6))


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
        values = [f"{o.value:.6f}" for o in shown]
        losses = [f"{o.loss:.6f}" for o in shown]
    vw = max(9, *(len(v) for v in values))
    lw = max(9, *(len(v) for v in losses))
    lines = _title(f"{' '.join(cards)}: {request.paytable.name}, {coins} coin{'s' * (coins > 1)}; "
                   f"expected return per coin, best first")
    lines.append("")
    head = f"{'#':>3}  " + "".join(c.ljust(6) for c in cards)
    lines.append(f"{head}{'value':>{vw}}  {'loss':>{lw}}")
    for i, (opt, value, loss) in enumerate(zip(shown, values, losses, strict=True), 1):
        row = f"{i:>3}  {_marks(opt.extras['positions'])}{value:>{vw}}  {loss:>{lw}}"
        if len(row) > WIDTH:  # long exact fractions: the numbers go on their own line, whole
            lines.append(f"{i:>3}  {_marks(opt.extras['positions'])}".rstrip())
            lines.append(f"     value {value}, loss {loss}")
        else:
            lines.append(row)
        if counts:
            draws = opt.extras["draws"]
            items = [f"{_label(k)} {n:,}" for k, n in opt.extras["counts"].items() if n]
            lines.extend(_wrap(items + [f"of {draws:,} draw{'s' * (draws != 1)}"], indent="       "))
    if len(shown) < len(hint.options):
        lines.append(f"{len(hint.options) - len(shown)} more holds: --all shows them")
    if not counts:
        lines.append("--counts shows each hold's draws per pay class")
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
    rows = [(_label(r.hand), vp.pay_text(r.pay_exact), f"{r.outcomes:,}", f"{r.chance:.10f}",
             f"{r.contribution:.10f}") for r in result.table]
    rows.append(("total", "", f"{result.outcomes:,}", f"{1:.10f}", f"{result.return_value:.10f}"))
    head = ("final hand", "pays", "combinations", "probability", "contribution")
    widths = [max(len(head[i]), *(len(r[i]) for r in rows)) for i in range(5)]

    def line(cells) -> str:
        return "  ".join(c.ljust(widths[0]) if i == 0 else c.rjust(widths[i]) for i, c in enumerate(cells))

    lines = _title(f"{table.name}, {bet} coin{'s' * (bet > 1)}: return {result.return_value:.8f} "
                   f"({result.return_percent:.4f}%) with optimal play")
    lines += ["", line(head)] + [line(r) for r in rows]
    if exact:
        lines.append(f"exact return: {vp.pay_text(result.return_exact)}")
    lines += _title(f"variance {result.variance:.4f}, standard deviation {result.standard_deviation:.4f} "
                    f"(per coin bet); hit frequency {100 * result.hit_chance:.4f}% (any paying hand)")
    lines += _title(f"every deal weighted by {result.deal_weight:,}; ties between holds go to fewer cards "
                    f"held; {result.seconds:.2f} s")
    _echo(lines)


STRATEGY_TOP = 5  # errors and notes shown without --all


def _pct(value: float, digits: int = 4) -> str:
    return f"{100 * value:.{digits}f}%"


def _chart_lines(report) -> list[str]:
    """The chart's lines as a table: how often each is the play, its value range, its mistakes' cost."""
    num = ("play %", "min", "max", "cost %")
    cells = [(f"{100 * ln.chance:.4f}", "-" if ln.value_min is None else f"{ln.value_min:.4f}",
              "-" if ln.value_max is None else f"{ln.value_max:.4f}", f"{100 * ln.cost:.5f}") for ln in report.lines]
    widths = [max(len(num[i]), *(len(c[i]) for c in cells)) for i in range(4)] if cells else [len(h) for h in num]
    right = "  ".join(h.rjust(w) for h, w in zip(num, widths, strict=True))
    text_width = max(20, WIDTH - 5 - 2 - len(right))
    out = [f"{'#':>3}  {'line':<{text_width}}  {right}"]
    for ln, c in zip(report.lines, cells, strict=True):
        numbers = "  ".join(x.rjust(w) for x, w in zip(c, widths, strict=True))
        if len(ln.text) <= text_width:
            out.append(f"{ln.number:>3}  {ln.text:<{text_width}}  {numbers}")
        else:  # a long line's text goes whole on its own line, the numbers under it
            out.extend(textwrap.wrap(f"{ln.number:>3}  {ln.text}", WIDTH, subsequent_indent="     "))
            out.append(f"{'':>3}  {'':<{text_width}}  {numbers}")
    return out


def _curve_table(points) -> list[str]:
    head = ("lines", "return", "cost", "hands per bet lost")
    rows = [(str(p.lines), f"{100 * p.return_value:.4f}%", f"{100 * p.cost:.4f}%",
             "-" if p.hands_per_bet_lost is None else f"{p.hands_per_bet_lost:,.0f}") for p in points]
    widths = [max(len(head[i]), *(len(r[i]) for r in rows)) for i in range(4)] if rows else [len(h) for h in head]
    return ["  ".join(h.rjust(w) for h, w in zip(head, widths, strict=True))] + [
        "  ".join(x.rjust(w) for x, w in zip(r, widths, strict=True)) for r in rows]


def _plot_curve(points, title: str, path: str) -> None:
    """The return of the best chart of at most n lines, over the useful range: the last 5% below the optimum
    (shorter charts fall off the bottom, marked there), large type for a phone's screen."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    num = i18n.numbers()
    optimum = 100 * (points[-1].return_value + points[-1].cost) if points else 100.0
    floor = optimum - 5
    fig, ax = plt.subplots(figsize=(6, 4.5))
    xs = [p.lines for p in points]
    ys = [100 * p.return_value for p in points]
    ax.plot(xs, [max(y, floor) for y in ys], marker="o", markersize=4, linewidth=2)
    below = [x for x, y in zip(xs, ys, strict=True) if y < floor]
    if below:
        ax.plot(below, [floor] * len(below), linestyle="none", marker="v", color="tab:red", markersize=6,
                label=_("below %(floor)s") % {"floor": num.percent(floor / 100, 2)})
        ax.legend(fontsize=11, loc="lower right")
    ax.axhline(optimum, color="tab:green", linewidth=1, linestyle="--")
    ax.text(xs[0] if xs else 1, optimum, " " + _("optimal play %(value)s") % {"value": num.percent(optimum / 100, 4)},
            va="bottom", fontsize=11, color="tab:green")
    ax.set_ylim(floor - 0.1, optimum + 0.6)
    ax.set_xlabel(_("chart lines"), fontsize=12)
    ax.set_ylabel(_("return (%)"), fontsize=12)
    ax.tick_params(labelsize=11)
    ax.set_title(title, fontsize=12)
    ax.grid(True, alpha=0.3)
    fig.tight_layout()
    save_figure(fig, path)


# the closing line says how long this run took and, for an answer read from disk, where from (no solve ran)
SOURCE_NOTE = {"computed": "", "kept": " (kept answer)", "shipped": " (shipped answer)"}


def strategy_text(report, show_all: bool = False, source: str = "computed") -> list[str]:
    """The human report of a chart: header, lines, return, risk, errors (notes), curve; `source` as
    `strategy_answer` gives it."""
    what = {"basic": f"best basic strategy, {len(report.lines)} lines",
            "lines": f"best chart of at most {report.max_lines} lines ({len(report.lines)})",
            "chart": f"your chart, {len(report.lines)} lines"}[report.kind]
    coins = f"{report.coins} coin{'s' * (report.coins > 1)}"
    lines = _title(f"{report.name}, {coins}: {what}")
    lines.append("")
    lines += _chart_lines(report)
    lines.append("")
    lost = ("" if report.hands_per_bet_lost is None
            else f" (one bet lost every {report.hands_per_bet_lost:,.0f} hands)")
    lines += _title(f"return {100 * report.return_value:.4f}% against {100 * report.optimal_return:.4f}% with "
                    f"optimal play: cost {100 * report.cost:.5f}%{lost}")
    lines += _title(f"exact return {report.return_exact}")
    lines += _title(f"variance {report.variance:.4f}, standard deviation {report.standard_deviation:.4f}; hit "
                    f"frequency {100 * report.hit_chance:.4f}%")
    if report.draw_five_chance > 0:
        lines += _title(f"no line matches {100 * report.draw_five_chance:.4f}% of deals: they draw five")
    errors = report.errors if show_all else report.errors[:STRATEGY_TOP]
    if errors:
        lines.append("")
        lines.append("costliest exceptions (players' notes):" if report.kind == "basic"
                     else "where the chart errs most (chart's pattern -> best pattern):")
        for e in errors:
            lines += textwrap.wrap(e.note, WIDTH, initial_indent="- ", subsequent_indent="  ",
                                   break_long_words=False)
        if len(errors) < len(report.errors):
            lines.append(f"{len(report.errors) - len(errors)} more: --all shows them")
    if report.curve:
        lines.append("")
        lines.append("cost curve: the best chart found of at most n lines")
        lines += _curve_table(report.curve)
    lines += _title(f"the first line that fits a hold of the deal is played; {report.seconds:.1f} s"
                    f"{SOURCE_NOTE[source]}")
    return lines


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
    show_all: bool = typer.Option(False, "--all", help=f"Show every error group, not only the top {STRATEGY_TOP}."),
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
        fail("--chart evaluates your chart; --lines, --curve and --plot derive charts: use one or the other")
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
        _plot_curve(report.curve, _("%(game)s: the best chart of n lines") % {"game": table.name}, plot)
    if as_json:
        emit_json(report)
        return
    _echo(strategy_text(report, show_all, source))
    if plot is not None:
        typer.echo(f"plot written to {plot}")


def _pay_lines(vp, table, bet: int) -> list[str]:
    pays = table.pays_for(bet)
    items = [f"{_label(h)} {vp.pay_text(p)}" for h, p in zip(table.hands, pays, strict=True) if h != "nothing"]
    return [f"pays per coin at {bet} coin{'s' * (bet > 1)}:"] + _wrap(items)


def _render(state) -> list[str]:
    vp = _face()
    table = vp.paytable_of(state)
    credits = _amount(state.tally["credits"])
    if state.phase == "bet":
        lines = [f"credits {credits}; bet {state.data['bet']}"]
        if state.tally["hands"] == 0:
            lines += _pay_lines(vp, table, state.data["bet"])
        return lines
    cards = state.data["hand"]
    return ["  " + "".join(str(p).ljust(6) for p in range(1, 6)).rstrip(),
            "  " + "".join(c.ljust(6) for c in cards) + f"  bet {state.data['bet']}, credits {credits}"]


def _prompt(state) -> str:
    if state.phase == "bet":
        return f"bet 1-5, or Enter to deal at {state.data['bet']}:"
    return "hold (e.g. 1 3 5 or 135; a all, 0 none):"


def _summary(state) -> list[str]:
    t = state.tally
    text = (f"tally: {t['hands']} hand{'s' * (t['hands'] != 1)}, {_amount(t['bet'])} coins bet, "
            f"{_amount(t['won'])} won, credits {_amount(t['credits'])}")
    if t.get("stakes", 1) > 1:
        text += f" ({t['stakes']} stakes)"
    return [text]


def _option_text(opt) -> str:
    if "positions" in opt.extras:
        return f"{_marks(opt.extras['positions'])}{opt.value:>11.4f}   loss {opt.loss:.4f}"
    return f"{opt.option:<30}{opt.value:>11.4f}   loss {opt.loss:.4f}"


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
    typer.echo(f"seed {seed_value}")
    rules = ("Video poker: bet 1-5 coins, get five cards, hold any of them, draw the rest.",
             "The final hand pays the pay table's pay per coin times the coins bet.",
             "Every hold is scored: h shows its expected return per coin; Enter deals.")
    run(TerminalGame(face=vp, rules=rules, keys="bet 1-5 or Enter; hold 1 3 5, a all, 0 none",
                     render=_render, prompt=_prompt, summary=_summary, option_text=_option_text), state)
