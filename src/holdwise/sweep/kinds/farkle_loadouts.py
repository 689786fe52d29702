"""Sweep kind `farkle-loadouts`: every distinct six of a set of Farkle dice, its turn and (optionally) its match.

A loadout is a multiset of six dice: which dice, not in what order. From all named dice (`--dice all-named`)
each of the 32 distinct dice of Kingdom Come II (one of each group of re-skins: Ci for Ci/Lu/Fer, the ordinary
die for the plain ones, ...) may appear up to six times (the rules set no limit), so there are
C(32 + 6 - 1, 6) = C(37, 6) = 2,324,784 loadouts. From the dice a player owns (`--owned`), each die appears at
most as often as it is owned. Owned dice are told apart by name: ci, lu and fer weigh alike, so their loadouts
score alike, but a player holds them as different dice (`farkle loadout` folds alike dice into one choice).

Per loadout: expected points per turn and the bust chance per number of dice left (the turn report's worst
case over which dice are left); with `--opponent-dice DICE --target T` the win chance of a race-aware match
against those dice, moving first and moving second (one solve gives both), and their average (who starts decided
by a coin toss): the figure `best_loadouts` ranks by, and the one `sweep show` ranks these rows by. A loadout
whose turn is unbounded, or whose solve a guard refuses, gets NULL values and a `note`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from ...errors import InputError
from ...games import farkle as face
from ...games.inputs import named
from ..kind import Column
from ._shared import OKABE_ITO, save_figure, shown

__all__ = ["COLUMNS", "NAME", "count", "definition", "items", "loadout", "plot", "rank", "solve"]

NAME = "farkle-loadouts"
SIX = 6  # face.DICE_PER_PLAYER
DEFAULT_TARGET = 4000  # face.DEFAULT_TARGET
# the answers first: `sweep show` fits the first columns beside the key (which is the loadout)
COLUMNS = (
    Column("expected_points", "REAL", "expected points per turn with the best play (NULL: see note)"),
    Column("win_average", "REAL", "win chance against --opponent-dice, the average of moving first and second "
           "(NULL: no opponent)"),
    Column("win_first", "REAL", "win chance of the race-aware match against --opponent-dice, moving first"),
    Column("win_second", "REAL", "the same, moving second"),
    *(Column(f"bust_{n}", "REAL", f"bust chance rolling {n} dice left (worst case over which dice)")
      for n in range(1, SIX + 1)),
    Column("note", "TEXT", "why values are NULL: an unbounded turn or a solve refused by a guard"),
    Column("dice", "TEXT", "the loadout, as farkle commands read it: 'ordinary*4, lucky, odd'"),
)


def _die_text(die) -> str:
    """One die as farkle commands read it: its name, or custom:weights[:jK]."""
    return face.dice_text([die])


def _kinds(dice: Sequence[Any]) -> list[list[Any]]:
    """[[die text, how many]] in a canonical order: named dice as the game lists them, then custom dice by text."""
    named = list(face.NAMED_DICE)
    counts: dict[str, int] = {}
    for die in dice:
        text = _die_text(die)
        counts[text] = counts.get(text, 0) + 1
    order = sorted(counts, key=lambda t: (0, named.index(t), "") if t in named else (1, 0, t))
    return [[t, counts[t]] for t in order]


def definition(dice: str | None = None, owned: str | None = None, opponent_dice: str | None = None,
               target: int | str = DEFAULT_TARGET) -> dict:
    """The checked, canonical definition: the dice to choose from (kind, how many of it), and the opponent and
    target when matches are asked for (both part of the sweep's identity: other ones are another sweep)."""
    if dice is not None and owned is not None:
        raise InputError("give --dice all-named or --owned LIST, not both")
    if dice is not None:
        if str(dice).strip().lower() != "all-named":
            raise InputError(f"--dice takes all-named (every distinct named die, up to six of each), got {shown(dice)}; "
                             "for a list of dice use --owned")
        # one die of each group of re-skins: dice that roll alike make loadouts that score alike
        pool: list[list[Any]] = [[name, SIX] for name in dict.fromkeys(face.DICE_GROUPS.values())]
    elif owned is not None:
        with named("owned"):
            pool = _kinds(face.parse_dice(owned))
        total = sum(n for _, n in pool)
        if total < SIX:
            raise InputError(f"--owned needs at least {SIX} dice, got {total}")
        pool = [[t, min(n, SIX)] for t, n in pool]  # a seventh die of a kind adds no loadout
    else:
        raise InputError("give --dice all-named or --owned LIST (the dice to choose six from)")
    out: dict = {"pool": pool, "opponent_dice": None, "target": None}
    if opponent_dice is None:
        if str(target).strip() != str(DEFAULT_TARGET):
            raise InputError("is the match's target: give it with --opponent-dice DICE", field="target")
        return out
    with named("opponent_dice"):
        other = face.parse_loadout(opponent_dice, "opponent_dice")
    target = face.check_target(target)
    try:
        face.solve_turn(tuple(other))  # refused here (unbounded, too long) rather than in every row
    except InputError as err:
        raise InputError(err.reason, field="opponent_dice", sep=": ") from None
    widest = _widest(pool)
    # a six of the most unlike dice is about the costliest match: beyond the guard, most rows would be refused
    try:
        face.check_match_cost(widest, tuple(other), target, what="target")
    except InputError as err:
        raise InputError(f"{err.reason} (a six of the most unlike dice: {face.dice_text(widest)})", field="target") from None
    out.update(opponent_dice=face.dice_text(other), target=target)
    return out


def _widest(pool: list[list[Any]]) -> tuple[Any, ...]:
    """A six of the pool with as many kinds of dice (by weights) as it has, up to six: about the costliest match
    (a turn's table grows with the kinds of dice in it); jokers first (a joker makes more combinations), then
    dice that roll every face (a face that never comes up leaves fewer rolls to tell apart), then the pool's
    order. Not always the costliest: a row beyond the guard is still refused alone, with a note."""
    dice = [(face.parse_loadout(f"{text}*{SIX}")[0], most) for text, most in pool]
    order = sorted(range(len(dice)), key=lambda i: (not dice[i][0].joker_faces,
                                                    sum(w == 0 for w in dice[i][0].weights)))
    chosen: list[Any] = []
    left: list[Any] = []
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    for i in order:
        die, most = dice[i]
        kind = (die.weights, die.joker_faces)
        if kind not in seen and len(chosen) < SIX:
            seen.add(kind)
            chosen.append(die)
            most -= 1
        left += [die] * most
    names = [text for text, _ in pool]
    return tuple(sorted(chosen + left[:SIX - len(chosen)], key=lambda die: names.index(face.dice_text([die]))))


def count(definition: dict) -> int:
    """How many loadouts: multisets of six from the pool's kinds, each at most as often as the pool has it
    (ways[k] over the kinds so far; for 32 kinds of 6 each this is C(37, 6) = 2,324,784)."""
    ways = [1] + [0] * SIX
    for _, most in definition["pool"]:
        ways = [sum(ways[k - j] for j in range(min(k, most) + 1)) for k in range(SIX + 1)]
    return ways[SIX]


def items(definition: dict) -> Iterator[tuple[str, dict]]:
    """(key, item) per loadout: the pool's first kind taken most first; key and item the loadout's text."""
    pool = definition["pool"]

    def walk(index: int, left: int, chosen: list[tuple[str, int]]) -> Iterator[tuple[str, dict]]:
        if left == 0:
            text = ", ".join(t if n == 1 else f"{t}*{n}" for t, n in chosen)
            yield text, {"dice": text}
            return
        if index == len(pool):
            return
        text, most = pool[index]
        for n in range(min(left, most), -1, -1):
            yield from walk(index + 1, left - n, chosen + [(text, n)] if n else chosen)

    yield from walk(0, SIX, [])


def loadout(item: dict) -> tuple:
    """An item's six dice (face.Die each)."""
    return face.parse_loadout(item["dice"])


def _row(item: dict) -> dict:
    return {"dice": item["dice"], "expected_points": None, **{f"bust_{n}": None for n in range(1, SIX + 1)},
            "win_average": None, "win_first": None, "win_second": None, "note": None}


def solve(definition: dict, items: list[dict]) -> list[dict]:
    """One row per loadout: `turn_report` (expected points, bust chances) and with an opponent one
    `solve_match` (race-aware, on one thread: a worker is one core), whose solve holds both players' chances.
    Unbounded turns and refused solves give NULLs and a note instead of failing the chunk."""
    opponent = definition["opponent_dice"]
    other = None if opponent is None else face.parse_loadout(opponent, "opponent_dice")
    target = definition["target"]
    rows = []
    for item in items:
        row = _row(item)
        dice = loadout(item)
        try:
            plan = face.turn_plan(dice, keep=False)  # thousands of loadouts: nothing kept a loadout
            if plan.unbounded is not None:
                row["note"] = f"unbounded turn: {plan.unbounded}"
            elif plan.work > face.LOADOUT_TURN_MAX_WORK:
                row["note"] = (f"refused: its turn alone is a solve of {plan.work:.1e} steps (a loadout search "
                               f"allows {face.LOADOUT_TURN_MAX_WORK:.0e}); solve it with 'farkle turn'")
            else:
                report = face.turn_report(dice, keep=False)
                row["expected_points"] = float(report.expected_points)
                for n in range(1, SIX + 1):
                    value = report.bust_chance.get(str(n))
                    row[f"bust_{n}"] = None if value is None else float(value)
                if other is not None:
                    match = face.solve_match(dice, other, target, workers=1)
                    first, second = float(match.first_player_win), float(match.win_moving_second)
                    # as best_loadouts: who moves first is a coin toss
                    row.update(win_first=first, win_second=second, win_average=(first + second) / 2)
        except InputError as err:
            row["note"] = f"refused: {err}"
        rows.append(row)
    return rows


def rank(definition: dict) -> str | None:
    """The column `sweep show` sorts by, largest first, when no --sort is given: with an opponent the average win
    chance (as `best_loadouts` ranks); without, None (by key)."""
    return "win_average" if definition.get("opponent_dice") is not None else None


def plot(rows: list[dict], definition: dict, path: str) -> None:
    """Expected points per turn against the win chance (moving first and second) with an opponent; without,
    against the bust chance rolling six dice."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 4.8), layout="constrained")
    solved = [r for r in rows if r.get("expected_points") is not None]
    many = len(solved) > 2000
    size = 2 if many else 5
    if definition.get("opponent_dice") is not None:
        for key, label, colour, marker in (("win_first", "moving first", OKABE_ITO["blue"], "o"),
                                           ("win_second", "moving second", OKABE_ITO["orange"], "s")):
            pts = [(r["expected_points"], 100 * r[key]) for r in solved if r.get(key) is not None]
            ax.plot([x for x, _ in pts], [y for _, y in pts], linestyle="none", marker=marker, markersize=size,
                    color=colour, label=label, rasterized=many)
        ax.axhline(50, color=OKABE_ITO["black"], linestyle=":", linewidth=1)
        ax.set_ylabel(f"win chance against {definition['opponent_dice']} (%)")
        ax.legend(fontsize="small", loc="best")
        title = f"matches to {definition['target']:,}"
    else:
        pts = [(r["expected_points"], 100 * r["bust_6"]) for r in solved if r.get("bust_6") is not None]
        ax.plot([x for x, _ in pts], [y for _, y in pts], linestyle="none", marker="o", markersize=size,
                color=OKABE_ITO["blue"], rasterized=many)
        ax.set_ylabel("bust chance rolling six dice (%)")
        title = "one turn each"
    points = [r["expected_points"] for r in solved]
    if points and min(points) > 0 and max(points) > 10 * min(points):  # all named dice: about 300 to 18,000
        from matplotlib.ticker import FuncFormatter, LogLocator

        ax.set_xscale("log")
        # 1, 2, 5 in each decade: a decade's ticks alone leave a span of 300 to 30,000 with two labels
        ax.xaxis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
        ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"{x:,.0f}"))
        ax.xaxis.set_minor_formatter(FuncFormatter(lambda x, _: ""))
        ax.set_xlabel("expected points per turn (log scale)")
    else:
        ax.set_xlabel("expected points per turn")
    left_out = len(rows) - len(solved)
    ax.set_title(f"Farkle: {len(solved):,} loadouts, {title}" + (f" ({left_out:,} unbounded or refused)"
                                                                 if left_out else ""), fontsize="medium")
    ax.grid(True, alpha=0.3, which="both")
    save_figure(fig, path)
