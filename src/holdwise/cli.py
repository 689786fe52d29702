"""The holdwise command line: one sub-command per game (heavy modules are imported lazily)."""

from __future__ import annotations

import json
import sys
from typing import Optional

import typer

app = typer.Typer(
    help="Exact best play and true return of keep-and-re-roll games.\n\n"
         "Example: holdwise dice-poker --table B",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
dice_poker_app = typer.Typer(
    help="Dice poker against a payout table: the depth report, hints, verification by play.",
    invoke_without_command=True,
    pretty_exceptions_enable=False,
)
app.add_typer(dice_poker_app, name="dice-poker")


class UserError(Exception):
    """Bad input: reported as one line with exit code 2."""


def fail(message: str) -> None:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


def emit_json(data) -> None:
    sys.stdout.write(json.dumps(data, indent=2) + "\n")


def _console(min_width: int = 120):
    from rich.console import Console

    # Piped output gets room for the widest table instead of rich's 80 columns.
    return Console() if sys.stdout.isatty() else Console(width=min_width)


def _is_large(dice: int, sides: int) -> bool:
    """Games whose solve takes seconds: worth a spinner."""
    from math import comb

    return 1 <= dice <= 10 and 2 <= sides <= 20 and comb(dice + sides, dice) > 200_000


def _working(message: str, large: bool):
    """A spinner on the terminal's stderr while a long solve runs; nothing otherwise."""
    import contextlib

    if not large or not sys.stderr.isatty():
        return contextlib.nullcontext()
    from rich.console import Console

    return Console(stderr=True).status(message)


def _fmt(value, digits: int = 4) -> str:
    if value is None:
        return "-"
    return f"{float(value):.{digits}f}"


def _pct(value, digits: int = 1) -> str:
    return "-" if value is None else f"{100 * float(value):.{digits}f}%"


def _parse_ints(text: Optional[str], what: str) -> Optional[list[int]]:
    if text is None:
        return None
    try:
        return [int(x) for x in text.split(",") if x.strip() != ""]
    except ValueError:
        fail(f"{what} must be whole numbers separated by commas, got {text!r}")


def _select_tables(table: Optional[list[str]], payouts: Optional[str], tables_file: Optional[str]):
    from .games.dice_poker import BUILTIN_TABLES, load_tables, parse_payouts

    available = dict(BUILTIN_TABLES)
    file_tables = {}
    if tables_file is not None:
        file_tables = load_tables(tables_file)
        available.update(file_tables)
    names = [n.strip() for item in (table or []) for n in item.split(",") if n.strip()]
    selected = {}
    for name in names:
        match = next((k for k in available if k.lower() == name.lower()), None)
        if match is None:
            raise ValueError(f"unknown table {name!r}; known: {', '.join(available)}")
        selected[match] = available[match]
    if payouts is not None:
        selected["custom"] = parse_payouts(payouts)
    if not selected:
        selected = file_tables or dict(BUILTIN_TABLES)
    return selected


TABLE_HELP = "Built-in table name (B, I) or one from --tables-file; repeat or comma-separate for several."
PAYOUTS_HELP = ("Seven payouts: five of a kind, four, full house, straight, three, two pairs, pair "
                "(numbers, 0.5 or 1/2).")


@dice_poker_app.callback()
def dice_poker(
    ctx: typer.Context,
    table: Optional[list[str]] = typer.Option(None, "--table", "-t", help=TABLE_HELP),
    payouts: Optional[str] = typer.Option(None, "--payouts", help=PAYOUTS_HELP),
    tables_file: Optional[str] = typer.Option(None, "--tables-file", help="TOML file with a [tables] section."),
    dice: int = typer.Option(5, "--dice", help="Number of dice (1-10)."),
    sides: int = typer.Option(6, "--sides", help="Faces per die (2-20)."),
    rerolls: int = typer.Option(2, "--rerolls", help="Re-rolls after the first roll (0-6)."),
    weights: Optional[str] = typer.Option(None, "--weights", help="Integer weight per face, e.g. 1,1,1,1,1,2."),
    tie: str = typer.Option("higher", "--tie", help="The rule's tie: keep the higher or the lower value."),
    diff: bool = typer.Option(False, "--diff", help="List the hands where the optimum and the rule differ."),
    frequencies: bool = typer.Option(False, "--frequencies", help="Show final and first-roll combinations."),
    exact: bool = typer.Option(False, "--exact", help="Exact fractions (JSON values become \"p/q\")."),
    plot: Optional[str] = typer.Option(None, "--plot", help="Draw optimum / rule / no re-roll to FILE.png."),
    min_chance_gap: float = typer.Option(25.0, "--min-chance-gap", help="Criterion: pp above chance."),
    min_rule_gap: float = typer.Option(5.0, "--min-rule-gap", help="Criterion: pp above the rule."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON (keys in the README)."),
):
    """The depth report of dice poker payout tables: optimum, rule, no re-roll, criterion.

    Example: holdwise dice-poker --table B --diff
    """
    if ctx.invoked_subcommand is not None:
        return
    if tie not in ("higher", "lower"):
        fail(f"--tie must be 'higher' or 'lower', got {tie!r}")
    if plot is not None and not plot.lower().endswith(".png"):
        fail(f"--plot needs a .png file name, got {plot!r}")
    weight_list = _parse_ints(weights, "--weights")
    from .dice_poker import report, report_to_json

    try:
        tables = _select_tables(table, payouts, tables_file)
        with _working(f"solving {len(tables)} table(s)", large=_is_large(dice, sides)):
            reports = [report(values, name=name, dice=dice, sides=sides, rerolls=rerolls, weights=weight_list,
                              tie=tie, exact=exact, min_chance_gap_pp=min_chance_gap,
                              min_rule_gap_pp=min_rule_gap)
                       for name, values in tables.items()]
    except ValueError as err:
        fail(str(err))
    if plot is not None:
        _plot_reports(reports, plot)
    if as_json:
        objects = [report_to_json(r) for r in reports]
        emit_json(objects[0] if len(objects) == 1 else objects)
        return
    _print_reports(reports, show_diff=diff, show_frequencies=frequencies, rerolls=rerolls)
    if plot is not None:
        typer.echo(f"plot written to {plot}")


def _print_reports(reports, show_diff: bool, show_frequencies: bool, rerolls: int) -> None:
    from rich.table import Table

    from .games.dice_poker import CATEGORY_LABELS

    console = _console()
    summary = Table(title="Dice poker depth: return per unit bet, share of the optimum, gaps in pp")
    for col in ("table", "optimum", "rule", "rule %", "none", "none %", "gap", "chance gap", "deep",
                "differ"):
        summary.add_column(col, justify="right" if col != "table" else "left")
    for r in reports:
        summary.add_row(
            r.name, _fmt(r.optimal), _fmt(r.rule), _pct(r.rule_share), _fmt(r.none), _pct(r.none_share),
            _fmt(r.gap_pp, 1), _fmt(r.chance_gap_pp, 1), "yes" if r.criterion_met else "no",
            str(r.diff.hands),
        )
    console.print(summary)
    console.print(f"none = no re-roll (random keeps return exactly the same); the rule keeps the most frequent "
                  f"value, ties to the {reports[0].tie}; deep = optimum >= {reports[0].min_chance_gap_pp:g} pp "
                  f"above chance and >= {reports[0].min_rule_gap_pp:g} pp above the rule; differ = hands where "
                  f"the rule's first keep is worse than the optimum's.")
    for r in reports:
        if show_diff:
            t = Table(title=f"Table {r.name}: hands where the rule's keep is worse (with {rerolls} re-rolls left)")
            for col in ("hand", "share of rolls", "optimal keep", "value", "rule keep", "value", "loss"):
                t.add_column(col, justify="right")
            for row in r.diff.rows:
                t.add_row(" ".join(map(str, row.hand)), _pct(row.share_of_rolls, 2),
                          " ".join(map(str, row.optimal_keep)) or "nothing", _fmt(row.optimal_value),
                          " ".join(map(str, row.rule_keep)) or "nothing", _fmt(row.rule_value),
                          _fmt(float(row.optimal_value) - float(row.rule_value)))
            console.print(t)
            console.print(f"{r.diff.hands} hands, {_pct(r.diff.share_of_rolls)} of first rolls"
                          + ("" if r.diff.ties is None else
                             f"; in {r.diff.ties} more hands the rule's keep ties with another best keep."))
        if show_frequencies:
            t = Table(title=f"Table {r.name}: final combinations and the first roll")
            for col in ("combination", "optimum", "rule", "no re-roll", "first-roll count"):
                t.add_column(col, justify="right")
            for key, label in CATEGORY_LABELS.items():
                t.add_row(label, _pct(r.frequencies["optimal"][key], 2), _pct(r.frequencies["rule"][key], 2),
                          _pct(r.frequencies["none"][key], 2), f"{r.first_roll_counts[key]:,} / {r.total_rolls:,}")
            console.print(t)


def _save_figure(fig, path: str) -> None:
    """Write a figure to PNG; one clear line and exit 2 when the file cannot be written."""
    import matplotlib.pyplot as plt

    try:
        fig.savefig(path)
    except OSError as err:
        fail(f"cannot write {path}: {err.strerror or err}")
    finally:
        plt.close(fig)


def _plot_reports(reports, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    names = [r.name for r in reports]
    x = np.arange(len(reports))
    width = 0.27
    fig, ax = plt.subplots(figsize=(max(5, 1.4 * len(reports) + 2), 4))
    for i, (label, key) in enumerate((("optimum", "optimal"), ("rule", "rule"), ("no re-roll", "none"))):
        ax.bar(x + (i - 1) * width, [float(getattr(r, key)) for r in reports], width, label=label)
    ax.set_xticks(x, names)
    ax.set_ylabel("return per unit bet")
    ax.set_title("Dice poker: optimum, rule and no re-roll per table")
    top = max(float(r.optimal) for r in reports) or 1.0
    ax.set_ylim(0, top * 1.2)  # room for the legend above the bars
    ax.legend(loc="upper center", ncol=3, frameon=False)
    fig.tight_layout()
    _save_figure(fig, path)


@dice_poker_app.command("hint")
def dice_poker_hint(
    hand: list[str] = typer.Argument(..., help="The dice showing, e.g. 2 3 4 5 5."),
    rerolls_left: int = typer.Option(..., "--rerolls-left", "-r", help="Re-rolls still to come (1-6)."),
    table: Optional[str] = typer.Option(None, "--table", "-t", help="Table name (default B)."),
    payouts: Optional[str] = typer.Option(None, "--payouts", help=PAYOUTS_HELP),
    tables_file: Optional[str] = typer.Option(None, "--tables-file", help="TOML file with a [tables] section."),
    dice: int = typer.Option(5, "--dice", help="Number of dice (1-10)."),
    sides: int = typer.Option(6, "--sides", help="Faces per die (2-20)."),
    weights: Optional[str] = typer.Option(None, "--weights", help="Integer weight per face."),
    exact: bool = typer.Option(False, "--exact", help="Exact fractions."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
):
    """Every distinct keep of a hand ranked by expected payout, with its gap to the best.

    Example: holdwise dice-poker hint 2 3 4 5 5 --rerolls-left 2 --table B
    """
    weight_list = _parse_ints(weights, "--weights")
    try:
        faces = [int(x) for x in hand]
    except ValueError:
        fail(f"a hand is dice values 1..{sides}, got {' '.join(hand)!r}")
    from .dice_poker import hint
    from .exact import fraction_str

    try:
        if len(faces) != dice:
            raise ValueError(f"a hand has {dice} dice, got {len(faces)}")
        tables = _select_tables([table] if table else (None if payouts else ["B"]), payouts, tables_file)
        name, values = next(iter(tables.items()))
        if not 1 <= rerolls_left <= 6:
            raise ValueError(f"--rerolls-left must be 1 to 6, got {rerolls_left}")
        rows = hint(faces, rerolls_left, values, dice=dice, sides=sides, weights=weight_list, exact=exact)
    except ValueError as err:
        fail(str(err))
    num = fraction_str if exact else float
    if as_json:
        emit_json({"hand": sorted(faces), "rerolls_left": rerolls_left, "table": name,
                   "keeps": [{"keep": list(k), "expected": num(v), "gap": num(g)} for k, v, g in rows]})
        return
    from rich.table import Table

    t = Table(title=f"Hand {' '.join(map(str, sorted(faces)))}, {rerolls_left} re-roll(s) left, table {name}")
    for col in ("rank", "keep", "expected payout", "gap to best"):
        t.add_column(col, justify="right")
    for i, (keep, value, gap) in enumerate(rows, 1):
        t.add_row(str(i), " ".join(map(str, keep)) or "nothing",
                  fraction_str(value) if exact else _fmt(value, 6), fraction_str(gap) if exact else _fmt(gap, 6))
    _console().print(t)


@dice_poker_app.command("verify")
def dice_poker_verify(
    hands: int = typer.Option(1_000_000, "--hands", help="Hands played per table and strategy."),
    seed: int = typer.Option(20261105, "--seed", help="Seed of the random generator."),
    table: Optional[list[str]] = typer.Option(None, "--table", "-t", help=TABLE_HELP),
    payouts: Optional[str] = typer.Option(None, "--payouts", help=PAYOUTS_HELP),
    tables_file: Optional[str] = typer.Option(None, "--tables-file", help="TOML file with a [tables] section."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
):
    """Seeded play of every table and strategy, each average against its exact value in standard errors.

    Exit code 1 when any |z| exceeds 5. Example: holdwise dice-poker verify --hands 1000000 --seed 20261105
    """
    if hands < 2:
        fail(f"--hands must be at least 2, got {hands}")
    if seed < 0:
        fail(f"--seed must be non-negative, got {seed}")
    from .dice_poker import VERIFY_STRATEGIES, verify_by_play

    try:
        tables = _select_tables(table, payouts, tables_file)
    except ValueError as err:
        fail(str(err))
    steps = len(tables) * len(VERIFY_STRATEGIES)
    if as_json or not sys.stderr.isatty():
        result = verify_by_play(tables, hands=hands, seed=seed)
    else:
        from rich.progress import Progress

        with Progress(transient=True) as progress:
            task = progress.add_task("playing", total=steps)
            result = verify_by_play(tables, hands=hands, seed=seed, on_step=lambda: progress.advance(task))
    if as_json:
        emit_json(result)
    else:
        from rich.table import Table

        t = Table(title=f"Seeded play: {hands:,} hands per table and strategy, seed {seed}")
        for col in ("table", "strategy", "exact", "played", "std. error", "z"):
            t.add_column(col, justify="right")
        for row in result["averages"]:
            t.add_row(row["table"], row["strategy"], _fmt(row["exact"], 5), _fmt(row["mean"], 5),
                      _fmt(row["standard_error"], 5), f"{row['z']:+.2f}")
        console = _console()
        console.print(t)
        worst_freq = max(abs(r["z"]) for r in result["frequencies"])
        console.print(f"final-combination frequencies: largest |z| {worst_freq:.2f}; "
                      f"all figures: largest |z| {result['max_abs_z']:.2f} "
                      f"({'within' if result['passed'] else 'OUTSIDE'} {result['z_limit']:g})")
    if not result["passed"]:
        raise typer.Exit(1)


video_poker_app = typer.Typer(
    help="Video poker: every hold of a hand, and the exact return of a whole game with optimal play.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
app.add_typer(video_poker_app, name="video-poker")

GAME_HELP = "Game id (see `holdwise video-poker games`)."
PAYTABLE_FILE_HELP = "TOML file with more games, in the shipped format (see the README)."


def _games(paytable_file: Optional[str]):
    from .video_poker.paytables import load_games, shipped_games

    games = dict(shipped_games())
    if paytable_file is not None:
        games.update(load_games(paytable_file))
    return games


def _game(game: str, paytable_file: Optional[str]):
    from .video_poker.paytables import get_game, load_games

    return get_game(game, load_games(paytable_file) if paytable_file else None)


def _pay_str(value) -> str:
    from fractions import Fraction

    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


@video_poker_app.command("games")
def video_poker_games(
    paytable_file: Optional[str] = typer.Option(None, "--paytable-file", help=PAYTABLE_FILE_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
):
    """The pay tables: id, deck, wild cards and pays per coin (5 coins; 1-4 coins where different).

    Example: holdwise video-poker games
    """
    try:
        games = _games(paytable_file)
    except ValueError as err:
        fail(str(err))
    if as_json:
        emit_json([{"id": g.id, "name": g.name, "deck": g.deck, "wild": g.wild,
                    "pays": {h: _pay_str(p) for h, p in zip(g.hands, g.pays) if h != "nothing"},
                    "pays_below_5_coins": {h: _pay_str(p) for h, p in zip(g.hands, g.pays_for(1)) if h != "nothing"}}
                   for g in games.values()])
        return
    from rich.table import Table

    t = Table(title="Video poker games (pays per coin at 5 coins)")
    for col in ("id", "deck", "wild", "pays, best hand first"):
        t.add_column(col)
    for g in games.values():
        t.add_row(g.id, str(g.deck), g.wild,
                  ", ".join(f"{h.replace('_', ' ')} {_pay_str(p)}" for h, p in zip(g.hands, g.pays) if h != "nothing"))
    _console().print(t)
    _console().print("At 1 to 4 coins the natural royal flush pays 250 per coin.")


@video_poker_app.command("hold")
def video_poker_hold(
    hand: str = typer.Argument(..., help='Five cards, e.g. "AS KS QS JS 9D" (T or 10; Jk for the joker).'),
    game: str = typer.Option("jacks-or-better-9-6", "--game", "-g", help=GAME_HELP),
    coins: int = typer.Option(5, "--coins", help="Coins bet, 1 to 5."),
    paytable_file: Optional[str] = typer.Option(None, "--paytable-file", help=PAYTABLE_FILE_HELP),
    exact: bool = typer.Option(False, "--exact", help="Show exact fractions."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
):
    """All 32 holds of a hand with their exact expected return and draws per pay class, best first.

    Example: holdwise video-poker hold "AS KS QS JS 9D" --game jacks-or-better-9-6
    """
    from .exact import fraction_str
    from .video_poker.cards import hand_str, parse_hand

    try:
        table = _game(game, paytable_file)
        table.pays_for(coins)
        cards = parse_hand(hand, table.deck)
        from .video_poker.solver import analyze_hand

        holds = analyze_hand(cards, table, coins)
    except ValueError as err:
        fail(str(err))
    if as_json:
        emit_json({"game": table.id, "coins": coins, "hand": hand_str(cards),
                   "holds": [{"hold": hand_str(h.held), "value": h.value, "value_exact": fraction_str(h.value_exact),
                              "draws": h.draws, "counts": dict(zip(table.hands, h.counts))} for h in holds]})
        return
    from rich.table import Table

    t = Table(title=f"{hand_str(cards)}: {table.name}, {coins} coin(s); expected return per coin")
    t.add_column("rank", justify="right")
    t.add_column("hold")
    t.add_column("value" if not exact else "value (exact)", justify="right")
    for h in table.hands[:-1]:
        t.add_column(h.replace("_", " "), justify="right")
    t.add_column("nothing", justify="right")
    for i, h in enumerate(holds, 1):
        t.add_row(str(i), hand_str(h.held) or "(discard all)",
                  fraction_str(h.value_exact) if exact else f"{h.value:.6f}", *[f"{n:,}" for n in h.counts])
    _console(min_width=200).print(t)


@video_poker_app.command("return")
def video_poker_return(
    game: str = typer.Option("jacks-or-better-9-6", "--game", "-g", help=GAME_HELP),
    coins: int = typer.Option(5, "--coins", help="Coins bet, 1 to 5 (1-4 pay the natural royal 250 per coin)."),
    paytable_file: Optional[str] = typer.Option(None, "--paytable-file", help=PAYTABLE_FILE_HELP),
    exact: bool = typer.Option(False, "--exact", help="Show the exact return and probabilities as fractions."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
):
    """The exact return of a game with optimal play over every deal, and its return table.

    Example: holdwise video-poker return --game deuces-wild-full-pay --coins 5
    """
    import math

    from .exact import fraction_str

    try:
        table = _game(game, paytable_file)
        table.pays_for(coins)
        from .video_poker.solver import solve_game

        if not as_json and sys.stderr.isatty():
            from rich.progress import Progress

            from rich.console import Console

            with Progress(transient=True, console=Console(stderr=True)) as bar:
                task = bar.add_task(f"{table.id}: every deal", total=1.0)
                result = solve_game(table, coins, progress=lambda done, total: bar.advance(task, done / total))
        else:
            result = solve_game(table, coins)
    except ValueError as err:
        fail(str(err))
    rows = result.rows()
    if as_json:
        emit_json({"game": table.id, "coins": coins, "return": result.value,
                   "return_exact": fraction_str(result.return_exact), "total_combinations": result.total,
                   "deal_weight": result.total // math.comb(table.deck, 5),
                   "table": [{"hand": r["hand"], "pay": _pay_str(r["pay"]), "combinations": r["combinations"],
                              "probability": float(r["probability"]), "contribution": float(r["contribution"]),
                              **({"probability_exact": fraction_str(r["probability"]),
                                  "contribution_exact": fraction_str(r["contribution"])} if exact else {})}
                             for r in rows],
                   "seconds": result.seconds})
        return
    from rich.table import Table

    t = Table(title=f"{table.name}, {coins} coin(s): return {result.value:.8f}")
    for col in ("final hand", "pays", "combinations", "probability", "contribution"):
        t.add_column(col, justify="right" if col != "final hand" else "left")
    for r in rows:
        t.add_row(r["hand"].replace("_", " "), _pay_str(r["pay"]), f"{r['combinations']:,}",
                  f"{float(r['probability']):.10f}", f"{float(r['contribution']):.10f}")
    t.add_row("total", "", f"{result.total:,}", "1", f"{result.value:.10f}")
    console = _console()
    console.print(t)
    if exact:
        console.print(f"exact return: {fraction_str(result.return_exact)}")
    console.print(f"every deal weighted by {result.total // math.comb(table.deck, 5):,}; "
                  f"ties between holds go to fewer cards held; {result.seconds:.2f} s")


farkle_app = typer.Typer(
    help="Farkle as in Kingdom Come: Deliverance: the coaching table, hints, race-aware matches, loadouts.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
app.add_typer(farkle_app, name="farkle")

DICE_HELP = ("Six dice, comma-separated names (ordinary, weighted, lucky, devils-head, ...; 'lucky*2' repeats; "
             "'custom:1,1,1,1,1,2' gives weights). Default: six ordinary dice.")


def _farkle_dice(text: Optional[str], what: str = "--dice"):
    from .farkle import _check_six, parse_dice

    dice = parse_dice(text.replace(";", ",") if text else text)
    _check_six(dice, what)
    return dice


def _plot_path(plot: Optional[str]) -> None:
    if plot is not None and not plot.lower().endswith(".png"):
        fail(f"--plot needs a .png file name, got {plot!r}")


@farkle_app.command("turn")
def farkle_turn(
    dice: Optional[str] = typer.Option(None, "--dice", help=DICE_HELP),
    plot: Optional[str] = typer.Option(None, "--plot", help="Draw the coaching table (roll or bank) to FILE.png."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
):
    """One turn solved exactly: expected points, bust chance and bank threshold per number of dice left.

    Example: holdwise farkle turn --dice weighted,lucky,ordinary*4
    """
    _plot_path(plot)
    try:
        loadout = _farkle_dice(dice)
        from .farkle import turn_report

        report = turn_report(loadout)
    except ValueError as err:
        fail(str(err))
    if plot is not None:
        _plot_coaching(loadout, plot)
    if as_json:
        emit_json(report)
        return
    from rich.table import Table

    t = Table(title=f"Farkle turn with {', '.join(report['dice'])}: {report['expected_points']:.2f} points expected")
    for col in ("dice left", "bust chance", "bank from (turn total)"):
        t.add_column(col, justify="right")
    for n in report["bust_probability"]:
        threshold = report["bank_threshold"][n]
        t.add_row(n, f"{100 * report['bust_probability'][n]:.2f}%", "never" if threshold is None else f"{threshold:,}")
    console = _console()
    console.print(t)
    console.print("Bank once the turn total reaches the threshold for the dice you would roll (with unlike dice: "
                  "the worst case over which dice are left; --json lists every set).")
    if plot is not None:
        console.print(f"plot written to {plot}")


def _plot_coaching(loadout, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    from .farkle.turn import solve_turn

    sol = solve_turn(loadout)
    t = sol.table
    states = sorted(range(1, t.n_states), key=lambda s: (t.dice_count[s], s))
    thresholds = [sol.bank_threshold(s) for s in states]
    top = max([v for v in thresholds if v > 0] + [1000])
    levels = min(sol.top_level, top // 50 + 10)
    grid = np.array([[1.0 if sol.roll[lvl, s] > lvl else 0.0 for lvl in range(levels)] for s in states])
    labels = []
    for s in states:
        counts = t.counts_of(s)
        names = [n for dtype, c in zip(t.types, counts) for n in dtype.names[:c]]
        labels.append(str(len(names)) if len(t.types) == 1 else f"{len(names)}: " + ",".join(names))
    fig, ax = plt.subplots(figsize=(10, max(3, 0.25 * len(states) + 1.5)))
    ax.imshow(grid, aspect="auto", cmap="RdYlGn", vmin=0, vmax=1, interpolation="nearest",
              extent=(0, levels * 50, len(states) - 0.5, -0.5))
    ax.set_yticks(range(len(states)), labels, fontsize=7 if len(states) > 10 else 10)
    ax.set_xlabel("turn total (points set aside)")
    ax.set_ylabel("dice left to roll")
    ax.set_title("Farkle coaching table: green = roll on, red = bank")
    fig.tight_layout()
    _save_figure(fig, path)


@farkle_app.command("hint")
def farkle_hint(
    roll: list[int] = typer.Argument(..., help="The faces rolled, e.g. 1 1 5 2 3 4."),
    turn_total: int = typer.Option(0, "--turn-total", help="Points already set aside this turn."),
    dice: Optional[str] = typer.Option(None, "--dice", help=DICE_HELP),
    positions: Optional[str] = typer.Option(None, "--positions",
                                            help="Which of your six dice rolled, e.g. 2,3,5 (default 1,2,...)."),
    score_own: Optional[int] = typer.Option(None, "--score", help="Your banked score (race-aware hint)."),
    opponent: Optional[int] = typer.Option(None, "--opponent", help="The opponent's banked score."),
    target: int = typer.Option(4000, "--target", help="Match target (a multiple of 50)."),
    opponent_dice: Optional[str] = typer.Option(None, "--opponent-dice", help="The opponent's six dice."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
):
    """Every legal selection of a roll, ranked, with its value when rolling on and when banking.

    Example: holdwise farkle hint 1 1 5 2 3 4 --turn-total 300 --score 1200 --opponent 3500 --target 4000
    """
    if target <= 0 or target % 50:
        fail(f"--target must be a positive multiple of 50, got {target}")
    try:
        loadout = _farkle_dice(dice)
        other = _farkle_dice(opponent_dice, "--opponent-dice") if opponent_dice else None
        rolled = None
        if positions is not None:
            rolled = [int(p) - 1 for p in positions.split(",") if p.strip()]
        from .farkle import hint

        result = hint(list(roll), turn_total, loadout, rolled, score_own, opponent, target, other)
    except ValueError as err:
        fail(str(err) if "invalid literal" not in str(err) else f"--positions must be numbers 1-6, got {positions!r}")
    if as_json:
        emit_json(result)
        return
    from rich.table import Table

    race = result["measure"] == "win_probability"
    title = (f"Roll {' '.join(map(str, roll))} at turn total {turn_total}: "
             + ("win chance (race-aware)" if race else "expected banked points (coaching table)"))
    t = Table(title=title)
    for col in ("keep", "scores", "turn total", "dice left", "roll on", "bank", "best"):
        t.add_column(col, justify="right")
    fmt = (lambda v: f"{100 * v:.2f}%") if race else (lambda v: f"{v:,.1f}")
    for row in result["selections"]:
        left = f"{row['dice_left']}" + (" (hot dice)" if row["hot_dice"] else "")
        t.add_row(" ".join(row["keep"]), str(row["score"]), str(row["turn_total"]), left, fmt(row["roll_on"]),
                  fmt(row["bank"]), row["best"])
    console = _console()
    if result["bust"]:
        console.print("Bust: no legal selection; the turn scores nothing.")
    else:
        console.print(t)


@farkle_app.command("match")
def farkle_match(
    target: int = typer.Option(4000, "--target", help="Points to win (a multiple of 50)."),
    dice: Optional[str] = typer.Option(None, "--dice", help="The first player's dice. " + DICE_HELP),
    opponent_dice: Optional[str] = typer.Option(None, "--opponent-dice", help="The second player's dice."),
    plot: Optional[str] = typer.Option(None, "--plot", help="Draw the win chance over both scores to FILE.png."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
):
    """A match to the target: win chances when both play to win, and race-aware play against the coaching table.

    Example: holdwise farkle match --target 4000
    """
    import time

    if target <= 0 or target % 50:
        fail(f"--target must be a positive multiple of 50, got {target}")
    if target > 20000:
        fail(f"--target at most 20000 here, got {target}")
    _plot_path(plot)
    try:
        first = _farkle_dice(dice)
        second = _farkle_dice(opponent_dice, "--opponent-dice") if opponent_dice else first
        from .farkle.match import TOLERANCE, solve_match

        start = time.perf_counter()
        with _working("solving the match", large=True):
            both = solve_match(first, second, target)
            aware_first = solve_match(first, second, target, blind2=True)
            aware_second = solve_match(second, first, target, blind1=True)
        seconds = time.perf_counter() - start
    except ValueError as err:
        fail(str(err))
    data = {
        "target": target,
        "dice": [d.name for d in first],
        "opponent_dice": [d.name for d in second],
        "first_player_win": both.first_player_win,
        "second_player_win": 1.0 - both.first_player_win,
        "race_aware_vs_race_blind": aware_first.first_player_win,
        "race_aware_second_vs_race_blind": 1.0 - aware_second.first_player_win,
        "tolerance": TOLERANCE,
        "seconds": seconds,
    }
    if plot is not None:
        _plot_match(both, plot)
    if as_json:
        emit_json(data)
        return
    console = _console()
    console.print(f"Match to {target}: first player wins {100 * data['first_player_win']:.3f}% when both play to win.")
    console.print(f"Race-aware play against the race-blind coaching table wins {100 * data['race_aware_vs_race_blind']:.3f}% "
                  f"moving first and {100 * data['race_aware_second_vs_race_blind']:.3f}% moving second.")
    console.print(f"(value iteration to {TOLERANCE:g}; {seconds:.1f} s)")
    if plot is not None:
        console.print(f"plot written to {plot}")


def _plot_match(solution, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    g = solution.target // 50
    fig, ax = plt.subplots(figsize=(6.5, 5.5))
    image = ax.imshow(solution.first, origin="lower", cmap="viridis", vmin=0, vmax=1,
                      extent=(-25, g * 50 - 25, -25, g * 50 - 25))
    ax.set_xlabel("opponent's score")
    ax.set_ylabel("own score (player to move)")
    ax.set_title(f"Farkle to {solution.target}: chance to win at the start of one's turn")
    fig.colorbar(image, ax=ax, label="win chance")
    fig.tight_layout()
    _save_figure(fig, path)


@farkle_app.command("loadout")
def farkle_loadout(
    owned: str = typer.Option(..., "--owned", help="The dice you own, comma-separated (at least six)."),
    top: int = typer.Option(5, "--top", help="How many loadouts to list."),
    opponent_dice: Optional[str] = typer.Option(None, "--opponent-dice",
                                                help="Also give the listed loadouts' win chance against these dice."),
    target: int = typer.Option(4000, "--target", help="Match target for --opponent-dice."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
):
    """The six of your dice that maximize the expected points per turn (every choice solved exactly).

    Example: holdwise farkle loadout --owned ordinary*4,weighted,lucky,odd,kings
    """
    import time

    if top < 1:
        fail(f"--top must be at least 1, got {top}")
    if target <= 0 or target % 50:
        fail(f"--target must be a positive multiple of 50, got {target}")
    try:
        from .farkle import best_loadouts, parse_dice

        dice = parse_dice(owned)
        other = _farkle_dice(opponent_dice, "--opponent-dice") if opponent_dice else None
        start = time.perf_counter()
        with _working("solving every loadout", large=True):
            ranked, n_choices = best_loadouts(dice, top=top)
            if other is not None:
                from .farkle.match import solve_match

                for row in ranked:
                    mine = _loadout_dice(dice, row["dice"])
                    row["win_first"] = solve_match(mine, other, target).first_player_win
                    row["win_second"] = 1.0 - solve_match(other, mine, target).first_player_win
        seconds = time.perf_counter() - start
    except ValueError as err:
        fail(str(err))
    data = {"owned": [d.name for d in dice], "choices": n_choices, "loadouts": ranked, "seconds": seconds}
    if as_json:
        emit_json(data)
        return
    from rich.table import Table

    t = Table(title=f"Best loadouts of {n_choices} choices (expected points per turn)")
    t.add_column("rank", justify="right")
    t.add_column("dice")
    t.add_column("points", justify="right")
    if other is not None:
        t.add_column("win first", justify="right")
        t.add_column("win second", justify="right")
    for i, row in enumerate(ranked, 1):
        cells = [str(i), ", ".join(row["dice"]), f"{row['expected_points']:.2f}"]
        if other is not None:
            cells += [f"{100 * row['win_first']:.2f}%", f"{100 * row['win_second']:.2f}%"]
        t.add_row(*cells)
    _console().print(t)


def _loadout_dice(owned, names):
    pool = list(owned)
    out = []
    for name in names:
        die = next(d for d in pool if d.name == name)
        pool.remove(die)
        out.append(die)
    return tuple(out)


poker_dice_app = typer.Typer(
    help="Poker dice for two or three players: odds, the exact duel, hints, a game against the computer.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
app.add_typer(poker_dice_app, name="poker-dice")


def _variant(no_straights: bool, straight_above: bool, flush_rule: bool, ace_high: bool, poker_faces: bool):
    from .games.poker_dice import Variant

    try:
        return Variant(straights=not no_straights, straight_above_full_house=straight_above, flush=flush_rule,
                       ace_high=ace_high, poker_faces=poker_faces)
    except ValueError as err:
        fail(str(err))


NO_STRAIGHTS = typer.Option(False, "--no-straights", help="Straights count as busts.")
STRAIGHT_ABOVE = typer.Option(False, "--straight-above-full-house", help="A straight beats a full house.")
FLUSH_RULE = typer.Option(False, "--flush-rule",
                          help="A straight to the king is a straight, to the ace a flush (below four of a kind).")
ACE_HIGH = typer.Option(False, "--ace-high", help="1 ranks above 6 (1, 6, 5, 4, 3, 2).")
POKER_FACES = typer.Option(False, "--poker-faces", help="Show faces as A K Q J 10 9.")


def _hand_text(faces, variant) -> str:
    return " ".join(variant.face_label(f) for f in sorted(faces, key=variant.value, reverse=True))


@poker_dice_app.command("odds")
def poker_dice_odds(
    no_straights: bool = NO_STRAIGHTS, straight_above: bool = STRAIGHT_ABOVE, flush_rule: bool = FLUSH_RULE,
    ace_high: bool = ACE_HIGH, poker_faces: bool = POKER_FACES,
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
):
    """Exact counts of every category over the 7,776 rolls of five dice, best first.

    Example: holdwise poker-dice odds --poker-faces
    """
    variant = _variant(no_straights, straight_above, flush_rule, ace_high, poker_faces)
    from .dice import Dice
    from .games.poker_dice import CATEGORY_LABELS, category_of

    dice = Dice(5, 6)
    lat = dice.lattice
    counts = {c: 0 for c in variant.categories}
    busts = []
    for row, ways in zip(lat.counts[lat.hands].tolist(), dice.outcome_counts(5)):
        cat = category_of(tuple(row), variant)
        counts[cat] += int(ways)
        if cat == "bust" and variant.straights:
            busts.append(_hand_text([f + 1 for f, c in enumerate(row) for _ in range(c)], variant))
    if as_json:
        emit_json({"categories": list(variant.categories), "counts": counts, "total": 7776,
                   "probabilities": {c: n / 7776 for c, n in counts.items()},
                   "bust_hands": busts if variant.straights else None})
        return
    from rich.table import Table

    t = Table(title="Poker dice: first-roll combinations out of 7,776")
    for col in ("hand", "rolls", "chance"):
        t.add_column(col, justify="right" if col != "hand" else "left")
    for c, n in counts.items():
        t.add_row(CATEGORY_LABELS[c], f"{n:,}", f"{100 * n / 7776:.3f}%")
    console = _console()
    console.print(t)
    if variant.straights:
        console.print("bust hands: " + "; ".join(f"[{b}]" for b in busts))


@poker_dice_app.command("duel")
def poker_dice_duel(
    players: int = typer.Option(2, "--players", help="2 or 3 players."),
    roll_limit: bool = typer.Option(False, "--roll-limit", help="Later players may not roll more times than the first."),
    no_straights: bool = NO_STRAIGHTS, straight_above: bool = STRAIGHT_ABOVE, flush_rule: bool = FLUSH_RULE,
    ace_high: bool = ACE_HIGH, poker_faces: bool = POKER_FACES,
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
):
    """Each player's win chance when everyone plays the exact strategy (ties replayed).

    Example: holdwise poker-dice duel --players 3 --roll-limit
    """
    import time

    if players not in (2, 3):
        fail(f"--players must be 2 or 3, got {players}")
    variant = _variant(no_straights, straight_above, flush_rule, ace_high, poker_faces)
    from .poker_dice import TOLERANCE, solve_duel, solve_three

    start = time.perf_counter()
    with _working("solving", large=players == 3):
        result = solve_duel(variant, roll_limit) if players == 2 else solve_three(variant, roll_limit)
    seconds = time.perf_counter() - start
    names = ["first_player_win", "second_player_win", "third_player_win"]
    data = {n: w for n, w in zip(names, result.win)}
    data.update({"players": players, "roll_limit": roll_limit, "iterations": result.iterations,
                 "tolerance": TOLERANCE, "seconds": seconds})
    if as_json:
        emit_json(data)
        return
    console = _console()
    for i, w in enumerate(result.win, 1):
        console.print(f"player {i} wins {100 * w:.4f}%")
    console.print(f"(ties replayed exactly; fixed point to {TOLERANCE:g} in {result.iterations} steps, {seconds:.2f} s)")


@poker_dice_app.command("hint")
def poker_dice_hint(
    hand: list[str] = typer.Argument(..., help="The five dice showing, e.g. 1 1 3 4 6 (or A K Q J 10 9)."),
    rolls_left: int = typer.Option(..., "--rolls-left", help="Rolls still allowed (1 or 2)."),
    to_beat: Optional[str] = typer.Option(None, "--to-beat", help='The best hand so far, e.g. "6 6 6 2 2".'),
    players: int = typer.Option(2, "--players", help="2 or 3 players."),
    position: Optional[int] = typer.Option(None, "--position",
                                           help="Your place in the order (default: last with --to-beat, else 1)."),
    tied: bool = typer.Option(False, "--tied", help="Three players: both earlier players hold the hand to beat."),
    no_straights: bool = NO_STRAIGHTS, straight_above: bool = STRAIGHT_ABOVE, flush_rule: bool = FLUSH_RULE,
    ace_high: bool = ACE_HIGH, poker_faces: bool = POKER_FACES,
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
):
    """Every keep ranked by the chance to win, for any position: the hand to beat is the best so far.

    Example: holdwise poker-dice hint 1 1 3 4 6 --rolls-left 2 --to-beat "6 6 6 2 2"
    """
    variant = _variant(no_straights, straight_above, flush_rule, ace_high, poker_faces)
    from .poker_dice import hint, parse_hand

    try:
        faces = parse_hand(hand, variant)
        beat = parse_hand(to_beat, variant) if to_beat is not None else None
        result = hint(faces, rolls_left, variant, beat, players, position, tied)
    except ValueError as err:
        fail(str(err))
    rows = [{"keep": [variant.face_label(f) for f in sorted(k, key=variant.value, reverse=True)],
             "win_probability": v} for k, v in result["keeps"]]
    if as_json:
        emit_json({"hand": _hand_text(faces, variant), "rolls_left": rolls_left,
                   "to_beat": _hand_text(beat, variant) if beat else None, "measure": result["measure"],
                   "keeps": rows})
        return
    from rich.table import Table

    t = Table(title=f"{_hand_text(faces, variant)}, {rolls_left} roll(s) left: {result['measure']}")
    t.add_column("keep")
    t.add_column("win chance", justify="right")
    for row in rows:
        t.add_row(" ".join(row["keep"]) or "(roll all)", f"{100 * row['win_probability']:.3f}%")
    _console().print(t)


@poker_dice_app.command("play")
def poker_dice_play(
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed the dice (for a repeatable game)."),
    no_straights: bool = NO_STRAIGHTS, straight_above: bool = STRAIGHT_ABOVE, flush_rule: bool = FLUSH_RULE,
    ace_high: bool = ACE_HIGH, poker_faces: bool = POKER_FACES,
):
    """A game in the terminal against the optimal computer: you roll first, then the computer.

    At each prompt type the dice to keep (e.g. "6 6"), "all" (or Enter) to stand, "h" for a hint, "q" to quit.
    Example: holdwise poker-dice play --seed 7
    """
    import numpy as np

    variant = _variant(no_straights, straight_above, flush_rule, ace_high, poker_faces)
    from .dice import faces_to_counts
    from .games.poker_dice import CATEGORY_LABELS, category_of
    from .poker_dice import ROLLS, beat_payout, hint, setup, solve_duel
    from .reroll import Game, solve

    rng = np.random.default_rng(seed)
    s = setup(variant)
    lat = s.dice.lattice
    w = solve_duel(variant).win[0]
    echo = typer.echo

    def roll(n):
        return [int(x) for x in rng.integers(1, 7, size=n)]

    def describe(faces):
        return f"{_hand_text(faces, variant)}  ({CATEGORY_LABELS[category_of(tuple(faces_to_counts(faces, 6)), variant)]})"

    round_no = 1
    while True:
        echo(f"-- round {round_no} --")
        mine = roll(5)
        for left in range(ROLLS - 1, 0, -1):
            echo(f"you: {describe(mine)}   ({left} roll(s) left)")
            while True:
                answer = typer.prompt("keep", default="all", show_default=False).strip().lower()
                if answer == "q":
                    raise typer.Exit(0)
                if answer == "h":
                    for keep, value in hint(tuple(sorted(mine)), left, variant)["keeps"][:5]:
                        echo(f"  keep {_hand_text(keep, variant) or '(none)'}: {100 * value:.2f}% to win")
                    continue
                if answer in ("all", "a", ""):
                    keep = list(mine)
                    break
                try:
                    keep = [variant.parse_face(p) for p in answer.replace(",", " ").split()]
                    counts = faces_to_counts(keep, 6)
                    if np.any(counts > faces_to_counts(mine, 6)):
                        raise ValueError("you can only keep dice you rolled")
                    break
                except ValueError as err:
                    echo(f"  {err}")
            if len(keep) == 5:
                break
            mine = keep + roll(5 - len(keep))
        echo(f"you stand on {describe(mine)}")
        b = int(lat.hand_index(faces_to_counts(mine, 6)))
        policy = solve(Game(s.dice, beat_payout(s, b, 1.0 - w), ROLLS - 1))
        theirs = roll(5)
        for left in range(ROLLS - 1, 0, -1):
            h = int(lat.hand_index(faces_to_counts(theirs, 6)))
            keep = list(lat.faces(int(policy.keeps[left, h])))
            echo(f"computer: {describe(theirs)} -> keeps {_hand_text(keep, variant) or 'nothing'}")
            if len(keep) == 5:
                break
            theirs = keep + roll(5 - len(keep))
        echo(f"computer stands on {describe(theirs)}")
        h = int(lat.hand_index(faces_to_counts(theirs, 6)))
        if s.ranks[b] > s.ranks[h]:
            echo("you win!")
            return
        if s.ranks[b] < s.ranks[h]:
            echo("the computer wins.")
            return
        echo("a tie: the round is replayed.")
        round_no += 1


def main() -> None:
    app()


if __name__ == "__main__":
    main()
