"""holdwise dice-poker: the depth report, verification by play, a game against a pay table; how a hint prints.

Thin: options are parsed here (the hint's by the generic `holdwise dice-poker hint`, from the face's fields),
the game's face (`holdwise.games.dice_poker`) does the work, and the results are printed here (rich tables
within 80 columns, or the results' JSON).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

import typer

from .. import i18n
from ..i18n import N_, numbers
from ..i18n import gettext as _
from ..i18n import ngettext, pgettext
from ._common import (
    ALL_OPTION, JSON_OPTION, SEED_OPTION, check_plot_path, console, emit_json, fail, fmt, new_app, parse_ints, pct,
    progress,
)

if TYPE_CHECKING:
    from ..games.base import Hint
    from ..games.dice_poker import HintRequest

__all__ = ["dice_poker_app", "render_hint"]

dice_poker_app = new_app(
    "Dice poker against a payout table: the depth report, hints, verification by play, a game.\n\n"
    "Without a command: the depth report of the built-in tables (or those chosen). Options of the "
    "game (--rules, --payouts, --tables-file, --dice, --sides, --rerolls, --weights) may stand before "
    "or after a command.\n\n"
    "Example: holdwise dice-poker --rules B --diff --frequencies\n\n"
    "Example: holdwise dice-poker --rules I hint 2 3 4 5 5 --rolls-left 2",
    invoke_without_command=True,
    no_args_is_help=False,
)

SUMMARY_ROWS = 20  # rows of a long table shown without --all
HINT_ROWS = 10  # keeps of a hint shown without --all
# the options of the game, declared once for every command that takes them (`--table`/`-t`: the old spelling)
RULES = typer.Option(None, "--rules", "--table", "-t", help=(
    "Table: B or I (built in) or a name from --tables-file; repeat or comma-separate for several "
    "(hint and play take one). Default: every built-in table (hint and play: B)."))
PAYOUTS = typer.Option(None, "--payouts", help=(
    "Seven payouts (a table named custom): five of a kind, four of a kind, full house, straight, "
    "three of a kind, two pairs, pair; numbers, 0.5 or 1/2."))
TABLES_FILE = typer.Option(None, "--tables-file", help="TOML file with a \\[tables] section of name = "
                                                      "\\[seven payouts].")
DICE = typer.Option(5, "--dice", help="Number of dice: 1 to 10.")
SIDES = typer.Option(6, "--sides", help="Faces per die: 2 to 20.")
REROLLS = typer.Option(2, "--rerolls", help="Re-rolls after the first roll (the game's rules): 0 to 6.")
WEIGHTS = typer.Option(None, "--weights", help="Integer weight per face (loaded dice), e.g. 1,1,1,1,1,2. "
                                               "Default: fair.")

# Options of the game that may stand before a command, and the commands they apply to.
_FLAGS = {"rules": "--rules", "payouts": "--payouts", "tables_file": "--tables-file", "dice": "--dice",
          "sides": "--sides", "rerolls": "--rerolls", "weights": "--weights", "tie": "--tie", "diff": "--diff",
          "frequencies": "--frequencies", "exact": "--exact", "plot": "--plot", "plot_returns": "--plot-returns",
          "min_chance_gap": "--min-chance-gap", "min_rule_gap": "--min-rule-gap", "as_json": "--json",
          "show_all": "--all"}
_APPLIES = {
    "hint": {"rules", "payouts", "tables_file", "dice", "sides", "weights", "exact", "as_json", "show_all"},
    "verify": {"rules", "payouts", "tables_file", "dice", "sides", "rerolls", "weights", "as_json"},
    "play": {"rules", "payouts", "tables_file", "dice", "sides", "rerolls", "weights"},
}


def _typed(ctx: typer.Context, name: str) -> bool:
    """Whether the user gave an option (by name: typer may bring its own copy of click's enum)."""
    source = ctx.get_parameter_source(name)
    return source is not None and source.name != "DEFAULT"


def _given(ctx: typer.Context, names) -> dict:
    """The options among `names` that the user typed (not left at their defaults)."""
    return {n: ctx.params[n] for n in names if _typed(ctx, n)}


def _pass_down(ctx: typer.Context) -> None:
    """Hand the options typed before a command down to it; refuse those that do not apply to it."""
    command = ctx.invoked_subcommand or ""
    given = _given(ctx, _FLAGS)
    for name in given:
        if name not in _APPLIES.get(command, ()):
            fail(_("%(flag)s does not apply to 'dice-poker %(command)s'; options before %(command)s may be: %(flags)s")
                 % {"flag": _FLAGS[name], "command": command,
                    "flags": ", ".join(sorted(_FLAGS[n] for n in _APPLIES[command]))})
    if command == "hint":  # the generic hint reads its fields from ctx.obj, its own switches from their defaults
        if "rules" in given:
            given["rules"] = ",".join(given["rules"])
        switches = {name: given.pop(name) for name in ("as_json", "show_all") if name in given}
        ctx.default_map = {**(ctx.default_map or {}), "hint": switches}
    ctx.obj = given


def _same(value):
    """Option values compared as typed: repeated options (lists or tuples) as lists."""
    return list(value) if isinstance(value, (list, tuple)) else value


def _inherit(ctx: typer.Context, **local):
    """This command's options with those typed before it filled in; the same option typed twice must agree."""
    before = ctx.obj if isinstance(ctx.obj, dict) else {}
    out = dict(local)
    for name, value in before.items():
        if name not in local:
            continue
        if not _typed(ctx, name):
            out[name] = value
        elif _same(local[name]) != _same(value):
            fail(_("%(flag)s given before and after '%(command)s' with different values")
                 % {"flag": _FLAGS[name], "command": ctx.info_name})
    return out


def _one_table(rules, payouts, tables_file):
    """(name, payouts) of the one table that play uses (default B)."""
    from ..games.dice_poker import DEFAULT_TABLE, select_tables

    names = rules or (None if payouts is not None else [DEFAULT_TABLE])
    tables = select_tables(names, payouts, tables_file)
    if len(tables) != 1:
        fail(_("this command takes one table, got %(n)d: %(tables)s") % {"n": len(tables), "tables": ", ".join(tables)})
    return next(iter(tables.items()))


@dice_poker_app.callback()
def dice_poker(
    ctx: typer.Context,
    rules: Optional[list[str]] = RULES,
    payouts: Optional[str] = PAYOUTS,
    tables_file: Optional[str] = TABLES_FILE,
    dice: int = DICE,
    sides: int = SIDES,
    rerolls: int = REROLLS,
    weights: Optional[str] = WEIGHTS,
    tie: str = typer.Option("higher", "--tie", help="The rule's tie between values on equally many dice: "
                                                    "higher or lower."),
    diff: bool = typer.Option(False, "--diff", help="List the hands where the rule's first keep is worse."),
    frequencies: bool = typer.Option(False, "--frequencies", help="Show final and first-roll combinations."),
    exact: bool = typer.Option(False, "--exact", help="Exact fractions (JSON: \"p/q\" under *_exact keys)."),
    plot: Optional[str] = typer.Option(None, "--plot", help="Draw the gaps per table to FILE.png or FILE.svg."),
    plot_returns: bool = typer.Option(False, "--plot-returns", help="Add the returns to the plot."),
    min_chance_gap: float = typer.Option(25.0, "--min-chance-gap", help="Criterion: pp above chance."),
    min_rule_gap: float = typer.Option(5.0, "--min-rule-gap", help="Criterion: pp above the rule."),
    show_all: bool = ALL_OPTION,
    as_json: bool = JSON_OPTION,
) -> None:
    """The depth report of dice poker payout tables: optimum, rule, no re-roll, criterion.

    Example: holdwise dice-poker --rules B --diff
    """
    if ctx.invoked_subcommand is not None:
        _pass_down(ctx)
        return
    if tie not in ("higher", "lower"):
        fail(_("--tie must be 'higher' or 'lower', got %(value)s") % {"value": repr(tie)})
    check_plot_path(plot)
    if plot_returns and plot is None:
        fail(_("--plot-returns needs --plot FILE"))
    weight_list = parse_ints(weights, "--weights")
    from ..games.dice_poker import reports, select_tables

    tables = select_tables(rules, payouts, tables_file)
    with progress(_("solving (4 solves and the diff a table)")) as update:
        result = reports(tables, dice=dice, sides=sides, rerolls=rerolls, weights=weight_list, tie=tie,
                         exact=exact, min_chance_gap_pp=min_chance_gap, min_rule_gap_pp=min_rule_gap,
                         on_progress=update)
    if plot is not None:
        from .dice_poker_plot import plot_reports

        plot_reports(result.tables, plot, with_returns=plot_returns)
    if as_json:
        emit_json(result.tables[0] if len(result.tables) == 1 else result)
        return
    _print_reports(result.tables, show_diff=diff, show_frequencies=frequencies, rerolls=rerolls,
                   show_all=show_all)
    if plot is not None:
        typer.echo(_("plot written to %(path)s") % {"path": plot})


def _print_reports(reports, show_diff: bool, show_frequencies: bool, rerolls: int, show_all: bool) -> None:
    from rich import box
    from rich.table import Table

    from ..games.dice_poker import CATEGORY_LABELS, fraction_str

    out = console()
    # eight columns with the shares under the returns: fits 80 columns with table names up to 12 characters
    summary = Table(title=_("Dice poker depth: returns per unit bet, gaps in pp"),
                    box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    summary.add_column(_("table"), overflow="fold")
    for col in (_("optimum"), _("rule"), pgettext("column", "no re-roll"), _("rule\ngap"), _("chance\ngap"),
                _("deep"), _("differ")):
        summary.add_column(col, justify="right", no_wrap=True)
    for r in reports:
        summary.add_row(
            r.name, fmt(r.optimal), f"{fmt(r.rule)}\n{pct(r.rule_share)}", f"{fmt(r.none)}\n{pct(r.none_share)}",
            fmt(r.gap_pp, 1), fmt(r.chance_gap_pp, 1), _("yes") if r.criterion_met else _("no"), str(r.diff.hands),
        )
    out.print(summary)
    first = reports[0]
    limits = {"chance": numbers().general(first.min_chance_gap_pp), "rule": numbers().general(first.min_rule_gap_pp)}
    out.print(_("Under each return: its share of the optimum. No re-roll: the first roll stands (random keeps "
                "return exactly the same); the rule keeps the most frequent value, ties to the %(tie)s; "
                "deep = optimum >= %(chance)s pp above chance and >= %(rule)s pp above the rule; differ = hands "
                "where the rule's first keep is worse than the optimum's.")
              % {"tie": _("higher") if first.tie == "higher" else _("lower"), **limits})
    if first.exact:
        for r in reports:
            out.print(_("exact, table %(table)s: optimum %(optimum)s, rule %(rule)s, no re-roll %(none)s")
                      % {"table": r.name, "optimum": fraction_str(r.optimal), "rule": fraction_str(r.rule),
                         "none": fraction_str(r.none)})
    for r in reports:
        if show_diff:
            t = Table(title=ngettext("Table %(table)s: hands where the rule's keep is worse (%(n)d re-roll left)",
                                     "Table %(table)s: hands where the rule's keep is worse (%(n)d re-rolls left)",
                                     rerolls) % {"table": r.name, "n": rerolls},
                      box=box.SIMPLE_HEAD)
            for col in (N_("hand"), N_("of rolls"), N_("best keep"), N_("value"), N_("rule keep"), N_("value"),
                        N_("loss")):
                t.add_column(_(col), justify="right")
            rows = r.diff.rows if show_all else r.diff.rows[:SUMMARY_ROWS]
            for row in rows:
                t.add_row(" ".join(map(str, row.hand)), pct(row.share_of_rolls, 2),
                          " ".join(map(str, row.optimal_keep)) or _("nothing"), fmt(row.optimal_value),
                          " ".join(map(str, row.rule_keep)) or _("nothing"), fmt(row.rule_value),
                          fmt(float(row.optimal_value) - float(row.rule_value)))
            out.print(t)
            if len(rows) < len(r.diff.rows):
                more = len(r.diff.rows) - len(rows)
                out.print(ngettext("... %(n)d more hand (--all shows it)", "... %(n)d more hands (--all shows them)",
                                   more) % {"n": more})
            out.print(ngettext("%(n)d hand, %(share)s of first rolls", "%(n)d hands, %(share)s of first rolls",
                               r.diff.hands) % {"n": r.diff.hands, "share": pct(r.diff.share_of_rolls)}
                      + ("" if r.diff.ties is None else
                         ngettext("; in %(n)d more hand the rule's keep ties with another best keep.",
                                  "; in %(n)d more hands the rule's keep ties with another best keep.",
                                  r.diff.ties) % {"n": r.diff.ties}))
        if show_frequencies:
            t = Table(title=_("Table %(table)s: final combinations and the first roll") % {"table": r.name},
                      box=box.SIMPLE_HEAD)
            for col in (N_("combination"), N_("optimum"), N_("rule"), N_("no re-roll"), N_("first-roll count")):
                t.add_column(_(col), justify="right")
            whole = numbers().whole
            for key, label in CATEGORY_LABELS.items():
                t.add_row(_(label), pct(r.frequencies["optimal"][key], 2), pct(r.frequencies["rule"][key], 2),
                          pct(r.frequencies["none"][key], 2), f"{whole(r.first_roll_outcomes[key])} / {whole(r.outcomes)}")
            out.print(t)


def render_hint(hint: Hint, request: HintRequest, show_all: bool) -> None:
    """`holdwise dice-poker hint` as a table: every keep by expected payout, the best HINT_ROWS without --all."""
    from rich import box
    from rich.table import Table

    hand_text = " ".join(map(str, request.hand))
    out = console()
    out.print(ngettext("Hand %(hand)s, %(n)d re-roll left, table %(table)s: every keep by expected payout",
                       "Hand %(hand)s, %(n)d re-rolls left, table %(table)s: every keep by expected payout",
                       request.rolls_left) % {"hand": hand_text, "n": request.rolls_left, "table": request.rules})
    t = Table(box=box.SIMPLE_HEAD)
    for col in (N_("rank"), N_("keep"), N_("value"), N_("loss")):
        t.add_column(_(col), justify="left" if col == "keep" else "right", no_wrap=col != "keep")
    options = hint.options if show_all else hint.options[:HINT_ROWS]
    for i, opt in enumerate(options, 1):
        t.add_row(str(i), opt.option, opt.value_exact if request.exact else fmt(opt.value, 6),
                  opt.loss_exact if request.exact else fmt(opt.loss, 6))
    out.print(t)
    if len(options) < len(hint.options):
        more = len(hint.options) - len(options)
        out.print(ngettext("... %(n)d more keep (--all shows it)", "... %(n)d more keeps (--all shows them)", more)
                  % {"n": more})


@dice_poker_app.command("verify")
def dice_poker_verify(
    ctx: typer.Context,
    hands: int = typer.Option(1_000_000, "--hands", help="Hands played per table and strategy (1,000 or more; "
                                                         "about a minute of work at most)."),
    seed: int = typer.Option(20261105, "--seed", help="Seed of the random generator (0 or more)."),
    rules: Optional[list[str]] = RULES,
    payouts: Optional[str] = PAYOUTS,
    tables_file: Optional[str] = TABLES_FILE,
    dice: int = DICE,
    sides: int = SIDES,
    rerolls: int = REROLLS,
    weights: Optional[str] = WEIGHTS,
    as_json: bool = JSON_OPTION,
) -> None:
    """Seeded play of every table and strategy, each average against its exact value in standard errors.

    Exit code 1 when any |z| exceeds 5. Example: holdwise dice-poker verify --hands 1000000 --seed 20261105
    """
    o = _inherit(ctx, rules=rules, payouts=payouts, tables_file=tables_file, dice=dice, sides=sides,
                 rerolls=rerolls, weights=weights, as_json=as_json)
    from ..games.dice_poker import MIN_HANDS, check_verify, select_tables, verify_by_play

    if hands < MIN_HANDS:
        fail(_("--hands must be at least %(least)s (z is a normal approximation), got %(hands)s")
             % {"least": numbers().whole(MIN_HANDS), "hands": hands})
    if seed < 0:
        fail(_("--seed must be non-negative, got %(seed)s") % {"seed": seed})
    weight_list = parse_ints(o["weights"], "--weights")
    tables = select_tables(o["rules"], o["payouts"], o["tables_file"])
    check_verify(tables, hands, seed, dice=o["dice"], sides=o["sides"], rerolls=o["rerolls"])
    with progress(_("table x strategy")) as update:
        result = verify_by_play(tables, hands=hands, seed=seed, dice=o["dice"], sides=o["sides"],
                                rerolls=o["rerolls"], weights=weight_list, on_progress=update)
    if o["as_json"]:
        emit_json(result)
    else:
        from rich import box
        from rich.table import Table

        t = Table(title=_("Seeded play: %(hands)s hands per table and strategy, seed %(seed)s")
                  % {"hands": numbers().whole(hands), "seed": seed}, box=box.SIMPLE_HEAD)
        for col in (N_("table"), N_("strategy"), N_("exact"), N_("played"), N_("std. error"), N_("z")):
            t.add_column(_(col), justify="right")
        for row in result.averages:
            strategy = row.strategy if i18n.current.get() == i18n.DEFAULT else _(_STRATEGIES[row.strategy])
            t.add_row(row.rules, strategy, fmt(row.exact, 5), fmt(row.mean, 5),
                      fmt(row.standard_error, 5), numbers().signed(row.z, 2))
        out = console()
        out.print(t)
        worst_freq = max(abs(r.z) for r in result.frequencies)
        out.print((_("final-combination frequencies: largest |z| %(freq)s; all figures: largest |z| %(all)s "
                     "(within %(limit)s)") if result.passed else
                   _("final-combination frequencies: largest |z| %(freq)s; all figures: largest |z| %(all)s "
                     "(OUTSIDE %(limit)s)"))
                  % {"freq": fmt(worst_freq, 2), "all": fmt(result.max_abs_z, 2),
                     "limit": numbers().general(result.z_limit)})
    if not result.passed:
        raise typer.Exit(1)


# the strategies' names in the verification's table, marked for the catalogues
# (English prints their ids, as the JSON names them)
_STRATEGIES = {"optimal": N_("optimum"), "rule-higher": N_("rule, ties higher"), "rule-lower": N_("rule, ties lower"),
               "none": N_("no re-roll"), "random": N_("random")}

# the hands' short names of the pays line (within 80 columns), in every language
_SHORT = {"five_of_a_kind": N_("5-kind"), "four_of_a_kind": N_("4-kind"), "full_house": N_("full"),
          "straight": N_("straight"), "three_of_a_kind": N_("3-kind"), "two_pairs": N_("2 pairs"), "pair": N_("pair")}


def _number(text) -> str:
    """A payout or amount for the terminal: 3, 0.5, 1.333 (the state holds numbers or "p/q" text)."""
    from fractions import Fraction

    value = Fraction(str(text))
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.4g}"


def _signed(value) -> str:
    text = _number(value)
    return text if text.startswith("-") else f"+{text}"


@dice_poker_app.command("play")
def dice_poker_play(
    ctx: typer.Context,
    seed: Optional[int] = SEED_OPTION,
    rules: Optional[list[str]] = RULES,
    payouts: Optional[str] = PAYOUTS,
    tables_file: Optional[str] = TABLES_FILE,
    dice: int = DICE,
    sides: int = SIDES,
    rerolls: int = REROLLS,
    weights: Optional[str] = WEIGHTS,
    bet: str = typer.Option("1", "--bet", help="Stake per hand (a positive number); a hand pays bet x payout."),
    bet_limit: Optional[str] = typer.Option(None, "--bet-limit", help="The most one hand may stake."),
    daily_limit: Optional[str] = typer.Option(None, "--daily-limit", help="The most the session may stake."),
) -> None:
    """Play dice poker against a pay table: each hand stakes the bet, the balance runs across hands.

    Example: holdwise dice-poker play --rules I --seed 7
    """
    o = _inherit(ctx, rules=rules, payouts=payouts, tables_file=tables_file, dice=dice, sides=sides,
                 rerolls=rerolls, weights=weights)
    weight_list = parse_ints(o["weights"], "--weights")
    if seed is None:
        import secrets

        seed = secrets.randbelow(2**32)
    elif seed < 0:
        fail(_("--seed must be non-negative, got %(seed)s") % {"seed": seed})
    from ..games import dice_poker as face
    from ._play import TerminalGame, run

    name, values = _one_table(o["rules"], o["payouts"], o["tables_file"])
    state = face.new_game({"rules": name, "payouts": [str(v) for v in values], "dice": o["dice"],
                           "sides": o["sides"], "rerolls": o["rerolls"], "weights": weight_list, "bet": bet,
                           "bet_limit": bet_limit, "daily_limit": daily_limit}, seed)
    opts = state.options
    pays = ", ".join(f"{_(_SHORT[c])} {numbers().text(_number(p))}"
                     for c, p in zip(face.CATEGORIES, opts["payouts"]))
    intro = (
        _("Dice poker, table %(table)s: roll %(dice)s dice; up to %(rerolls)s times keep any and re-roll the rest.")
        % {"table": opts["rules"], "dice": opts["dice"], "rerolls": opts["rerolls"]},
        _("Pays: %(pays)s") % {"pays": pays},
        _("A hand stakes %(bet)s and pays that times the table (seed %(seed)s); a balance runs.")
        % {"bet": _number(opts["bet"]), "seed": seed},
    )

    def render(s) -> list[str]:
        """The dice, the re-rolls left and the balance before the player's keep."""
        return ["  " + _("dice: %(dice)s   re-rolls left: %(left)s   balance %(balance)s")
                % {"dice": " ".join(map(str, s.data["hand"])), "left": s.data["rolls_left"],
                   "balance": _signed(s.tally["balance"])}]

    def summary(s) -> list[str]:
        """The tally after a hand is paid (the log has already said what it paid)."""
        t = s.tally
        return ["  " + ngettext("tally: %(n)d hand, staked %(staked)s, won %(won)s, balance %(balance)s",
                                "tally: %(n)d hands, staked %(staked)s, won %(won)s, balance %(balance)s", t["hands"])
                % {"n": t["hands"], "staked": _number(t["staked"]), "won": _number(t["won"]),
                   "balance": _signed(t["balance"])}]

    run(TerminalGame(face=face, rules=intro, keys=_("5 5 keeps those dice, all stands, none rolls all"),
                     render=render, prompt=lambda s: _("keep>"), summary=summary), state)
