"""The dice-poker depth plot: the two gaps per table against the criterion's limits, optionally the returns beside,
in the reader's language (titles, labels and numbers)."""

from __future__ import annotations

from .. import i18n
from ..i18n import N_, numbers
from ..i18n import gettext as _
from ._common import save_figure

__all__ = ["plot_reports"]


def plot_reports(reports, path: str, with_returns: bool) -> None:
    """The two gaps in pp per table with the criterion's limits as lines; optionally the returns beside."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    names = [r.name for r in reports]
    x = np.arange(len(reports))
    width = 0.38
    panels = 2 if with_returns else 1
    fig, axes = plt.subplots(1, panels, figsize=(max(5.5, 1.3 * len(reports) + 3) * panels, 4.2), squeeze=False)
    ax = axes[0, 0]
    colours = {"chance": "#0072B2", "rule": "#E69F00"}  # Okabe-Ito: safe for colour-blind readers
    chance = [np.nan if r.chance_gap_pp is None else float(r.chance_gap_pp) for r in reports]
    rule = [np.nan if r.gap_pp is None else float(r.gap_pp) for r in reports]
    box = {"facecolor": "white", "edgecolor": "none", "pad": 0.6}  # labels stay readable over the limit lines
    # the numbers in the reader's language: the bars' labels, and the axes' ticks (English keeps matplotlib's)
    label_format = "%.1f" if i18n.current.get() == i18n.DEFAULT else (lambda v: numbers().decimal(v, 1))
    if i18n.current.get() != i18n.DEFAULT:
        from matplotlib.ticker import FuncFormatter

        for a in axes.flat:
            a.yaxis.set_major_formatter(FuncFormatter(lambda v, _pos: numbers().general(v)))
    bars = ax.bar(x - width / 2, chance, width, color=colours["chance"], label=_("above chance (no re-roll)"))
    ax.bar_label(bars, fmt=label_format, fontsize=8, padding=2, bbox=box)
    bars = ax.bar(x + width / 2, rule, width, color=colours["rule"], label=_("above the rule"))
    ax.bar_label(bars, fmt=label_format, fontsize=8, padding=2, bbox=box)
    first = reports[0]
    for limit, style, line in ((first.min_chance_gap_pp, "--", N_("limit %(limit)s pp above chance")),
                               (first.min_rule_gap_pp, ":", N_("limit %(limit)s pp above the rule"))):
        ax.axhline(limit, color="#333333", linestyle=style, linewidth=1.3,
                   label=_(line) % {"limit": numbers().general(limit)})
        ax.annotate(f"{numbers().general(limit)} {_('pp')}", (1.0, limit), xycoords=("axes fraction", "data"), xytext=(3, 0),
                    textcoords="offset points", va="center", fontsize=8, color="#333333")
    ax.set_xticks(x, names)
    ax.set_xlabel(_("table"))
    ax.set_ylabel(_("gap of the optimum, percentage points"))
    ax.set_title(_("Depth: how far the optimum is above chance and the rule"))
    top = np.nanmax([*chance, *rule, first.min_chance_gap_pp, first.min_rule_gap_pp, 1.0])
    ax.set_ylim(min(0.0, np.nanmin([*chance, *rule, 0.0]) * 1.1), top * 1.45)  # room for the legend
    ax.legend(loc="upper center", ncol=2, frameon=False, fontsize=8)
    if with_returns:
        ax = axes[0, 1]
        w = 0.27
        for i, (label, key, colour) in enumerate((("optimum", "optimal", "#009E73"), ("rule", "rule", "#E69F00"),
                                                 ("no re-roll", "none", "#0072B2"))):
            ax.bar(x + (i - 1) * w, [float(getattr(r, key)) for r in reports], w, label=_(label), color=colour)
        ax.set_xticks(x, names)
        ax.set_xlabel(_("table"))
        ax.set_ylabel(_("return per unit bet"))
        ax.set_title(_("Returns"))
        ax.set_ylim(0, (max(float(r.optimal) for r in reports) or 1.0) * 1.25)
        ax.legend(loc="upper center", ncol=3, frameon=False, fontsize=8)
    fig.tight_layout()
    save_figure(fig, path)
