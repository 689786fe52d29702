"""holdwise farkle search: which six of the dice you own to bring, every set the inventory allows ranked exactly."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from .. import i18n
from ..i18n import gettext as _
from ._common import JSON_OPTION, console, emit_json, progress, time_words
from .farkle_report import short

if TYPE_CHECKING:
    from ..games import farkle

__all__ = ["farkle_search", "print_search"]

TARGET_HELP = "Points to win the match: a multiple of 50, at most 20000."


def _face():
    """The game's face, imported when the command runs."""
    from ..games import farkle

    return farkle


def farkle_search(
    owned: str = typer.Option(..., "--owned", help="The dice you own, comma-separated ('lucky*2' repeats); "
                                                   "Ordinary dice fill the rest of a set; 'all-named': six of every "
                                                   "distinct named die."),
    top: str = typer.Option("10", "--top", metavar="N", help="How many sets to list (1 to 1000)."),
    need: str | None = typer.Option(None, "--need", metavar="N",
                                    help="Rank by a turn played to N points still needed (the expected "
                                         "min(banked, N)) instead of expected points per turn."),
    opponent_dice: str | None = typer.Option(None, "--opponent-dice",
                                             help="Also the race-aware win chance of the leaders against these "
                                                  "dice in a match to --target."),
    target: str = typer.Option("4000", "--target", metavar="N", help="Match target for --opponent-dice. "
                                                                      + TARGET_HELP),
    race_top: str = typer.Option("3", "--race-top", metavar="K",
                                 help="How many leaders get the race-aware match (0 to 10)."),
    workers: int = typer.Option(2, "--workers", min=1, max=64, help="Processes to search with."),
    db: str = typer.Option("holdwise-results.sqlite", "--db", help="A results file: every named die six each "
                           "is answered from its finished 'sweep farkle-ranking' when it holds one."),
    as_json: bool = JSON_OPTION,
):
    """Every set of six the dice you own allow, ranked exactly: the best listed, every other set proven
    below them by an upper bound (sets solved exactly only where the bound cannot tell). Ctrl-C stops the
    search and lists the best found so far.

    Example: holdwise farkle search --owned lucky,odd,kings*2,weighted,heavenly-kingdom
    """
    face = _face()
    request = face.parse_inventory(owned, top=top, need=need, opponent_dice=opponent_dice, target=target,
                                   race_top=race_top)
    err = console(stderr=True)
    if face.is_whole_domain(request):
        from .. import sweep

        stored = sweep.stored_farkle_ranking(db, request.top)
        if stored is not None:
            best = [(face.parse_loadout(text), points) for text, points in stored["top"]]
            result = face.stored_search(request, best, stored["threshold"], stored["exact_solves"],
                                        stored["seconds"])
            err.print(_("Read from %(path)s: the whole domain's ranking, made by 'holdwise sweep farkle-ranking'")
                      % {"path": db})
            if as_json:
                emit_json(result)
            else:
                print_search(result)
            return
    err.print(i18n.ngettext("Searching %(sets)s sets of six from your dice (Ordinary dice fill), about %(time)s on "
                            "%(n)d core; Ctrl-C stops it", "Searching %(sets)s sets of six from your dice (Ordinary "
                            "dice fill), about %(time)s on %(n)d cores; Ctrl-C stops it", workers)
              % {"sets": i18n.numbers().whole(request.sets), "time": time_words(face.estimate_seconds(request, workers)),
                 "n": workers})
    stopped = {"asked": False}

    def stop() -> bool:
        return stopped["asked"]

    import signal

    def interrupted(signum: int, frame: object) -> None:
        stopped["asked"] = True

    previous = signal.signal(signal.SIGINT, interrupted)
    try:
        with progress("sets") as update:
            result = face.search_inventory(request, workers=workers, progress=update, stop=stop)
    finally:
        signal.signal(signal.SIGINT, previous)
    if as_json:
        emit_json(result)
        return
    print_search(result)


def print_search(result: farkle.InventorySearch) -> None:
    """The ranking at 80 columns: rank, dice by their names in the game, the value (and the win chances)."""
    from rich.table import Table

    num = i18n.numbers()
    out = console()
    by = (_("expected points per turn") if result.need is None
          else _("a turn played to %(need)s points (expected min(banked, %(need)s))") % {"need": num.whole(result.need)})
    if result.complete:
        out.print(_("Best %(n)s of %(sets)s sets by %(by)s; every other set at most %(bound)s")
                  % {"n": num.whole(len(result.loadouts)), "sets": num.whole(result.sets), "by": by,
                     "bound": num.decimal(result.threshold, 2, group=True)})
    else:
        out.print(_("Stopped after %(examined)s of %(sets)s sets: the best found so far by %(by)s (not proven: sets "
                    "were left unexamined)") % {"examined": num.whole(result.examined), "sets": num.whole(result.sets),
                                                "by": by})
    raced = any(r.win_average is not None for r in result.loadouts)
    t = Table()
    t.add_column("#", justify="right", no_wrap=True)
    t.add_column(_("dice"))
    t.add_column(_("points"), justify="right", no_wrap=True)
    if raced:
        t.add_column(_("win"), justify="right", no_wrap=True)
    for i, row in enumerate(result.loadouts, 1):
        cells = [str(i), short(row.dice), num.decimal(row.expected_points, 2, group=True)]
        if raced:
            cells.append("" if row.win_average is None else num.percent(row.win_average, 2))
        t.add_row(*cells)
    out.print(t)
    if raced:
        out.print(_("win: the average of moving first and second in a match to %(target)s against %(dice)s, both "
                    "playing to win (for the leaders)") % {"target": num.whole(result.target or 0),
                                                           "dice": short(result.opponent_dice or ())})
    out.print(_("%(examined)s sets examined, %(solved)s solved exactly, the others ruled out by a proven bound, in "
                "%(time)s") % {"examined": num.whole(result.examined), "solved": num.whole(result.solved),
                               "time": time_words(result.seconds)})
    if result.left_out:
        out.print(_("left out: %(dice)s (every face scores alone: a turn with only them never ends)")
                  % {"dice": short(result.left_out)})
