"""holdwise yahtzee: the exact solitaire optimum, a hint for any position, a game with hints and a review.

Thin: options are parsed here, the game's face (`holdwise.games.yahtzee`) does the work, and the results are
printed here (within 80 columns, or the results' JSON).
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import typer

from .. import i18n
from ..i18n import gettext as _
from ..i18n import ngettext
from ..phrases import say
from ._common import JSON_OPTION, console, emit_json, fmt, new_app, pct, progress
from ._play import TerminalGame, run

if TYPE_CHECKING:
    from ..games.base import Hint, State
    from ..games.yahtzee import ScoreDistribution, Simulation

__all__ = ["render_hint", "yahtzee_app"]

yahtzee_app = new_app(
    "Yahtzee, Yatzy and Balut, solitaire: the exact optimum, hints for any position, a game with a review.\n\n"
    "Example: holdwise yahtzee hint 1 1 5 3 2 --card \"ones=3 fh=25\" --rolls-left 2",
)

RULES = typer.Option("yahtzee", "--rules", help="yahtzee (official), yahtzee-forced (forced joker), yatzy or "
                                                 "balut (simulate: the first three).")
JSON = JSON_OPTION
TOP_ROWS = 10


def _rules(name: str):  # noqa: ANN202
    from ..errors import InputError
    from ..games.yahtzee import get_rules

    try:
        return get_rules(name)
    except InputError as error:  # the simulation plays Yahtzee's scorecards only
        raise InputError(f"{error}; balut for solve, hint, distribution and play") from None


@yahtzee_app.command("solve")
def yahtzee_solve(
    rules: str = RULES,
    fresh: bool = typer.Option(False, "--fresh", help="Solve again even if the table is stored."),
    as_json: bool = JSON,
) -> None:
    """The expected final score of a new game under optimal play, and the time the solve took.

    The table of every scorecard state is stored in the cache folder; later hints read it.
    Example: holdwise yahtzee solve --rules yatzy
    """
    from ..games.yahtzee import rule_set, solved

    r = rule_set(rules)
    with progress(f"solving {r.name}") as update:
        result = solved(r.name, fresh=fresh, progress=update)
    if as_json:
        emit_json(result)
        return
    out = console()
    out.print(result.title, markup=False)
    out.print(_("expected score, optimal solitaire play: %(score)s") % {"score": fmt(result.expected_score)}, markup=False)
    words = {"states": i18n.numbers().whole(result.states), "seconds": fmt(result.seconds, 2),
             "mib": fmt(result.table_bytes / 2**20, 1)}
    out.print((_("%(states)s scorecard states, read from the stored table in %(seconds)s s (table %(mib)s MiB)")
               if result.from_cache else
               _("%(states)s scorecard states, solved in %(seconds)s s (table %(mib)s MiB)")) % words, markup=False)
    if result.points is not None:  # a rule set with a points system: what the optimal play earns
        _points(result.points)


def _points(points: Mapping[str, Any]) -> None:
    out = console()
    out.print(_("expected points of that play (exact): %(points)s") % {"points": fmt(points["expected_points"])},
              markup=False)
    for name, award in points["awards"].items():
        share = (pct(award["chance"], 2) if "chance" in award
                 else _("%(count)s a game") % {"count": fmt(award["expected_count"])})
        out.print("  " + _("%(name)s: %(test)s %(share)s, %(points)s points")
                  % {"name": name, "test": award["test"], "share": share, "points": fmt(award["expected_points"])},
                  markup=False)


def render_hint(hint: Hint, request: object, show_all: bool) -> None:
    """`holdwise yahtzee hint` without --json: the position, then every keep (or, with no rolls left, every
    box) ranked by expected final score, with its loss; the top rows unless --all."""
    from rich.table import Table

    where = hint.position
    out = console()
    out.print(_("%(rules)s: dice %(dice)s, %(left)s roll(s) left, %(score)s points so far")
              % {"rules": where["rules"], "dice": " ".join(map(str, where["dice"])), "left": where["rolls_left"],
                 "score": where["score_so_far"]}, markup=False)
    table = Table()
    table.add_column(i18n.pgettext("chart column", "play"))
    table.add_column(_("expected final score"), justify="right")
    table.add_column(_("loss"), justify="right")
    rows = hint.options if show_all else hint.options[:TOP_ROWS]
    for option in rows:  # said as the games write it: "zapísať sixes (18)" (a box by the key one types)
        table.add_row(say(option.option), fmt(option.value), fmt(option.loss))
    out.print(table)
    if len(rows) < len(hint.options):
        out.print(_("... %(n)s more (--all shows them)") % {"n": len(hint.options) - len(rows)})


@yahtzee_app.command("simulate")
def yahtzee_simulate(
    games: str = typer.Option("1000", "--games", help="How many games (1 to 1,000,000)."),
    seed: str = typer.Option("0", "--seed", help="Seed the dice (0 or more): the same seed, the same games."),
    rules: str = RULES,
    plot: str | None = typer.Option(None, "--plot", help="Save the final scores' histogram (PNG, SVG or PDF)."),
    as_json: bool = JSON,
) -> None:
    """Seeded games of optimal play: mean, spread and percentiles of the final score, against the optimum.

    Example: holdwise yahtzee simulate --games 2000 --seed 1 --plot scores.png
    """
    from ..games.inputs import parse_seed
    from ..games.yahtzee import MAX_GAMES, parse_whole, simulate
    from ._common import check_plot_path

    count = parse_whole(games, "games", 1, MAX_GAMES)
    seed_value = parse_seed(seed)
    r = _rules(rules)
    check_plot_path(plot)
    with progress(f"solving {r.name}") as update:
        from ..games.yahtzee import solution_for

        solution_for(r, progress=update)
    with progress("games") as update:
        result = simulate(r.name, count, seed_value, progress=update)
    if plot:
        _histogram(result, plot)
    if as_json:
        emit_json(result)
        return
    out = console()
    out.print(ngettext("%(rules)s: %(games)s game of optimal play (seed %(seed)s)",
                       "%(rules)s: %(games)s games of optimal play (seed %(seed)s)", result.games)
              % {"rules": r.name, "games": i18n.numbers().whole(result.games), "seed": result.seed}, markup=False)
    out.print(_("mean %(mean)s +- %(error)s (standard error)")
              % {"mean": fmt(result.mean, 2), "error": fmt(result.standard_error, 2)}, markup=False)
    out.print(_("exact optimum %(optimum)s: the mean is %(off)s standard errors off")
              % {"optimum": fmt(result.optimum), "off": fmt(result.errors_off, 2)}, markup=False)
    out.print(_("standard deviation %(sd)s; upper bonus in %(share)s of games")
              % {"sd": fmt(result.standard_deviation, 2), "share": pct(result.upper_bonus_chance, 1)}, markup=False)
    _percentiles(out, {k: fmt(v, 0) for k, v in result.percentiles.items()})
    if plot:
        out.print(_("plot written to %(path)s") % {"path": plot}, markup=False)


def _percentiles(out: Any, values: Mapping[str, str]) -> None:  # noqa: ANN401 (a rich console)
    """The percentiles on two lines, the head's width of indent on the second, as each language writes it."""
    head = _("percentiles: ")
    out.print(head + ", ".join(f"{k}{i18n.numbers().percent(0, 0)[1:]} {v}" for k, v in values.items() if int(k) <= 50),
              markup=False)
    out.print(" " * len(head) + ", ".join(f"{k}{i18n.numbers().percent(0, 0)[1:]} {v}" for k, v in values.items()
                                          if int(k) > 50), markup=False)


@yahtzee_app.command("distribution")
def yahtzee_distribution(
    rules: str = RULES,
    plot: str | None = typer.Option(None, "--plot", help="Save the distribution's plot (PNG or SVG)."),
    fresh: bool = typer.Option(False, "--fresh", help="Compute again even if the distribution is stored."),
    as_json: bool = JSON,
) -> None:
    """The exact distribution of the final score under optimal play: mean, spread, percentiles, a plot.

    Every chance is computed, not sampled (10-30 s, about 1 GB of memory), and kept in the cache folder.
    Example: holdwise yahtzee distribution --plot final-scores.png
    """
    from ..games.yahtzee import rule_set
    from ._common import check_plot_path, working

    r = rule_set(rules)
    check_plot_path(plot)
    with progress(f"solving {r.name}") as update:
        optimum = r.prepare(update)
    with working("pushing every chance forward, turn by turn ..."):
        result = r.distribution(fresh=fresh)
    if plot:
        _distribution_plot(result, optimum, plot)
    if as_json:
        emit_json(result)
        return
    out = console()
    out.print(_("%(rules)s: the final score under optimal play (exact, %(seconds)s s)")
              % {"rules": result.rules, "seconds": fmt(result.seconds, 1)}, markup=False)
    out.print(_("mean %(mean)s (the optimum: %(optimum)s), standard deviation %(sd)s")
              % {"mean": fmt(result.mean), "optimum": fmt(optimum), "sd": fmt(result.standard_deviation)},
              markup=False)
    _percentiles(out, {k: str(v) for k, v in result.percentiles.items()})
    top = max(range(len(result.chances)), key=result.chances.__getitem__)
    out.print(_("most likely score %(score)s (%(share)s); highest possible %(most)s")
              % {"score": top, "share": pct(result.chances[top], 3), "most": result.max_score}, markup=False)
    if plot:
        out.print(_("plot written to %(path)s") % {"path": plot}, markup=False)


def _distribution_plot(result: ScoreDistribution, optimum: float, path: str) -> None:
    """The chance of each final score, with the mean and the 5th, 50th and 95th percentiles."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    from ._common import save_figure

    probs = np.array(result.chances)
    last = int(np.searchsorted(np.cumsum(probs), 0.999)) + 10  # the long tail of many Yahtzees left out
    first = int(np.searchsorted(np.cumsum(probs), 0.0005))
    first = 0 if first < 100 else first // 50 * 50  # Balut's scores start near 300
    fig, ax = plt.subplots(figsize=(7, 4.2), layout="constrained")
    ax.bar(np.arange(last), 100 * probs[:last], width=1.0, color="#0072B2")
    num = i18n.numbers()
    ax.axvline(result.mean, color="#D55E00", linestyle="--", linewidth=1.2,
               label=_("mean %(mean)s") % {"mean": num.decimal(result.mean, 2)})
    for p, style in (("5", ":"), ("50", "-."), ("95", ":")):
        ax.axvline(result.percentiles[p], color="#000000", linestyle=style, linewidth=0.9,
                   label=_("%(p)sth percentile %(score)s") % {"p": p, "score": result.percentiles[p]})
    ax.set_xlim(first, last)
    ax.set_xlabel(_("final score (scores above %(last)s left out: %(share)s)")
                  % {"last": last, "share": num.percent(float(probs[last:].sum()), 2)})
    ax.set_ylabel(_("chance (%)"))
    ax.set_title(_("%(rules)s: the exact distribution of the final score, optimal play") % {"rules": result.rules},
                 fontsize="medium")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize="small")
    save_figure(fig, path)


def _histogram(result: Simulation, path: str) -> None:
    """The final scores in bins of 5 points, the mean and the exact optimum marked."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    from ._common import save_figure

    scores = np.array(result.scores)
    fig, ax = plt.subplots(figsize=(7, 4.2), layout="constrained")
    bins = np.arange(scores.min() // 5 * 5, scores.max() + 10, 5).tolist()
    ax.hist(scores, bins=bins, color="#0072B2", alpha=0.85)
    num = i18n.numbers()
    ax.axvline(result.optimum, color="#D55E00", linestyle="--", linewidth=1.2,
               label=_("exact optimum %(optimum)s") % {"optimum": num.decimal(result.optimum, 2)})
    ax.axvline(result.mean, color="#000000", linestyle=":", linewidth=1.2,
               label=_("mean of the games %(mean)s +- %(error)s")
               % {"mean": num.decimal(result.mean, 2), "error": num.decimal(result.standard_error, 2)})
    ax.set_xlabel(_("final score"))
    ax.set_ylabel(_("games"))
    ax.set_title(_("%(rules)s: %(games)s games of optimal play (seed %(seed)s)")
                 % {"rules": result.rules, "games": num.whole(result.games), "seed": result.seed}, fontsize="medium")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize="small")
    save_figure(fig, path)


def _render(state: State) -> list[str]:
    from ..games.yahtzee import card_of, rule_set_of

    card = card_of(state)
    data = state.data
    left = data["rolls_left"]
    rolls = "no rolls left" if left == 0 else f"{left} roll{'s' if left != 1 else ''} left"
    turns = rule_set_of(state).turns
    return [*map(say, card.lines()), "  " + _("turn %(turn)s of %(turns)s: dice %(dice)s, %(left)s") % {
        "turn": data["turn"], "turns": turns, "dice": " ".join(map(str, data["dice"])), "left": say(rolls)}]


def _summary(state: State) -> list[str]:
    tally = state.tally
    mean = tally["total"] / tally["games"] if tally["games"] else 0
    return [_("tally: %(games)s game(s), mean %(mean)s, best %(best)s")
            % {"games": tally["games"], "mean": i18n.numbers().decimal(mean, 1), "best": tally["best"]}]


@yahtzee_app.command("play")
def yahtzee_play(
    seed: str | None = typer.Option(None, "--seed", help="Seed the dice (0 or more; for a repeatable game)."),
    rules: str = RULES,
) -> None:
    """A solitaire game in the terminal, with hints (h) and, at the end, a review of costly decisions.

    At each prompt type keep 5 5 (re-roll the rest), roll (all five again) or a box's name (fh, 3k, sixes).
    Balut (--rules balut): seven categories, four boxes each; type a category (fours, st, fh, c, b).
    Example: holdwise yahtzee play --seed 7
    """
    import secrets

    from ..games import yahtzee as face
    from ..games.inputs import parse_seed

    seed_value = secrets.randbelow(2**31) if seed is None else parse_seed(seed)
    r = face.rule_set(rules)
    with progress(f"solving {r.name}") as update:
        r.prepare(update)
    lines, keys = r.intro, r.keys
    state = face.new_game({"rules": r.name}, seed_value)
    game = TerminalGame(
        # the rules' sentence (its lines but the last, the boxes) wrapped again: other languages' words are longer
        face=face, rules=(*textwrap.wrap(" ".join(map(say, lines[:-1])), width=80),
                          *textwrap.wrap(say(lines[-1]), width=80)), keys=say(keys),
        render=_render, prompt=lambda state: _("play?"), summary=_summary)
    run(game, state)
