"""The video-poker strategy report at the terminal (a chart's lines, return, risk, errors, cost curve) and its
cost-curve plot, in the reader's language within 80 columns."""

from __future__ import annotations

import textwrap

from .. import i18n
from ..i18n import gettext as _
from ..i18n import ngettext
from ._common import WIDTH, save_figure

__all__ = ["STRATEGY_TOP", "plot_curve", "strategy_text"]

STRATEGY_TOP = 5  # errors and notes shown without --all


def _title(text: str) -> list[str]:
    return textwrap.wrap(text, WIDTH, break_long_words=False, break_on_hyphens=False)


def _chart_lines(report) -> list[str]:
    """The chart's lines as a table: how often each is the play, its value range, its mistakes' cost."""
    local = i18n.numbers().text
    num = (_("play %"), _("min"), _("max"), _("cost %"))
    cells = [(local(f"{100 * ln.chance:.4f}"), "-" if ln.value_min is None else local(f"{ln.value_min:.4f}"),
              "-" if ln.value_max is None else local(f"{ln.value_max:.4f}"), local(f"{100 * ln.cost:.5f}"))
             for ln in report.lines]
    widths = [max(len(num[i]), *(len(c[i]) for c in cells)) for i in range(4)] if cells else [len(h) for h in num]
    right = "  ".join(h.rjust(w) for h, w in zip(num, widths, strict=True))
    text_width = max(20, WIDTH - 5 - 2 - len(right))
    line = _("line")
    out = [f"{'#':>3}  {line:<{text_width}}  {right}"]
    for ln, c in zip(report.lines, cells, strict=True):
        numbers = "  ".join(x.rjust(w) for x, w in zip(c, widths, strict=True))
        if len(ln.text) <= text_width:
            out.append(f"{ln.number:>3}  {ln.text:<{text_width}}  {numbers}")
        else:  # a long line's text goes whole on its own line, the numbers under it
            out.extend(textwrap.wrap(f"{ln.number:>3}  {ln.text}", WIDTH, subsequent_indent="     "))
            out.append(f"{'':>3}  {'':<{text_width}}  {numbers}")
    return out


def _curve_table(points) -> list[str]:
    num = i18n.numbers()
    head = (_("lines"), _("return"), _("cost"), _("hands per bet lost"))
    rows = [(str(p.lines), num.percent(p.return_value, 4), num.percent(p.cost, 4),
             "-" if p.hands_per_bet_lost is None else num.decimal(p.hands_per_bet_lost, 0, group=True))
            for p in points]
    widths = [max(len(head[i]), *(len(r[i]) for r in rows)) for i in range(4)] if rows else [len(h) for h in head]
    return ["  ".join(h.rjust(w) for h, w in zip(head, widths, strict=True))] + [
        "  ".join(x.rjust(w) for x, w in zip(r, widths, strict=True)) for r in rows]


def plot_curve(points, title: str, path: str) -> None:
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


def _source_note(source: str) -> str:
    """The closing line's note: for an answer read from disk, where from (no solve ran)."""
    return {"computed": "", "kept": " " + _("(kept answer)"), "shipped": " " + _("(shipped answer)")}[source]


def strategy_text(report, show_all: bool = False, source: str = "computed") -> list[str]:
    """The human report of a chart: header, lines, return, risk, errors (notes), curve; `source` as
    `strategy_answer` gives it."""
    num = i18n.numbers()
    n = len(report.lines)
    what = {"basic": ngettext("best basic strategy, %(n)s line", "best basic strategy, %(n)s lines", n),
            "lines": _("best chart of at most %(most)s lines (%(n)s)"),
            "chart": ngettext("your chart, %(n)s line", "your chart, %(n)s lines", n)}[report.kind]
    what %= {"n": n, "most": report.max_lines}
    coins = ngettext("%(n)s coin", "%(n)s coins", report.coins) % {"n": report.coins}
    lines = _title(f"{report.name}, {coins}: {what}")
    lines.append("")
    lines += _chart_lines(report)
    lines.append("")
    lost = ("" if report.hands_per_bet_lost is None else " " + _("(one bet lost every %(n)s hands)")
            % {"n": num.decimal(report.hands_per_bet_lost, 0, group=True)})
    lines += _title(_("return %(value)s against %(optimum)s with optimal play: cost %(cost)s")
                    % {"value": num.percent(report.return_value, 4), "optimum": num.percent(report.optimal_return, 4),
                       "cost": num.percent(report.cost, 5)} + lost)
    lines += _title(_("exact return %(value)s") % {"value": report.return_exact})
    lines += _title(_("variance %(variance)s, standard deviation %(sd)s; hit frequency %(hit)s")
                    % {"variance": num.decimal(report.variance, 4), "sd": num.decimal(report.standard_deviation, 4),
                       "hit": num.percent(report.hit_chance, 4)})
    if report.draw_five_chance > 0:
        lines += _title(_("no line matches %(share)s of deals: they draw five")
                        % {"share": num.percent(report.draw_five_chance, 4)})
    errors = report.errors if show_all else report.errors[:STRATEGY_TOP]
    if errors:
        lines.append("")
        lines.append(_("costliest exceptions (players' notes):") if report.kind == "basic"
                     else _("where the chart errs most (chart's pattern -> best pattern):"))
        for e in errors:  # a note is the chart's own words (its patterns), as the JSON has them
            lines += textwrap.wrap(e.note, WIDTH, initial_indent="- ", subsequent_indent="  ",
                                   break_long_words=False)
        if len(errors) < len(report.errors):
            lines.append(_("%(n)s more: --all shows them") % {"n": len(report.errors) - len(errors)})
    if report.curve:
        lines.append("")
        lines.append(_("cost curve: the best chart found of at most n lines"))
        lines += _curve_table(report.curve)
    lines += _title(_("the first line that fits a hold of the deal is played; %(seconds)s s")
                    % {"seconds": num.decimal(report.seconds, 1)} + _source_note(source))
    return lines
