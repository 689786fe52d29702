"""holdwise poker-dice: odds, the exact duel, a game against the computer, and the hint's table.

Thin: options are parsed here, the game's face (`holdwise.games.poker_dice`) does the work, and the
results are printed here (within 80 columns, or the results' JSON). The dice are one kind whatever they are
(`--rules six|royal|octahedral`, or a card-dice file): no command branches on the kind. `holdwise poker-dice
hint` is the generic hint command (`cli._hint`, from the face's HINT_FIELDS); `render_hint` prints its table.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

import typer

from .. import i18n
from ..i18n import gettext as _
from ..i18n import pgettext
from ..phrases import say
from ._common import JSON_OPTION, SEED_OPTION, console, emit_json, fmt, new_app, pct, progress
from ._play import TerminalGame, run

if TYPE_CHECKING:
    from ..games.base import Hint, Option, State
    from ..games.poker_dice import DiceKind

__all__ = ["poker_dice_app", "render_hint"]

poker_dice_app = new_app(
    "Poker dice for two to six players: odds, the exact duel, hints, a game against the computer.\n\n"
    "Variant flags (--no-straights, --straight-above-full-house, --flush-rule, --ace-high, --poker-faces) "
    "may stand before or after a command; --rules royal or octahedral plays card dice.\n\n"
    "Example: holdwise poker-dice hint 1 1 3 4 6 --rolls-left 2 --to-beat 66622\n\n"
    "Example: holdwise poker-dice --poker-faces play --players 3 --seed 7",
)

TOP_ROWS = 12  # hint rows shown without --all

NO_STRAIGHTS = typer.Option(False, "--no-straights", help="Straights count as busts.")
STRAIGHT_ABOVE = typer.Option(False, "--straight-above-full-house", help="A straight beats a full house.")
FLUSH_RULE = typer.Option(False, "--flush-rule", "--flush",
                          help="A straight to the king is a straight, to the ace a flush: five of a kind, "
                               "flush, four of a kind, straight, full house, ... (the rules page).")
ACE_HIGH = typer.Option(False, "--ace-high", help="1 ranks above 6 (1, 6, 5, 4, 3, 2).")
POKER_FACES = typer.Option(False, "--poker-faces",
                           help="Show faces as A K Q J 10 9 (input accepts them always; T for 10).")
PLAYERS = typer.Option("2", "--players", help="Players at the table: 2 to 6.")
ROLL_LIMIT = typer.Option(False, "--roll-limit", help="Later players may not roll more times than the first.")
RULES = typer.Option(None, "--rules", "--dice-set",
                     help="The dice: six (default), royal (card dice: 12-sided, 52 cards and 8 wild stars), "
                          "octahedral (8-sided, 7 to A, suited) or a TOML file of five card dice.")


@poker_dice_app.callback()
def _group(
    ctx: typer.Context,
    no_straights: bool = NO_STRAIGHTS, straight_above: bool = STRAIGHT_ABOVE, flush_rule: bool = FLUSH_RULE,
    ace_high: bool = ACE_HIGH, poker_faces: bool = POKER_FACES,
) -> None:
    """Poker dice for two to six players: odds, the exact duel, hints, a game against the computer.

    Example: holdwise poker-dice hint 1 1 3 4 6 --rolls-left 2 --to-beat 66622
    """
    # variant flags typed before the command, by their field names (the generic hint reads them from here too)
    given = {"straights": False if no_straights else None, "straight_above_full_house": straight_above or None,
             "flush": flush_rule or None, "ace_high": ace_high or None, "poker_faces": poker_faces or None}
    ctx.obj = {k: v for k, v in given.items() if v is not None}


def _kind(ctx: typer.Context, rules: str | None, no_straights: bool, straight_above: bool, flush_rule: bool,
          ace_high: bool, poker_faces: bool) -> DiceKind:
    """The dice from --rules and the flags typed before or after the command (a flag counts where it is given)."""
    from pathlib import Path

    from ..games import poker_dice as face

    before = ctx.obj if isinstance(ctx.obj, dict) else {}
    flags = {"straights": not (no_straights or before.get("straights") is False),
             "straight_above_full_house": straight_above or before.get("straight_above_full_house", False),
             "flush": flush_rule or before.get("flush", False), "ace_high": ace_high or before.get("ace_high", False),
             "poker_faces": poker_faces or before.get("poker_faces", False)}
    if any(v != (k == "straights") for k, v in flags.items() if k != "poker_faces") and (rules or "six") != "six":
        raise typer.BadParameter("the rule flags are for six-faced dice; card dice rank as card poker",
                                 param_hint="--rules")
    if rules is not None and rules.strip().lower() not in face.RULES:
        kind = face.dice_kind(face.resolve_set(Path(rules.strip()) if rules.strip() else rules))  # a file
    else:
        kind = face.dice_kind((rules or "six").strip().lower(), flags)
    return kind


def _solving(kind: DiceKind, players: int, roll_limit: bool) -> Any:  # noqa: ANN401 - a progress context
    """A progress bar while the table of `players` solves (once a machine: then it is read from the disk)."""
    seconds = kind.solve_seconds(players, roll_limit)
    return progress(f"{kind.name}: {players} players, solving (about {max(1, round(seconds))} s)",
                    enabled=seconds > 1)


@poker_dice_app.command("odds")
def poker_dice_odds(
    ctx: typer.Context,
    no_straights: bool = NO_STRAIGHTS, straight_above: bool = STRAIGHT_ABOVE, flush_rule: bool = FLUSH_RULE,
    ace_high: bool = ACE_HIGH, poker_faces: bool = POKER_FACES, rules: str | None = RULES,
    as_json: bool = JSON_OPTION,
) -> None:
    """Exact counts of every category over the 7,776 rolls of five dice (or every roll of a card dice set).

    Example: holdwise poker-dice odds --poker-faces

    Example: holdwise poker-dice odds --rules royal
    """
    kind = _kind(ctx, rules, no_straights, straight_above, flush_rule, ace_high, poker_faces)
    result: Any = kind.odds()
    if as_json:
        emit_json(result)
        return
    from rich.table import Table

    out = console()
    out.print(_("%(dice)s: first-roll hands out of %(n)s rolls")
              % {"dice": kind.name, "n": i18n.numbers().whole(result.outcomes)}, markup=False)
    table = Table()
    table.add_column(_("hand"))
    table.add_column(_("rolls"), justify="right")
    table.add_column(_("chance"), justify="right")
    for category in result.categories:
        table.add_row(kind.category_labels[category], i18n.numbers().whole(result.counts[category]),
                      pct(result.chances[category], 4))
    out.print(table)
    for line in kind.odds_notes(result):
        out.print(line, markup=False)


@poker_dice_app.command("duel")
def poker_dice_duel(
    ctx: typer.Context,
    players: str = PLAYERS, roll_limit: bool = ROLL_LIMIT,
    no_straights: bool = NO_STRAIGHTS, straight_above: bool = STRAIGHT_ABOVE, flush_rule: bool = FLUSH_RULE,
    ace_high: bool = ACE_HIGH, poker_faces: bool = POKER_FACES, rules: str | None = RULES,
    as_json: bool = JSON_OPTION,
) -> None:
    """Each player's win chance when everyone plays the exact strategy (ties replayed).

    Example: holdwise poker-dice duel --players 6 --roll-limit

    Example: holdwise poker-dice duel --rules octahedral --players 3
    """
    from ..games.poker_dice import parse_players

    kind = _kind(ctx, rules, no_straights, straight_above, flush_rule, ace_high, poker_faces)
    n = parse_players(players)
    with _solving(kind, n, roll_limit) as update:
        result = kind.duel(n, roll_limit, progress=update)
    if as_json:
        emit_json(result)
        return
    out = console()
    for i, chance in enumerate(result.win_chances, 1):
        out.print(_("player %(n)s wins %(share)s") % {"n": i, "share": pct(chance, 4)})
    out.print(_("(ties replayed exactly; fixed point to %(tolerance)s in %(steps)s steps, %(seconds)s s)")
              % {"tolerance": i18n.numbers().general(result.tolerance), "steps": result.iterations,
                 "seconds": fmt(result.seconds, 2)})


def render_hint(hint: Hint, request: object, show_all: bool) -> None:
    """`holdwise poker-dice hint` without --json: the position, then every keep by its win chance."""
    from rich.table import Table

    where = hint.position
    rolls_left = where["rolls_left"]
    left = _("%(n)s roll(s) left") % {"n": rolls_left}
    title = f"{' '.join(where['hand'])}, {left}"
    if "category" in where:  # card dice: what the roll makes, its stars counted
        title = f"{' '.join(where['hand'])}: {where['category']}, {left}"
    if where["to_beat"] is not None:
        beat = where["to_beat"]
        title += ", " + _("to beat %(hand)s") % {"hand": beat if isinstance(beat, str) else " ".join(beat)}
        if where["holders"] > 1:
            title += " " + _("(held by %(n)s)") % {"n": where["holders"]}
    out = console()
    out.print(title, markup=False)
    out.print(say(where["situation"]), markup=False)
    table = Table()
    table.add_column(_("keep"))
    table.add_column(_("win chance"), justify="right")
    table.add_column(_("loss (%(pp)s)") % {"pp": _("pp")}, justify="right")
    rows = hint.options if show_all else hint.options[:TOP_ROWS]
    for option in rows:
        text = _("all (stand)") if option.extras["stand"] else (_("none (roll all)") if not option.extras["keep"]
                                                                 else option.option)
        if "dice" in option.extras and option.extras["keep"] and not option.extras["stand"]:
            text += " " + _("(dice %(dice)s)") % {"dice": " ".join(map(str, option.extras["dice"]))}
        table.add_row(text, pct(option.value, 3), fmt(100 * option.loss, 3))
    out.print(table)
    if len(rows) < len(hint.options):
        out.print(_("... %(n)s more keeps (--all shows them)") % {"n": len(hint.options) - len(rows)})


def _short(category: str) -> str:
    """A hand's short name (the ranking fits one 80-column line), in the language."""
    return {"five_of_a_kind": pgettext("hand", "five"), "four_of_a_kind": pgettext("hand", "four"),
            "flush": pgettext("hand", "flush"), "full_house": pgettext("hand", "full house"),
            "straight": pgettext("hand", "straight"), "three_of_a_kind": pgettext("hand", "three"),
            "two_pairs": pgettext("hand", "two pairs"), "pair": pgettext("hand", "pair"),
            "bust": pgettext("hand", "bust"), "straight_flush": pgettext("hand", "straight flush"),
            "high_card": pgettext("hand", "high card")}.get(category, category)


def _render(state: State) -> list[str]:
    from ..games.poker_dice import advice

    where = advice(state).position
    lines = []
    if where["to_beat"] is not None:
        held = " " + _("(held by %(n)s players)") % {"n": where["holders"]} if where["holders"] > 1 else ""
        beat = where["to_beat"]
        lines.append("  " + _("to beat: %(hand)s") % {"hand": say(beat if isinstance(beat, str) else " ".join(beat))}
                     + held)
    if "category" in where:  # card dice are kept by their numbers: show them
        dice = " ".join(f"{i}:{f}" for i, f in enumerate(where["hand"], 1))
    else:
        dice = " ".join(where["hand"])
    lines.append("  " + _("your dice: %(dice)s, %(n)s roll(s) left") % {"dice": dice, "n": where["rolls_left"]})
    if "category" in where:
        lines.append("  " + _("that is %(hand)s") % {"hand": say(where["category"])})
    return lines


def _summary(state: State) -> list[str]:
    tally = state.tally
    return [_("tally: you won %(won)s of %(games)s game(s), lost %(lost)s")
            % {"won": tally["won"], "games": tally["games"], "lost": tally["lost"]}]


def _option_text(option: Option) -> str:
    stand = " " + _("(stand)")
    text = " ".join(option.extras["keep"]) + stand if option.extras["stand"] else option.option
    keep, win, loss, pp, num = _("keep"), _("win"), _("loss"), _("pp"), i18n.numbers()
    return f"{keep} {text:<24} {win} {num.percent(option.value, 3):>8}   {loss} {num.decimal(100 * option.loss, 3)} {pp}"


@poker_dice_app.command("play")
def poker_dice_play(
    ctx: typer.Context,
    seed: str | None = SEED_OPTION,
    players: str = PLAYERS,
    position: str = typer.Option("1", "--position", help="Your seat: 1 (first to roll) to players."),
    roll_limit: bool = ROLL_LIMIT,
    no_straights: bool = NO_STRAIGHTS, straight_above: bool = STRAIGHT_ABOVE, flush_rule: bool = FLUSH_RULE,
    ace_high: bool = ACE_HIGH, poker_faces: bool = POKER_FACES, rules: str | None = RULES,
) -> None:
    """A game in the terminal against the computer, which plays the exact strategy.

    At each prompt type the dice to keep (e.g. 6 6), all or Enter to stand, none to roll all five again.
    With card dice, keep dice by their numbers (1 3) or faces (As Kh).

    Example: holdwise poker-dice play --seed 7

    Example: holdwise poker-dice play --rules octahedral --players 3
    """
    import secrets

    from ..games import poker_dice as face

    kind = _kind(ctx, rules, no_straights, straight_above, flush_rule, ace_high, poker_faces)
    n = face.parse_players(players)
    # every option is checked before the table is solved (seconds with three players)
    options = face.normalize_options({**kind.options(), "players": n, "position": face.parse_position(position, n),
                                      "roll_limit": roll_limit})
    seed_value = secrets.randbelow(2**31) if seed is None else face.parse_seed(seed)
    kind.check_solve(n, roll_limit)
    with _solving(kind, n, roll_limit) as update:  # solve the table once, before the first move
        kind.solve(n, roll_limit, progress=update)
    state = face.new_game(options, seed_value)
    ranking = ", ".join(_short(c) for c in kind.categories)
    game = TerminalGame(
        face=face,
        rules=tuple(textwrap.wrap(_("%(name)s: five dice, three rolls at most; keep any dice, re-roll the rest. "
                                    "Players roll in turn and see the hands before; the best hand wins, ties "
                                    "replay.") % {"name": kind.name}, width=80))
        + tuple(textwrap.wrap(_("Best first: %(ranking)s.") % {"ranking": ranking}, width=80)),
        keys=say(kind.keep_help),
        render=_render, prompt=lambda state: _("keep?"), summary=_summary, option_text=_option_text)
    run(game, state, read=_read)


def _read(prompt: str) -> str | None:
    """A line typed at the prompt; None at the end of input or Ctrl-C (the line ends, the review follows)."""
    try:
        return input(f"{prompt} ").strip()
    except (EOFError, KeyboardInterrupt):
        typer.echo("")
        return None
