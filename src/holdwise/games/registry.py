"""The one registry of built-in games: a `GameInfo` per game, from which every interface's list derives.

The command line's game groups, the web app's routers, warm-ups, pages and menu, and the sweep kinds are all
read from `GAMES`; no other module spells a list of games (a test checks it). A built-in game is its folder
plus one entry here; a plug-in game calls `holdwise.games.register` instead. Nothing here imports a game: the
registry stays light for `holdwise --help`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import N_  # the titles are translated where they are shown

__all__ = ["GAMES", "GameInfo", "Page"]


@dataclass(frozen=True)
class Page:
    """One page of the web lab: its path, its title and one-line blurb on the home page, its menu label."""

    path: str
    title: str
    blurb: str
    label: str


@dataclass(frozen=True)
class GameInfo:
    """What the interfaces need to know of a game, by name; every module is named, none imported here.

    `id` is the command line's and the URL's spelling; `title` the menu group's name; `face` the module of
    the game's public face (the `GameFace` protocol). `cli` names a module under `holdwise.cli` that defines
    `<cli>_app` (the game's own commands) and may define `render_hint` (how `holdwise <id> hint` prints);
    `web` names modules under `holdwise.web`, each with a `router` and optionally `warm()` and
    `hint_pending`; `pages` are the game's own pages (a game without any gets the generic `/play/<id>`);
    `sweeps` pairs a sweep command's name with its module under `holdwise.sweep.kinds`.
    """

    id: str
    title: str
    face: str
    cli: str | None = None
    web: tuple[str, ...] = ()
    pages: tuple[Page, ...] = ()
    sweeps: tuple[tuple[str, str], ...] = ()


GAMES: tuple[GameInfo, ...] = (
    GameInfo(
        id="farkle", title=N_("Farkle"), face="holdwise.games.farkle", cli="farkle",
        web=("farkle", "farkle_loadouts", "farkle_search", "farkle_report", "farkle_badges"),
        pages=(
            Page("/farkle", N_("Kingdom Come dice: practice table"),
                 N_("Play Farkle against the computer with your own dice; a coach shows every choice's win chance."),
                 N_("Practice table")),
            Page("/farkle/report", N_("Kingdom Come dice: strategy report"),
                 N_("Where playing to win the match and the one-turn coaching table part ways, and what it costs."),
                 N_("Strategy report")),
        ),
        sweeps=(("farkle-loadouts", "farkle_loadouts"), ("farkle-ranking", "farkle_ranking")),
    ),
    GameInfo(
        id="dice-poker", title=N_("Dice poker"), face="holdwise.games.dice_poker", cli="dice_poker", web=("dice_poker",),
        pages=(
            Page("/dice-poker", N_("Dice poker: depth lab"),
                 N_("Edit a payout table and see at once what it returns and how deep it plays."), N_("Depth lab")),
        ),
        sweeps=(("dice-poker", "dice_poker"),),
    ),
    GameInfo(
        id="video-poker", title=N_("Video poker"), face="holdwise.games.video_poker", cli="video_poker",
        web=("video_poker", "video_poker_reports", "video_poker_editor"),
        pages=(
            Page("/video-poker", N_("Video poker: the machine, with hint and trainer"),
                 N_("Play any pay table; the hint ranks every hold, the trainer prices each mistake and names the "
                 "chart line."), N_("The machine")),
            Page("/video-poker/analyzer", N_("Video poker: hand analyzer"),
                 N_("Any five cards: every hold's exact value and its draw counts, for any game."), N_("Hand analyzer")),
            Page("/video-poker/fairness", N_("Video poker: fairness"),
                 N_("Every game's exact return at 5 coins and at 1-4 coins, with its return table."), N_("Fairness")),
            Page("/video-poker/strategy", N_("Video poker: strategy charts"),
                 N_("Each game's derived chart and cost curve; paste your own chart and see its exact cost."),
                 N_("Strategy charts")),
            Page("/video-poker/editor", N_("Video poker: pay-table editor"),
                 N_("Type the pay table of the machine in front of you: its exact return, return table, short chart "
                 "and a link to play it."), N_("Pay-table editor")),
        ),
        sweeps=(("video-poker", "video_poker"),),
    ),
    GameInfo(
        id="poker-dice", title=N_("Poker dice"), face="holdwise.games.poker_dice", cli="poker_dice",
        web=("poker_dice",),
        pages=(
            Page("/poker-dice", N_("Poker dice: the table"),
                 N_("Play poker dice against the computer, two to six players, any variant; the hint shows each "
                 "keep's win chance."), N_("The table")),
            Page("/poker-dice/odds", N_("Poker dice: odds"), N_("The exact chance of every hand for the chosen variant."),
                 N_("Odds")),
            Page("/poker-dice/cards", N_("Poker dice with card dice"),
                 N_("Royal (12-sided, 52 cards and wild stars) or octahedral (7 to A, suited) dice against the "
                 "computer; the hint names the dice to keep and each keep's win chance, and the odds of one roll."),
                 N_("Card dice")),
        ),
    ),
    GameInfo(id="dice-duel", title=N_("Dice-poker duel"), face="holdwise.games.dice_duel", cli="dice_duel"),
    GameInfo(id="liars-dice", title=N_("Liar's Dice"), face="holdwise.games.liars_dice", cli="liars_dice"),
    GameInfo(
        id="yahtzee", title=N_("Yahtzee"), face="holdwise.games.yahtzee", cli="yahtzee", web=("yahtzee",),
        pages=(
            Page("/yahtzee", N_("Yahtzee: the table"),
                 N_("Solitaire Yahtzee, Yatzy or Balut with the exact optimum: the hint ranks every keep and box by "
                 "expected final score, the review prices each decision, and your score is shown on the "
                 "distribution of optimal play."), N_("The table")),
        ),
    ),
)
