"""holdwise farkle: the coaching table, hints, race-aware matches, loadouts."""

from __future__ import annotations

from typing import Optional

import typer

from ._common import _console, _working, emit_json, fail, new_app, save_figure

farkle_app = new_app(
    "Farkle as in Kingdom Come: Deliverance: the coaching table, hints, race-aware matches, loadouts.",
)

DICE_HELP = ("Six dice, comma-separated names (ordinary, weighted, lucky, devils-head, ...; 'lucky*2' repeats; "
             "'custom:1,1,1,1,1,2' gives weights). Default: six ordinary dice.")


def _farkle_dice(text: Optional[str], what: str = "--dice"):
    from ..games.farkle import check_six, parse_dice

    dice = parse_dice(text.replace(";", ",") if text else text)
    check_six(dice, what)
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
        from ..games.farkle import turn_report

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

    from ..games.farkle import solve_turn

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
    save_figure(fig, path)


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
        from ..games.farkle import hint

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
        from ..games.farkle import TOLERANCE, solve_match

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
    save_figure(fig, path)


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
        from ..games.farkle import best_loadouts, parse_dice

        dice = parse_dice(owned)
        other = _farkle_dice(opponent_dice, "--opponent-dice") if opponent_dice else None
        start = time.perf_counter()
        with _working("solving every loadout", large=True):
            ranked, n_choices = best_loadouts(dice, top=top)
            if other is not None:
                from ..games.farkle import solve_match

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


