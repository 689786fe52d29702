"""Farkle's own reports at the terminal: the rules sheet, the strategy report, and the plots of the coaching
table, the match and the report (`holdwise farkle turn|match|report|rules`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import gettext as _
from ..i18n import ngettext, numbers, pgettext
from ..phrases import say
from ._common import console, save_figure
from .farkle_turn import short

if TYPE_CHECKING:
    from ..games import farkle

__all__ = ["plot_coaching", "plot_match", "plot_report", "print_badge_report", "print_report", "print_rules",
           "short"]

# Okabe-Ito colours: told apart with every common colour-vision deficiency
ROLL_COLOUR, BANK_COLOUR, LINE_COLOUR = "#0072B2", "#E69F00", "#D55E00"
REPORT_TOP = 5
GRID_STEPS = 8  # rows and columns of the win-chance grid printed at 80 columns


def plot_coaching(chart: farkle.CoachingChart, path: str) -> None:
    """The coaching table, roll or bank over turn total per set of dice left, to a PNG or SVG file."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np
    from matplotlib.colors import ListedColormap
    from matplotlib.patches import Patch
    from matplotlib.ticker import FuncFormatter

    rows = chart.rows
    grid = np.array([[1.0 if r else 0.0 for r in row.roll] for row in rows])
    labels = [str(row.dice_left) if len(set(chart.dice)) == 1 else f"{row.dice_left}: {short(row.dice)}"
              for row in rows]
    step = chart.totals[1] - chart.totals[0]
    end = chart.totals[-1] + step
    cmap = ListedColormap([BANK_COLOUR, ROLL_COLOUR])
    height = max(3.5, 0.28 * len(rows) + 2.2)
    fig, (near, far) = plt.subplots(1, 2, figsize=(12, height), sharey=True,
                                    gridspec_kw={"width_ratios": [3, 2]})
    small = 7 if len(rows) > 12 else 10
    commas = FuncFormatter(lambda v, _pos: f"{v:,.0f}")  # save_figure writes the signs the language's way
    # left: 0-1,500, where the thresholds of 1-4 dice lie; right: the whole range up to past the last threshold.
    # The cell of turn total t spans [t, t + 50), so a threshold is the left edge of its first bank cell.
    for ax, right in ((near, min(1500, end)), (far, end)):
        ax.imshow(grid, aspect="auto", cmap=cmap, vmin=0, vmax=1, interpolation="nearest",
                  extent=(0, end, len(rows) - 0.5, -0.5))
        ax.set_xlim(0, right)
        ax.xaxis.set_major_formatter(commas)
        ax.set_yticks(range(len(rows)), labels, fontsize=small)
        for i, row in enumerate(rows):
            at = row.bank_threshold
            if at is None or at > right:
                continue
            ax.plot([at, at], [i - 0.5, i + 0.5], color="black", lw=1.2)
            if ax is near or at > 1500:
                inside = at > 0.85 * right  # near the right edge: write the label to the left of the line
                ax.annotate(numbers().whole(at), (at, i), xytext=(-3 if inside else 3, 0), textcoords="offset points",
                            va="center", ha="right" if inside else "left", fontsize=small, color="black",
                            bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": "none", "alpha": 0.85})
    near.set_xlabel(_("turn total (points set aside), 0-%(end)s") % {"end": numbers().whole(1500)})
    far.set_xlabel(_("turn total, whole range"))
    near.set_ylabel(_("dice left to roll"))
    fig.legend(handles=[Patch(color=ROLL_COLOUR, label=_("roll on")), Patch(color=BANK_COLOUR, label=_("bank")),
                        Patch(facecolor="white", edgecolor="black", label=_("label: bank from this turn total"))],
               loc="upper center", bbox_to_anchor=(0.5, 0.955), ncol=3, fontsize=9, frameon=False)
    fig.suptitle(_("Farkle coaching table (%(dice)s)") % {"dice": short(chart.dice)})
    fig.tight_layout(rect=(0, 0, 1, 0.93))
    save_figure(fig, path)


def plot_match(chart: farkle.MatchChart, path: str) -> None:
    """The win chance over both scores at the start of a turn, to a PNG or SVG file."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    x = np.array(chart.win_chance)
    top = chart.target
    fig, ax = plt.subplots(figsize=(6.5, 5.5))
    image = ax.imshow(x, origin="lower", cmap="viridis", vmin=0, vmax=1, extent=(-25, top - 25, -25, top - 25))
    scores = np.array(chart.scores)
    lines = ax.contour(scores, scores, x, levels=[0.5], colors="white", linewidths=1.8)
    half = numbers().percent(0.5, 0)
    ax.clabel(lines, fmt={0.5: half}, fontsize=9)
    ax.set_xlabel(_("opponent's score"))
    ax.set_ylabel(_("own score (player to move)"))
    ax.set_title(_("Farkle to %(target)s: chance to win at the start of one's turn\n(white line: %(half)s)")
                 % {"target": numbers().whole(top), "half": half}, fontsize=11)
    bar = fig.colorbar(image, ax=ax, label=_("win chance"))
    bar.ax.axhline(0.5, color="white", lw=1.8)
    fig.tight_layout()
    save_figure(fig, path)


def _when(value: int | None) -> str:
    return _("never") if value is None else numbers().whole(value)


def print_report(r: farkle.StrategyReport) -> None:
    """The strategy report at 80 columns: thresholds, where the plays differ, the win chances, the findings."""
    import statistics
    import textwrap

    from rich import box
    from rich.table import Table

    num = numbers()
    out = console()
    out.print(_("Farkle strategy report: %(dice)s against %(opponent)s, to %(target)s")
              % {"dice": short(r.dice), "opponent": short(r.opponent_dice), "target": num.whole(r.target)},
              highlight=False)
    out.print(_("%(points)s points a turn (one average turn: %(turn)s); moving first from 0-0 wins %(share)s.")
              % {"points": num.decimal(r.expected_points, 1, group=True), "turn": num.whole(r.turn_points),
                 "share": num.percent(r.first_player_win_chance, 2)}, highlight=False)
    g = len(r.scores)
    t = Table(box=box.SIMPLE_HEAD, title=_("Bank from (turn total), by dice left ('never': roll on to the target)"),
              title_justify="left")
    for col in (_("dice left"), _("coaching"), _("race 0-0"), _("race median"), _("race range"), _("never")):
        t.add_column(col, justify="right", no_wrap=True)
    for i, k in enumerate(r.dice_left):
        grid = r.race_threshold[i]
        values = [v for row in grid for v in row if v is not None]
        never = sum(v is None for row in grid for v in row) / (g * g)
        median = statistics.median_low(values) if values else None
        span = f"{num.whole(min(values))}-{num.whole(max(values))}" if values else "-"
        t.add_row(str(k), _when(r.coaching_threshold[str(k)]), _when(grid[0][0]), _when(median), span,
                  num.percent(never, 0))
    out.print(t)
    out.print(_("race-aware: the first turn total at which playing to win banks, over every score pair; 'never' "
                "column: share of score pairs where it rolls on to the target"), highlight=False)
    regions = Table(box=box.SIMPLE_HEAD, title=_("Where the plays differ: %(n)s of %(of)s reachable situations")
                    % {"n": num.whole(r.disagreements), "of": num.whole(r.situations)}, title_justify="left")
    for col in (_("you need"), _("opp. needs"), pgettext("column", "differ"), _("rate"), pgettext("column", "rolls"),
                _("banks"), _("share"), _("max pp")):
        regions.add_column(col, justify="right", no_wrap=True)
    for row in r.regions:
        share = row.cost_sum / r.cost_sum if r.cost_sum else 0.0
        rate = row.disagreements / row.situations if row.situations else 0.0
        regions.add_row(num.text(row.own_needs), num.text(row.opponent_needs), num.whole(row.disagreements),
                        num.percent(rate, 0),
                        num.whole(row.race_rolls), num.whole(row.race_banks), num.percent(share, 1),
                        num.decimal(100 * row.cost_max, 1))
    out.print(regions)
    out.print(_("rate: of the reachable situations there; rolls / banks: race-aware play rolls on (banks) where the "
                "coaching table banks (rolls on); max pp: the most win chance (percentage points) the coaching "
                "choice gives up there; share: of that loss summed over every difference"), highlight=False)
    if r.top_disagreements:
        plays = {"roll": _("roll"), "bank": _("bank")}
        top = Table(box=box.SIMPLE_HEAD, title=_("Largest differences"), title_justify="left")
        for col in (_("you"), _("opponent"), _("dice left"), _("turn total"), pgettext("column", "race-aware"),
                    _("coaching"), _("loss")):
            top.add_column(col, justify="right", no_wrap=True)
        pp = _("pp")
        for d in r.top_disagreements[:REPORT_TOP]:
            top.add_row(num.whole(d.own), num.whole(d.opponent), str(d.dice_left) if len(set(r.dice)) == 1 else
                        f"{d.dice_left}*", num.whole(d.turn_total), plays.get(d.race_aware, d.race_aware),
                        plays.get(d.coaching, d.coaching), f"{num.decimal(100 * d.cost, 1)} {pp}")
        out.print(top)
        if len(set(r.dice)) > 1:
            out.print(_("*: which dice are left is in --json (top_disagreements)"), highlight=False)
    picks = sorted({round(i * (g - 1) / (GRID_STEPS - 1)) for i in range(GRID_STEPS)}) if g > 1 else [0]
    fav = Table(box=box.SIMPLE_HEAD, title=_("Win chance of the player to move (rows: own score, columns: "
                                             "opponent's)"), title_justify="left")
    fav.add_column("", justify="right", no_wrap=True)
    for b in picks:
        fav.add_column(num.whole(r.scores[b]), justify="right", no_wrap=True)
    for a in picks:
        fav.add_row(num.whole(r.scores[a]), *(num.percent(r.win_chance[a][b], 0) for b in picks))
    out.print(fav)
    out.print(_("Findings:"))
    figure = _("figure:")
    for i, f in enumerate(r.findings, 1):  # the report's own sentences (English, as in its JSON), said in the language
        out.print(textwrap.fill(f"{i}. {say(f.text)} [{figure} {say(f.figure)}]", 80, subsequent_indent="   "),
                  highlight=False, markup=False)


def plot_report(r: farkle.StrategyReport, path: str) -> None:
    """The race-aware bank threshold over both scores, one map per number of dice left, to a file."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    panels = len(r.dice_left)
    cols = 3 if panels > 2 else panels
    rows = -(-panels // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(4.2 * cols, 3.7 * rows + 0.8), squeeze=False)
    top = r.target
    cmap = plt.get_cmap("viridis").with_extremes(bad=LINE_COLOUR)  # 'never banks': apart from the viridis range
    for ax in axes.ravel()[panels:]:
        ax.axis("off")
    for i, k in enumerate(r.dice_left):
        ax = axes.ravel()[i]
        grid = np.ma.masked_invalid(np.array([[np.nan if v is None else v for v in row]
                                              for row in r.race_threshold[i]], dtype=float))
        image = ax.imshow(grid, origin="lower", cmap=cmap, interpolation="nearest",
                          extent=(-25, top - 25, -25, top - 25), aspect="auto")
        coach = r.coaching_threshold[str(k)]
        ax.set_title(ngettext("%(n)s die left (coaching: %(from)s)", "%(n)s dice left (coaching: %(from)s)", k)
                     % {"n": k, "from": _("never") if coach is None else numbers().whole(coach)}, fontsize=10)
        ax.set_xlabel(_("opponent's score"), fontsize=9)
        ax.set_ylabel(_("own score"), fontsize=9)
        ax.tick_params(labelsize=8)
        if grid.count():
            bar = fig.colorbar(image, ax=ax)
            bar.ax.tick_params(labelsize=8)
            bar.set_label(_("bank from (turn total)"), fontsize=8)
    from matplotlib.patches import Patch

    fig.legend(handles=[Patch(color=LINE_COLOUR, label=_("never banks: roll on to the target"))], loc="upper right",
               fontsize=9, frameon=False)
    fig.suptitle(_("Farkle to %(target)s: the race-aware bank threshold (%(dice)s against %(opponent)s)")
                 % {"target": numbers().whole(top), "dice": short(r.dice), "opponent": short(r.opponent_dice)},
                 fontsize=11, x=0.02, ha="left")
    fig.tight_layout(rect=(0, 0, 1, 0.95))
    save_figure(fig, path)


def print_rules(sheet: farkle.RulesSheet) -> None:
    """The rules sheet at 80 columns, in the current language (`sheet` built with its words translated)."""
    import textwrap

    from rich import box
    from rich.table import Table

    num = numbers()
    out = console()
    out.print(_("Farkle as in Kingdom Come: Deliverance: the rules"), highlight=False)
    for line in sheet.rules:
        out.print(textwrap.fill(line, 80, initial_indent="- ", subsequent_indent="  "), highlight=False)
    singles = ", ".join(f"{c.name} {num.whole(c.points)}" for c in sheet.singles)
    out.print(textwrap.fill(_("Singles: %(list)s.") % {"list": singles}, 80), highlight=False)
    kinds = Table(box=box.SIMPLE_HEAD, title=_("Three or more of a kind"), title_justify="left")
    kinds.add_column(_("face"), no_wrap=True)
    for c in sheet.of_a_kind[0].combos:
        kinds.add_column(_("%(n)d alike") % {"n": len(c.dice)}, justify="right", no_wrap=True)
    for row in sheet.of_a_kind:
        kinds.add_row(str(row.face), *(num.whole(c.points) for c in row.combos))
    out.print(kinds)
    first = sheet.straights[0]
    straights = Table(box=box.SIMPLE_HEAD, title=_("Straights and the spare die"), title_justify="left")
    straights.add_column(_("spare die"), no_wrap=True)
    straights.add_column(first.low.name, justify="right", no_wrap=True)
    straights.add_column(first.high.name, justify="right", no_wrap=True)
    for spare in sheet.straights:
        straights.add_row(_("none") if spare.spare is None else f"+ {spare.spare}", num.whole(spare.low.points),
                          num.whole(spare.high.points))
    out.print(straights)
    full = sheet.full_straight
    out.print(_("All six, %(name)s: %(points)s.") % {"name": full.name, "points": num.whole(full.points)},
              highlight=False)
    for c in sheet.hot_dice:
        out.print(textwrap.fill(_("Hot dice: %(name)s scores %(points)s, then %(n)d dice again.")
                                % {"name": c.name, "points": num.whole(c.points), "n": sheet.dice_per_player}, 80),
                  highlight=False)
    out.print(_("Bust: %(dice)s has nothing to set aside.") % {"dice": " ".join(sheet.bust)}, highlight=False)
    for c in sheet.jokers:
        out.print(_("Joker: %(name)s scores %(points)s.") % {"name": c.name, "points": num.whole(c.points)},
                  highlight=False)
    # Slovak and Czech write "16,7 %": with that space seven columns pass 80, so there the unit goes to the title
    compact = num.percent(0.5, 1) == num.decimal(50, 1) + "%"
    title = _("The named dice: the chance of each face") + ("" if compact else " (%)")
    dice = Table(box=box.SIMPLE_HEAD, title=title, title_justify="left")
    dice.add_column(_("die"), no_wrap=True)
    for face in range(1, 7):
        dice.add_column(str(face), justify="right", no_wrap=True)
    for die in sheet.dice:
        chances = (num.percent(p, 1) if compact else num.decimal(100 * p, 1) for p in die.chances)
        dice.add_row(die.name, *(f"{shown if shown != str(f) else ''} {chance}".strip()
                                 for f, (shown, chance) in enumerate(zip(die.faces, chances, strict=True), start=1)))
    out.print(dice)


def print_badge_report(report: farkle.BadgeReport, target: int) -> None:
    """`farkle match --badges`: the start win chance with the badges, without, and each badge's worth."""
    out, num = console(), numbers()
    out.print(_("Match to %(target)s with badges: the first player wins %(share)s") % {
        "target": num.whole(int(target)), "share": num.percent(report.first_player_win_chance, 3)})
    out.print(_("(%(share)s without badges). Each badge's worth to the first player:") % {
        "share": num.percent(report.no_badge_win_chance, 3)})
    for side, worth in ((_("the first player's"), report.badge_worth),
                        (_("the second player's"), report.opponent_badge_worth)):
        for effect, value in worth.items():
            out.print("  " + _("%(side)s %(badge)s: %(points)s points of win chance") % {
                "side": side, "badge": effect, "points": num.signed(100 * value, 3)})
    out.print("(" + _("%(layers)s layers of unspent uses solved; %(seconds)s s") % {
        "layers": report.layers, "seconds": num.decimal(report.seconds, 1)} + ")")
