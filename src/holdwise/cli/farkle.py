"""holdwise farkle: the coaching table, hints, race-aware matches, loadouts, the dice, the rules, a game to play."""

from __future__ import annotations

import math

import typer

from .. import i18n
from ..i18n import gettext as _
from ..phrases import say
from ._common import check_plot_path, console, emit_json, new_app, progress
from ._play import TerminalGame, run
from .farkle_report import plot_coaching, plot_match, plot_report, print_badge_report, print_report, print_rules, short
from .farkle_play import option_text, render, prompt, summary
from .farkle_turn import print_turn
from .farkle_search import farkle_search

__all__ = ["farkle_app", "render_hint"]

farkle_app = new_app(
    "Farkle as in Kingdom Come: Deliverance: the coaching table, hints, race-aware matches, loadouts, the "
    "named dice, and a match against the computer.\n\n"
    "Example: holdwise farkle hint 1 1 5 2 3 4 --turn-total 300",
)

DICE_HELP = ("Six dice, comma-separated names (see 'holdwise farkle dice'; 'lucky*2' repeats; "
             "'custom:1,1,1,1,1,2' gives the weights of faces 1-6, ':j1' makes face 1 a joker). "
             "Default: six ordinary dice.")
TARGET_HELP = ("Points to win the match: a multiple of 50, at most 20000. Every pair of named loadouts is solved to "
               "4000 (minutes for unlike dice, with the time left shown); beyond the guard the error names the largest "
               "target accepted for the dice.")
JSON_OPTION = typer.Option(False, "--json", help="Print JSON.")
DICE_OPTION = typer.Option(None, "--dice", help=DICE_HELP)
TARGET_OPTION = typer.Option("4000", "--target", metavar="N", help=TARGET_HELP)
OPPONENT_DICE_OPTION = typer.Option(None, "--opponent-dice", help="The opponent's six dice (default: yours).")
TOP_ROWS = 10
BADGES_HELP = ("The first player's badges, comma-separated: effect-tier ('warlord-tin,doppelganger-silver'); "
               "modelled: headstart, defence, warlord, doppelganger, resurrection, fortune, transmutation, "
               "swap-out, wedding-gold, emperor-gold, advantage-cut/-gallows/-eye (docs/reference/badges.md).")



def _face():
    """The game's face, imported when a command runs (NumPy and the solvers: other games' commands skip that)."""
    from ..games import farkle

    return farkle


def _pair_share(done: int, total: int) -> float:
    """The share of the work done after `done` of `total` score pairs (for the time left): one solve's g^2
    pairs, or two solves' 2 g^2 (`farkle match` solves race-aware and race-blind play, told as one count)."""
    for solves in (1, 2):
        g = math.isqrt(total // solves)
        if solves * g * g == total and g > 0:
            whole, part = divmod(done, g * g)
            return min(1.0, (whole + _face().work_fraction(part, g)) / solves)
    return done / total if total else 0.0


@farkle_app.command("turn")
def farkle_turn(
    dice: str | None = DICE_OPTION,
    plot: str | None = typer.Option(None, "--plot", help="Draw the coaching table (roll or bank) to FILE.png "
                                                              "or FILE.svg."),
    show_all: bool = typer.Option(False, "--all", help="List every set of dice left (with unlike dice)."),
    as_json: bool = JSON_OPTION,
):
    """One turn solved exactly: expected points, bust chance and bank threshold per number of dice left.

    Example: holdwise farkle turn --dice weighted,lucky,ordinary*4
    """
    check_plot_path(plot)
    loadout = _face().parse_loadout(dice)
    report = _face().turn_report(loadout)
    if plot is not None:
        plot_coaching(_face().coaching_chart(loadout), plot)
    if as_json:
        emit_json(report)
        return
    print_turn(report, show_all, () if plot is None else (_("plot written to %(path)s") % {"path": plot},))


def render_hint(result, request, show_all: bool) -> None:
    """A hint at the terminal: the roll, the measure, the first TOP_ROWS options (all with show_all)."""
    from rich.table import Table

    win = result.measure == "win_chance"
    out = console()
    num = i18n.numbers()
    rolled = " ".join(result.position["roll"])
    if result.position["bust"]:
        out.print(_("Roll %(roll)s: bust, no legal selection; the turn scores nothing.") % {"roll": rolled})
        return
    what = _("win chance (race-aware)") if win else _("expected banked points (coaching table)")
    out.print(_("Roll %(roll)s at turn total %(total)s: %(what)s")
              % {"roll": rolled, "total": num.whole(request.turn_total), "what": what})
    t = Table()
    t.add_column(_("option"))
    for col in (_("scores"), _("total"), _("dice left"), _("value"), _("loss")):
        t.add_column(col, justify="right", no_wrap=True)
    shown = result.options if show_all else result.options[:TOP_ROWS]
    pp = _("pp")  # percentage points: "b. b." in Slovak, "p. b." in Czech
    for o in shown:
        left = str(o.extras["dice_left"]) + (" " + _("hot") if o.extras["hot_dice"] else "")
        value = num.percent(o.value, 2) if win else num.decimal(o.value, 1, group=True)
        loss = f"{num.decimal(100 * o.loss, 2)} {pp}" if win else num.decimal(o.loss, 1, group=True)
        t.add_row(say(o.option), num.whole(o.extras["score"]), num.whole(o.extras["turn_total"]), left, value, loss)
    out.print(t)
    if len(shown) < len(result.options):
        out.print(_("... %(n)d more options (--all lists them)") % {"n": len(result.options) - len(shown)})
    if win:
        out.print(_("loss in percentage points (pp) of win chance; 'hot': all dice used, six dice again"))
    else:
        out.print(_("'hot': all dice used (hot dice), six dice again"))


@farkle_app.command("match")
def farkle_match(
    target: str = TARGET_OPTION,
    dice: str | None = typer.Option(None, "--dice", help="The first player's dice. " + DICE_HELP),
    opponent_dice: str | None = typer.Option(None, "--opponent-dice", help="The second player's dice."),
    plot: str | None = typer.Option(None, "--plot", help="Draw the win chance over both scores to FILE.png "
                                                              "or FILE.svg."),
    badges: str | None = typer.Option(None, "--badges", help=BADGES_HELP),
    opponent_badges: str | None = typer.Option(None, "--opponent-badges", help="The second player's badges."),
    as_json: bool = JSON_OPTION,
):
    """A match to the target: win chances, both race-aware and race-aware against the coaching table.

    Example: holdwise farkle match --target 1500
    """
    target = _face().check_target(target)
    check_plot_path(plot)
    first = _face().parse_loadout(dice)
    second = _face().parse_loadout(opponent_dice, "opponent_dice") if opponent_dice else None
    if badges or opponent_badges:  # the start win chance with them, without, and each badge's worth
        mine, theirs = _face().parse_badges(badges), _face().parse_badges(opponent_badges)
        with progress("score pair") as update:
            report = _face().badge_report(first, second, int(target), mine, theirs, progress=update)
        return emit_json(report) if as_json else print_badge_report(report, int(target))
    _face().check_match_cost(first, second, target, solves=2)
    with progress("score pair", share=_pair_share) as update:
        report = _face().match_report(first, second, target, progress=update)
    if plot is not None:
        plot_match(_face().match_chart(first, second, target), plot)
    if as_json:
        emit_json(report)
        return
    out = console()
    num = i18n.numbers()
    out.print(_("Match to %(target)s: the first player wins %(share)s when both play to win.")
              % {"target": num.whole(int(target)), "share": num.percent(report.first_player_win_chance, 3)})
    out.print(_("Race-aware play against the race-blind coaching table wins %(first)s moving first and %(second)s "
                "moving second.") % {"first": num.percent(report.race_aware_vs_race_blind, 3),
                                     "second": num.percent(report.race_aware_second_vs_race_blind, 3)})
    out.print("(" + _("%(method)s, to %(tolerance)s; %(seconds)s s") % {
        "method": say(_face().MATCH_METHOD), "tolerance": num.general(report.tolerance),
        "seconds": num.decimal(report.seconds, 1)} + ")")
    if plot is not None:
        out.print(_("plot written to %(path)s") % {"path": plot})


@farkle_app.command("report")
def farkle_report(
    dice: str | None = typer.Option(None, "--dice", help="Your dice. " + DICE_HELP),
    opponent_dice: str | None = OPPONENT_DICE_OPTION,
    target: str = TARGET_OPTION,
    plot: str | None = typer.Option(None, "--plot", help="Draw the race-aware bank threshold over both scores, one "
                                                              "map per number of dice left, to FILE.png or FILE.svg."),
    as_json: bool = JSON_OPTION,
):
    """Where playing to win the match and the coaching table part ways: bank thresholds over both scores,
    the disagreements and their cost in win chance, who is favoured, and findings in plain words.

    Example: holdwise farkle report --target 1000
    """
    target = _face().check_target(target)
    check_plot_path(plot)
    first = _face().parse_loadout(dice)
    second = _face().parse_loadout(opponent_dice, "opponent_dice") if opponent_dice else None
    _face().check_match_cost(first, second, target, store=True)
    with progress("score pair") as update:
        report = _face().strategy_report(first, second, target, progress=update)
    if plot is not None:
        plot_report(report, plot)
    if as_json:
        emit_json(report)
        return
    print_report(report)
    if plot is not None:
        console().print(f"plot written to {plot}")


@farkle_app.command("loadout")
def farkle_loadout(
    owned: str = typer.Option(..., "--owned", help="The dice you own, comma-separated (at least six)."),
    top: str = typer.Option("5", "--top", metavar="N", help="How many loadouts to list (at least 1)."),
    opponent_dice: str | None = typer.Option(None, "--opponent-dice",
                                                help="Rank by the win chance in a match against these dice "
                                                     "(every choice's matches solved)."),
    target: str = typer.Option("4000", "--target", metavar="N",
                               help="Match target for --opponent-dice. " + TARGET_HELP),
    badge: str | None = typer.Option(None, "--badge", metavar="BADGE",
                                     help="With --opponent-dice: rank the listed loadouts by the win chance with "
                                          "this badge (e.g. fortune-gold), each solved again with it."),
    as_json: bool = JSON_OPTION,
):
    """The six of your dice that maximize the expected points per turn, or with --opponent-dice the win chance
    in a match against those dice (every choice solved exactly); with --badge the leaders weighed with a badge.

    Example: holdwise farkle loadout --owned ordinary*4,weighted,lucky,odd,kings --opponent-dice ordinary*6
    """
    target = _face().check_target(target)
    top = _face().parse_whole(top, "top", 1)
    dice = _face().parse_dice(owned)
    other = _face().parse_loadout(opponent_dice, "opponent_dice") if opponent_dice else None
    weighed = None
    if badge:
        weighed = _face().parse_badges(badge)
        if len(weighed) != 1:
            raise typer.BadParameter("weigh one badge at a time (--badge fortune-gold)", param_hint="--badge")
    with progress("loadout") as update:
        ranking = _face().best_loadouts(dice, top=top, opponent_dice=other, target=target, progress=update,
                                        badge=weighed[0] if weighed else None)
    if as_json:
        emit_json(ranking)
        return
    from rich.table import Table

    out = console()
    num = i18n.numbers()
    by = _("expected points per turn") if other is None else \
        _("win chance in a match to %(target)s") % {"target": num.whole(int(target))}
    out.print(_("Best loadouts of %(n)s choices (by %(by)s)") % {"n": num.whole(ranking.choices), "by": by})
    t = Table()
    t.add_column(_("rank"), justify="right", no_wrap=True)
    t.add_column(_("dice"))
    t.add_column(_("points"), justify="right", no_wrap=True)
    if other is not None:
        t.add_column(_("win"), justify="right", no_wrap=True)
        # with a badge: the win chance with it and what it adds, in place of first and second (80 columns)
        t.add_column(_("first") if ranking.badge is None else _("badge"), justify="right", no_wrap=True)
        t.add_column(_("second") if ranking.badge is None else _("adds"), justify="right", no_wrap=True)
    for i, row in enumerate(ranking.loadouts, 1):
        cells = [str(i), short(row.dice), num.decimal(row.expected_points, 2, group=True)]
        if ranking.badge is not None:
            cells += [num.percent(row.win_average, 2), num.percent(row.badge_win_average, 2),
                      num.decimal(100 * row.badge_worth, 2) + " " + _("pp")]
        elif other is not None:
            cells += [num.percent(row.win_average, 2), num.percent(row.win_first, 2), num.percent(row.win_second, 2)]
        t.add_row(*cells)
    out.print(t)
    if weighed:
        out.print(_("ranked by the win chance with the %(badge)s against %(dice)s (the average of moving first and "
                    "second); 'adds': what the badge adds to the win chance without it")
                  % {"badge": say(weighed[0].title), "dice": short(ranking.opponent_dice)})
    elif other is not None:
        out.print(_("win chances against %(dice)s, both playing to win: moving first, second, and their average (who "
                    "starts by a coin toss)") % {"dice": short(ranking.opponent_dice)})
    if ranking.unbounded:
        out.print(i18n.ngettext("not ranked: %(n)s choice whose turn is unbounded (it can roll forever without risk), "
                                "e.g. %(dice)s", "not ranked: %(n)s choices whose turn is unbounded (they can roll "
                                "forever without risk), e.g. %(dice)s", len(ranking.unbounded))
                  % {"n": num.whole(len(ranking.unbounded)), "dice": short(ranking.unbounded[0])})


farkle_app.command("search")(farkle_search)


@farkle_app.command("dice")
def farkle_dice(
    as_json: bool = JSON_OPTION,
):
    """Every die of Kingdom Come II by its name in the game: its id, the weights of faces 1-6, and its
    strength (expected points per turn with six of it, and with three of it beside three ordinary dice).

    Example: holdwise farkle dice
    """
    listing = _face().list_dice(strength=True)
    if as_json:
        emit_json(listing)
        return
    from rich import box
    from rich.table import Table

    def points(value: float | None) -> str:
        return _("unbounded") if value is None else i18n.numbers().decimal(value, 1, group=True)

    t = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    t.add_column(_("die"), no_wrap=True)
    t.add_column("id", no_wrap=True)
    t.add_column(_("weights 1-6"), no_wrap=True)
    t.add_column(_("alone"), justify="right", no_wrap=True)
    t.add_column(_("w/ 3 ord."), justify="right", no_wrap=True)
    for die in listing.dice:
        weights = ",".join(f"{w}{listing.joker_symbol}" if shown == listing.joker_symbol else str(w)
                           for w, shown in zip(die.weights, die.faces, strict=True))
        t.add_row(die.name, die.id, weights, points(die.points_alone), points(die.points_beside_ordinary))
    out = console()
    out.print(_("Kingdom Come II dice: weights of faces 1-6 (chance = weight / their sum) and expected points per "
                "turn with six of the die ('alone') and with three of it beside three ordinary dice ('w/ 3 ord.')."))
    out.print(t)
    groups: dict[str, list[str]] = {}
    for die in listing.dice:
        groups.setdefault(die.group, []).append(die.name)
    alike = ["; ".join(", ".join(names) for names in groups.values() if len(names) > 1)]
    out.print(_("Roll alike (re-skins): %(dice)s.") % {"dice": alike[0]})
    # typing is for the command line: the web shows the same listing, where nothing is typed
    out.print(f"{listing.joker}.")
    out.print(_("At the command line, type %(joker)s (or 1) for it in a roll, and a die by its id or its name "
                "('lucky' or \"Lucky die\"). Sources per die: --json, docs/reference/kcd-dice.md.")
              % {"joker": listing.joker_symbol})


@farkle_app.command("rules")
def farkle_rules(
    as_json: bool = JSON_OPTION,
):
    """The rules: what scores (every figure from the scoring function), bust, hot dice, the match, the dice.

    Example: holdwise farkle rules
    """
    if as_json:
        emit_json(_face().rules_sheet())  # JSON stays English: an API
        return
    print_rules(_face().rules_sheet(translate=i18n.gettext, whole=i18n.numbers().whole))


@farkle_app.command("play")
def farkle_play(
    seed: str | None = typer.Option(None, "--seed", metavar="N",
                                    help="Seed of the dice, 0 to 2^63-1 (default: a random one)."),
    target: str = TARGET_OPTION,
    dice: str | None = typer.Option(None, "--dice", help="Your six dice. " + DICE_HELP),
    opponent_dice: str | None = typer.Option(None, "--opponent-dice", help="The computer's six dice."),
    computer_dice: str | None = typer.Option(None, "--computer-dice", hidden=True),  # the old spelling
    computer: str = typer.Option("race-aware", "--computer",
                                 help="The computer's play: race-aware (the match optimum; hints in win chance) "
                                      "or coaching (the one-turn table; hints in expected points)."),
    first: str = typer.Option("player", "--first", help="Who rolls first in game 1: player or computer."),
    badges: str | None = typer.Option(None, "--badges", help=BADGES_HELP.replace("first player", "player")),
    opponent_badges: str | None = typer.Option(None, "--opponent-badges", help="The computer's badges."),
):
    """Play a match against the computer in the terminal.

    Example: holdwise farkle play --target 2000 --seed 7
    """
    import secrets

    options = {"target": target, "dice": dice, "computer_dice": opponent_dice or computer_dice, "computer": computer,
               "first": first, "badges": badges, "computer_badges": opponent_badges}
    seed = None if seed is None else _face().parse_seed(seed)
    options = _face().normalize_options(options)
    with progress("score pair", share=_pair_share) as update:
        options = _face().prepare(options, progress=update)
    state = _face().new_game(options, secrets.randbelow(2**31) if seed is None else seed)
    measure = _face().measure_of(options).replace("_", " ")
    game = TerminalGame(
        face=_face(),
        rules=(_("Farkle (KCD): set scoring dice aside (1: 100, 5: 50, triples, straights), then"),
               _("roll the rest or bank. No score: bust. All six used: hot dice. J is a joker."),
               _("First to %(target)s wins at once; the computer plays %(computer)s (hints: %(measure)s).")
               % {"target": i18n.numbers().whole(options["target"]), "computer": options["computer"],
                  "measure": {"win chance": _("win chance"), "expected points": _("expected points")}.get(measure,
                                                                                                          measure)}),
        keys=_("r roll; '1 5' keep & roll, '1 5 b' keep & bank; with badges: d doubles, w Warlord's bank"),
        render=render, prompt=prompt, summary=summary, option_text=option_text(_face().measure_of(options)),
    )
    run(game, state)
