"""holdwise video-poker: the games, every hold of a hand, a whole game's return, a session at the machine.

Thin: parse the arguments, call the face `holdwise.games.video_poker`, print. Human output is plain
text laid out for 80 columns (numbers are never cut; long lists show the top rows, `--all` the rest).
"""

from __future__ import annotations

import random
import textwrap
from collections.abc import Sequence
from typing import Optional

import typer

from ._common import WIDTH, emit_json, join_hand, kernels_notice, new_app, progress

__all__ = ["video_poker_app"]

video_poker_app = new_app(
    "Video poker: every hold of a hand, the exact return of a whole game with optimal play, and a session "
    "at the machine.\n\nExample: holdwise video-poker hold AS KS QS JS 9D",
)

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
    paytable_file: Optional[str] = typer.Option(None, "--paytable-file", help=PAYTABLE_FILE_HELP),
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
        lines.extend(_title(f"{g.id}: {g.name}; {g.deck} cards, {wild}"))
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


@video_poker_app.command("hold")
def video_poker_hold(
    hand: Optional[list[str]] = typer.Argument(
        None, help="Five cards in dealt order: AS KS QS JS 9D, one quoted string or separate words, commas "
                   "allowed; T or 10, suits c d h s or the symbols, Jk for the joker."),
    game: str = typer.Option("jacks-or-better-9-6", "--game", "-g", help=GAME_HELP),
    coins: str = typer.Option("5", "--coins", metavar="INTEGER", help=COINS_HELP),
    paytable_file: Optional[str] = typer.Option(None, "--paytable-file", help=PAYTABLE_FILE_HELP),
    exact: bool = typer.Option(False, "--exact", help="Exact values as fractions (JSON value_exact, loss_exact)."),
    counts: bool = typer.Option(False, "--counts", help="Show how many draws of each hold end in each pay class."),
    show_all: bool = typer.Option(False, "--all", help=f"Show all 32 holds, not only the top {TOP_ROWS}."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON: the hint with every hold (keys in the README)."),
):
    """All 32 holds of a hand, best first: HOLD marks under the dealt cards, expected return per coin, loss.

    Example: holdwise video-poker hold AS KS QS JS 9D --game jacks-or-better-9-6
    """
    vp = _face()
    coins = vp.parse_coins(coins, "--coins")  # the inputs are checked before a first run's notice and compile
    table = vp.resolve_game(game, paytable_file)
    cards = vp.parse_hand(join_hand(hand), table.deck)
    kernels_notice(*vp.KERNEL_MODULES)
    result = vp.hint(cards, table, coins, exact=exact)
    if as_json:
        emit_json(result)
        return
    cards = result.position["hand"]
    shown = result.options if show_all else result.options[:TOP_ROWS]
    if exact:
        values = [vp.pay_text(o.value_exact) for o in shown]
        losses = [vp.pay_text(o.loss_exact) for o in shown]
    else:
        values = [f"{o.value:.6f}" for o in shown]
        losses = [f"{o.loss:.6f}" for o in shown]
    vw = max(9, *(len(v) for v in values))
    lw = max(9, *(len(v) for v in losses))
    lines = _title(f"{' '.join(cards)}: {table.name}, {coins} coin{'s' * (coins > 1)}; "
                   f"expected return per coin, best first")
    lines.append("")
    head = f"{'#':>3}  " + "".join(c.ljust(6) for c in cards)
    lines.append(f"{head}{'value':>{vw}}  {'loss':>{lw}}")
    for i, (opt, value, loss) in enumerate(zip(shown, values, losses), 1):
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
    if len(shown) < len(result.options):
        lines.append(f"{len(result.options) - len(shown)} more holds: --all shows them")
    if not counts:
        lines.append("--counts shows each hold's draws per pay class")
    _echo(lines)


@video_poker_app.command("return")
def video_poker_return(
    game: str = typer.Option("jacks-or-better-9-6", "--game", "-g", help=GAME_HELP),
    coins: str = typer.Option("5", "--coins", metavar="INTEGER", help=COINS_HELP),
    paytable_file: Optional[str] = typer.Option(None, "--paytable-file", help=PAYTABLE_FILE_HELP),
    exact: bool = typer.Option(False, "--exact", help="Exact return and table as fractions (JSON *_exact keys)."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON (keys in the README)."),
):
    """The exact return of a game with optimal play over every deal, and its return table.

    Example: holdwise video-poker return --game deuces-wild-full-pay --coins 5
    """
    vp = _face()
    coins = vp.parse_coins(coins, "--coins")
    table = vp.resolve_game(game, paytable_file)
    kernels_notice(*vp.KERNEL_MODULES)
    with progress(f"{table.id}: deals") as update:
        result = vp.game_return(table, coins, exact=exact or not as_json, progress=update)
    if as_json:
        emit_json(result)
        return
    rows = [(_label(r.hand), vp.pay_text(r.pay_exact), f"{r.combinations:,}", f"{r.probability:.10f}",
             f"{r.contribution:.10f}") for r in result.table]
    rows.append(("total", "", f"{result.total_combinations:,}", f"{1:.10f}", f"{result.return_value:.10f}"))
    head = ("final hand", "pays", "combinations", "probability", "contribution")
    widths = [max(len(head[i]), *(len(r[i]) for r in rows)) for i in range(5)]

    def line(cells) -> str:
        return "  ".join(c.ljust(widths[0]) if i == 0 else c.rjust(widths[i]) for i, c in enumerate(cells))

    lines = _title(f"{table.name}, {coins} coin{'s' * (coins > 1)}: return {result.return_value:.8f} "
                   f"({result.return_percent:.4f}%) with optimal play")
    lines += ["", line(head)] + [line(r) for r in rows]
    if exact:
        lines.append(f"exact return: {vp.pay_text(result.return_exact)}")
    lines += _title(f"every deal weighted by {result.deal_weight:,}; ties between holds go to fewer cards "
                    f"held; {result.seconds:.2f} s")
    _echo(lines)


def _pay_lines(vp, table, bet: int) -> list[str]:
    pays = table.pays_for(bet)
    items = [f"{_label(h)} {vp.pay_text(p)}" for h, p in zip(table.hands, pays) if h != "nothing"]
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
    seed: Optional[str] = typer.Option(None, "--seed", metavar="INTEGER",
                                       help="Seed of the deals (a whole number 0 to 2**63 - 1); "
                                            "default: a random one, shown at the start."),
    game: str = typer.Option("jacks-or-better-9-6", "--game", "-g", help=GAME_HELP),
    paytable_file: Optional[str] = typer.Option(None, "--paytable-file", help=PAYTABLE_FILE_HELP),
    credits: str = typer.Option("1000", "--credits", metavar="INTEGER",
                                help="Starting credits (a whole number 1 to 1,000,000,000)."),
    bet: str = typer.Option("5", "--bet", metavar="INTEGER", help="Coins bet a hand to start with: 1, 2, 3, 4 or 5."),
):
    """Play at the machine: bet, hold by positions, draw; h shows every hold's value.

    Example: holdwise video-poker play --seed 7
    """
    from ._play import TerminalGame, run

    vp = _face()
    seed = random.SystemRandom().randrange(2**32) if seed is None else vp.parse_seed(seed, "--seed")
    options = {"paytable": game, "credits": vp.parse_credits(credits, "--credits"), "bet": vp.parse_coins(bet, "--bet")}
    if paytable_file is not None:
        options["paytable_file"] = paytable_file
    state = vp.new_game(options, seed)
    kernels_notice(*vp.KERNEL_MODULES)
    typer.echo(f"seed {seed}")
    rules = ("Video poker: bet 1-5 coins, get five cards, hold any of them, draw the rest.",
             "The final hand pays the pay table's pay per coin times the coins bet.",
             "Every hold is scored: h shows its expected return per coin; Enter deals.")
    run(TerminalGame(face=vp, rules=rules, keys="bet 1-5 or Enter; hold 1 3 5, a all, 0 none",
                     render=_render, prompt=_prompt, summary=_summary, option_text=_option_text), state)
