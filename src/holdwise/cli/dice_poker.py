"""holdwise dice-poker: the depth report, hints, verification by play."""

from __future__ import annotations

import sys
from typing import Optional

import typer

from ._common import (
    _console,
    _fmt,
    _is_large,
    _parse_ints,
    _pct,
    _working,
    emit_json,
    fail,
    new_app,
    save_figure,
)

dice_poker_app = new_app(
    "Dice poker against a payout table: the depth report, hints, verification by play.",
    invoke_without_command=True,
)

def _select_tables(table: Optional[list[str]], payouts: Optional[str], tables_file: Optional[str]):
    from ..games.dice_poker import BUILTIN_TABLES, load_tables, parse_payouts

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
    from ..games.dice_poker import report, report_to_json

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

    from ..games.dice_poker import CATEGORY_LABELS

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
    save_figure(fig, path)


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
    from ..games.dice_poker import fraction_str, hint

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
    from ..games.dice_poker import VERIFY_STRATEGIES, verify_by_play

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

