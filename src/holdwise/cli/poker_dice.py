"""holdwise poker-dice: odds, the exact duel, hints, a game against the computer.

Thin: options are parsed here, the game's face (`holdwise.games.poker_dice`) does the work, and the
results are printed here (within 80 columns, or the results' JSON).
"""

from __future__ import annotations

import typer

from ._common import (
    console,
    emit_json,
    join_hand,
    kernels_notice,
    new_app,
    pct,
    progress,
)
from ._play import TerminalGame, run

__all__ = ["poker_dice_app"]

poker_dice_app = new_app(
    "Poker dice for two to six players: odds, the exact duel, hints, a game against the computer.\n\n"
    "Variant flags (--no-straights, --straight-above-full-house, --flush-rule, --ace-high, --poker-faces) "
    "may stand before or after a command.\n\n"
    "Example: holdwise poker-dice hint 1 1 3 4 6 --rolls-left 2 --to-beat 66622\n\n"
    "Example: holdwise poker-dice --poker-faces play --players 3 --seed 7",
)

TOP_ROWS = 12  # hint rows shown without --all


def _solve_label(players: int, roll_limit: bool) -> str:
    """What a solve of 3 to 6 players says on a terminal (once a machine: then it is read from the cache)."""
    return f"{players} players, solving (about {max(1, players - 2) * (2 if roll_limit else 1)} s)"

NO_STRAIGHTS = typer.Option(False, "--no-straights", help="Straights count as busts.")
STRAIGHT_ABOVE = typer.Option(False, "--straight-above-full-house", help="A straight beats a full house.")
FLUSH_RULE = typer.Option(False, "--flush-rule",
                          help="A straight to the king is a straight, to the ace a flush: five of a kind, "
                               "flush, four of a kind, straight, full house, ... (the rules page).")
ACE_HIGH = typer.Option(False, "--ace-high", help="1 ranks above 6 (1, 6, 5, 4, 3, 2).")
POKER_FACES = typer.Option(False, "--poker-faces",
                           help="Show faces as A K Q J 10 9 (input accepts them always; T for 10).")
PLAYERS = typer.Option("2", "--players", help="Players at the table: 2 to 6.")
JSON = typer.Option(False, "--json", help="Print JSON.")
DICE_SET = typer.Option(None, "--dice-set",
                        help="Card dice: royal (12-sided, 52 cards and 8 wild stars), octahedral (8-sided, 7 to A, "
                             "suited) or a TOML file of five dice; hands rank as card poker.")


def _card_set(ctx: typer.Context, dice_set: str | None, flags: tuple[bool, ...]):  # noqa: ANN202
    """The card dice set asked for, or None for six-faced dice; the six-faced rule flags do not mix with it."""
    if dice_set is None:
        return None
    from ..games.poker_dice import resolve_set

    before = ctx.obj if isinstance(ctx.obj, dict) else {}
    if any(flags) or any(v for k, v in before.items() if k != "poker_faces"):
        raise typer.BadParameter("the rule flags are for six-faced dice; card dice rank as card poker",
                                 param_hint="--dice-set")
    from ..games import poker_dice as face

    cards = resolve_set(dice_set)
    kernels_notice(*face.CARD_KERNEL_MODULES)
    return cards


@poker_dice_app.callback()
def _group(
    ctx: typer.Context,
    no_straights: bool = NO_STRAIGHTS, straight_above: bool = STRAIGHT_ABOVE, flush_rule: bool = FLUSH_RULE,
    ace_high: bool = ACE_HIGH, poker_faces: bool = POKER_FACES,
) -> None:
    """Poker dice for two to six players: odds, the exact duel, hints, a game against the computer.

    Example: holdwise poker-dice hint 1 1 3 4 6 --rolls-left 2 --to-beat 66622
    """
    # variant flags typed before the command: every command takes them, so they are handed down
    ctx.obj = {"no_straights": no_straights, "straight_above": straight_above, "flush_rule": flush_rule,
               "ace_high": ace_high, "poker_faces": poker_faces}


def _variant(ctx: typer.Context, no_straights: bool, straight_above: bool, flush_rule: bool, ace_high: bool,
             poker_faces: bool):
    """The variant from the flags typed before or after the command (a flag counts where it is given)."""
    from ..games.poker_dice import Variant

    before = ctx.obj if isinstance(ctx.obj, dict) else {}
    return Variant(straights=not (no_straights or before.get("no_straights", False)),
                   straight_above_full_house=straight_above or before.get("straight_above", False),
                   flush=flush_rule or before.get("flush_rule", False),
                   ace_high=ace_high or before.get("ace_high", False),
                   poker_faces=poker_faces or before.get("poker_faces", False))


def _kernels() -> None:
    from ..games import poker_dice as face

    kernels_notice(*face.KERNEL_MODULES)


@poker_dice_app.command("odds")
def poker_dice_odds(
    ctx: typer.Context,
    no_straights: bool = NO_STRAIGHTS, straight_above: bool = STRAIGHT_ABOVE, flush_rule: bool = FLUSH_RULE,
    ace_high: bool = ACE_HIGH, poker_faces: bool = POKER_FACES, dice_set: str | None = DICE_SET,
    as_json: bool = JSON,
) -> None:
    """Exact counts of every category over the 7,776 rolls of five dice (or every roll of a card dice set).

    Example: holdwise poker-dice odds --poker-faces

    Example: holdwise poker-dice odds --dice-set royal
    """
    from ..games.poker_dice import CATEGORY_LABELS, odds

    cards = _card_set(ctx, dice_set, (no_straights, straight_above, flush_rule, ace_high))
    if cards is not None:
        _card_odds(cards, as_json)
        return
    variant = _variant(ctx, no_straights, straight_above, flush_rule, ace_high, poker_faces)
    result = odds(variant)
    if as_json:
        emit_json(result)
        return
    from rich.table import Table

    out = console()
    out.print(f"Poker dice: first-roll combinations out of {result.total:,}", markup=False)
    table = Table()
    table.add_column("hand")
    table.add_column("rolls", justify="right")
    table.add_column("chance", justify="right")
    for category in result.categories:
        table.add_row(CATEGORY_LABELS[category], f"{result.counts[category]:,}",
                      f"{100 * result.probabilities[category]:.3f}%")
    out.print(table)
    if result.bust_hands is not None:
        out.print("bust hands (all values different, no straight):", markup=False)
        out.print("  " + "; ".join(" ".join(hand) for hand in result.bust_hands), markup=False)


def _card_odds(cards, as_json: bool) -> None:  # noqa: ANN001 - a DiceSet
    from rich.table import Table

    from ..games.poker_dice import CARD_CATEGORY_LABELS, card_odds

    _kernels()
    result = card_odds(cards)
    if as_json:
        emit_json(result)
        return
    out = console()
    out.print(f"{cards.name}: first-roll hands out of {result.total:,} rolls", markup=False)
    table = Table()
    table.add_column("hand")
    table.add_column("rolls", justify="right")
    table.add_column("chance", justify="right")
    for category in result.categories:
        table.add_row(CARD_CATEGORY_LABELS[category], f"{result.counts[category]:,}",
                      f"{100 * result.probabilities[category]:.4f}%")
    out.print(table)


@poker_dice_app.command("duel")
def poker_dice_duel(
    ctx: typer.Context,
    players: str = PLAYERS,
    roll_limit: bool = typer.Option(False, "--roll-limit",
                                    help="Later players may not roll more times than the first."),
    no_straights: bool = NO_STRAIGHTS, straight_above: bool = STRAIGHT_ABOVE, flush_rule: bool = FLUSH_RULE,
    ace_high: bool = ACE_HIGH, poker_faces: bool = POKER_FACES, dice_set: str | None = DICE_SET,
    as_json: bool = JSON,
) -> None:
    """Each player's win chance when everyone plays the exact strategy (ties replayed).

    Example: holdwise poker-dice duel --players 6 --roll-limit

    Example: holdwise poker-dice duel --dice-set octahedral --players 3
    """
    from ..games.poker_dice import duel, parse_players

    cards = _card_set(ctx, dice_set, (no_straights, straight_above, flush_rule, ace_high))
    variant = _variant(ctx, no_straights, straight_above, flush_rule, ace_high, poker_faces)
    players = parse_players(players)
    _kernels()
    if cards is not None:
        from ..games.poker_dice import card_duel, solve_cost

        seconds = solve_cost(cards, players, roll_limit)[0]
        with progress(f"{cards.name}: solving (about {seconds:.0f} s)", enabled=seconds > 1) as update:
            result = card_duel(cards, players, roll_limit, on_step=update)
    else:
        with progress(_solve_label(players, roll_limit), enabled=players > 2) as update:
            result = duel(variant, players, roll_limit, on_step=update)
    if as_json:
        emit_json(result)
        return
    out = console()
    for i, chance in enumerate(result.win_chances, 1):
        out.print(f"player {i} wins {100 * chance:.4f}%")
    out.print(f"(ties replayed exactly; fixed point to {result.tolerance:g} in {result.iterations} steps, "
              f"{result.seconds:.2f} s)")


@poker_dice_app.command("hint")
def poker_dice_hint(
    ctx: typer.Context,
    hand: list[str] = typer.Argument(..., help="The five dice showing: 1 1 3 4 6, \"1 1 3 4 6\" or A K Q J 10 9; "
                                               "card dice: one face per die in die order, As Kh * 10d 7c."),
    rolls_left: str = typer.Option(..., "--rolls-left", help="Rolls still allowed: 1 or 2."),
    to_beat: str | None = typer.Option(None, "--to-beat", help='The best hand so far, e.g. "6 6 6 2 2".'),
    players: str = PLAYERS,
    position: str | None = typer.Option(None, "--position",
                                           help="Your place: 1 to players (default: last with --to-beat, else 1)."),
    holders: str = typer.Option("1", "--holders",
                                help="How many earlier players hold the hand to beat (a tie replays them all)."),
    roll_limit: bool = typer.Option(False, "--roll-limit",
                                    help="No one rolls more times than the first player."),
    rolls_allowed: str | None = typer.Option(None, "--rolls-allowed",
                                             help="With --roll-limit, a later player: the rolls the first used."),
    no_straights: bool = NO_STRAIGHTS, straight_above: bool = STRAIGHT_ABOVE, flush_rule: bool = FLUSH_RULE,
    ace_high: bool = ACE_HIGH, poker_faces: bool = POKER_FACES,
    show_all: bool = typer.Option(False, "--all", help=f"Show every keep (default: the top {TOP_ROWS})."),
    dice_set: str | None = DICE_SET,
    as_json: bool = JSON,
) -> None:
    """Every keep ranked by the chance to win, for any position: the hand to beat is the best so far.

    Example: holdwise poker-dice hint 1 1 3 4 6 --rolls-left 2 --to-beat 66622

    Example: holdwise poker-dice hint --dice-set royal Ks Qs Js 10s 2h --rolls-left 2
    """
    from ..games.poker_dice import hint, parse_players

    cards = _card_set(ctx, dice_set, (no_straights, straight_above, flush_rule, ace_high))
    variant = _variant(ctx, no_straights, straight_above, flush_rule, ace_high, poker_faces)
    players = parse_players(players)  # read here for the progress bar; the rest is read by hint
    _kernels()
    if cards is not None:
        from ..games.poker_dice import card_hint, solve_cost

        seconds = solve_cost(cards, players, roll_limit)[0]
        with progress(f"{cards.name}: solving (about {seconds:.0f} s)", enabled=seconds > 1) as update:
            result = card_hint(join_hand(hand), rolls_left, cards, to_beat, players, position, holders,
                               roll_limit, rolls_allowed, on_step=update)
    else:
        with progress(_solve_label(players, roll_limit), enabled=players > 2) as update:
            result = hint(join_hand(hand), rolls_left, variant, to_beat, players, position, holders,
                          roll_limit, rolls_allowed, on_step=update)
    rolls_left = result.position["rolls_left"]
    if as_json:
        emit_json(result)
        return
    from rich.table import Table

    where = result.position
    title = f"{' '.join(where['hand'])}, {rolls_left} roll(s) left"
    if "category" in where:  # card dice: what the roll makes, its stars counted
        title = f"{' '.join(where['hand'])}: {where['category']}, {rolls_left} roll(s) left"
    if where["to_beat"] is not None:
        beat = where["to_beat"]
        title += f", to beat {beat if isinstance(beat, str) else ' '.join(beat)}"
        if where["holders"] > 1:
            title += f" (held by {where['holders']})"
    out = console()
    out.print(title, markup=False)
    out.print(where["situation"], markup=False)
    table = Table()
    table.add_column("keep")
    table.add_column("win chance", justify="right")
    table.add_column("loss (pp)", justify="right")
    rows = result.options if show_all else result.options[:TOP_ROWS]
    for option in rows:
        text = "all (stand)" if option.extras["stand"] else ("none (roll all)" if not option.extras["keep"]
                                                              else option.option)
        if "dice" in option.extras and option.extras["keep"] and not option.extras["stand"]:
            text += f" (dice {' '.join(map(str, option.extras['dice']))})"
        table.add_row(text, pct(option.value, 3), f"{100 * option.loss:.3f}")
    out.print(table)
    if len(rows) < len(result.options):
        out.print(f"... {len(result.options) - len(rows)} more keeps (--all shows them)")


_SHORT = {"five_of_a_kind": "five", "four_of_a_kind": "four", "flush": "flush", "full_house": "full house",
          "straight": "straight", "three_of_a_kind": "three", "two_pairs": "two pairs", "pair": "pair",
          "bust": "bust"}  # category names short enough for one 80-column line


def _render(state) -> list[str]:
    from ..games.poker_dice import advice

    hint = advice(state)
    where = hint.position
    lines = []
    if where["to_beat"] is not None:
        held = f" (held by {where['holders']} players)" if where["holders"] > 1 else ""
        lines.append(f"  to beat: {' '.join(where['to_beat'])}{held}")
    lines.append(f"  your dice: {' '.join(where['hand'])}, {where['rolls_left']} roll(s) left")
    return lines


def _summary(state) -> list[str]:
    tally = state.tally
    return [f"tally: you won {tally['won']} of {tally['games']} game(s), lost {tally['lost']}"]


def _option_text(option) -> str:
    text = " ".join(option.extras["keep"]) + " (stand)" if option.extras["stand"] else option.option
    return f"keep {text:<24} win {100 * option.value:7.3f}%   loss {100 * option.loss:.3f} pp"


@poker_dice_app.command("play")
def poker_dice_play(
    ctx: typer.Context,
    seed: str | None = typer.Option(None, "--seed", help="Seed the dice (0 or more; for a repeatable game)."),
    players: str = PLAYERS,
    position: str = typer.Option("1", "--position", help="Your seat: 1 (first to roll) to players."),
    roll_limit: bool = typer.Option(False, "--roll-limit",
                                    help="Later players may not roll more times than the first."),
    no_straights: bool = NO_STRAIGHTS, straight_above: bool = STRAIGHT_ABOVE, flush_rule: bool = FLUSH_RULE,
    ace_high: bool = ACE_HIGH, poker_faces: bool = POKER_FACES, dice_set: str | None = DICE_SET,
) -> None:
    """A game in the terminal against the computer, which plays the exact strategy.

    At each prompt type the dice to keep (e.g. 6 6), all or Enter to stand, none to roll all five again.
    With card dice, keep dice by their numbers (1 3) or faces (As Kh).

    Example: holdwise poker-dice play --seed 7

    Example: holdwise poker-dice play --dice-set octahedral --players 3
    """
    import secrets

    from ..games import poker_dice as face

    cards = _card_set(ctx, dice_set, (no_straights, straight_above, flush_rule, ace_high))
    if cards is not None:
        _play_cards(cards, dice_set, seed, players, position, roll_limit)
        return
    variant = _variant(ctx, no_straights, straight_above, flush_rule, ace_high, poker_faces)
    players = face.parse_players(players)
    # every option is checked before the table is solved (seconds with three players)
    options = face.normalize_options({
        "players": players, "position": face.parse_position(position, players),
        "roll_limit": roll_limit, "straights": variant.straights,
        "straight_above_full_house": variant.straight_above_full_house, "flush": variant.flush,
        "ace_high": variant.ace_high, "poker_faces": variant.poker_faces})
    seed = secrets.randbelow(2**31) if seed is None else face.parse_seed(seed)
    _kernels()
    if players > 2:  # solve the table once, before the first move
        with progress(_solve_label(players, roll_limit)) as update:
            face.table_solution(variant, players, roll_limit, on_step=update)
    state = face.new_game(options, seed)
    ranking = ", ".join(_SHORT[c] for c in variant.categories)
    game = TerminalGame(
        face=face,
        rules=("Poker dice: five dice, three rolls at most; keep any dice, re-roll the rest.",
               "Players roll in turn and see the hands before; the best hand wins, ties replay.",
               f"Best first: {ranking}."),
        keys="dice to keep (6 6), Enter: stand, none: reroll",
        render=_render, prompt=lambda state: "keep?", summary=_summary, option_text=_option_text)
    run(game, state, read=_read)


def _play_cards(cards, spec: str, seed: str | None, players: str, position: str, roll_limit: bool) -> None:  # noqa: ANN001
    """`play --dice-set`: the card session in the terminal (the set's table solved first, within the guard)."""
    import secrets

    from ..games import poker_dice as face

    play = face.card_play
    players = face.parse_players(players)
    shipped = spec.strip().lower()
    chosen = shipped if shipped in ("royal", "octahedral") else {
        "name": cards.name, "dice": [[face.face_text(f) for f in die] for die in cards.dice]}
    options = play.normalize_options({"dice_set": chosen, "players": players,
                                      "position": face.parse_position(position, players), "roll_limit": roll_limit})
    seed = secrets.randbelow(2**31) if seed is None else face.parse_seed(seed)
    seconds = face.solve_cost(cards, players, roll_limit)[0]
    with progress(f"{cards.name}: solving (about {seconds:.0f} s)", enabled=seconds > 1) as update:
        face.card_solution(cards, players, roll_limit, on_step=update)
    state = play.new_game(options, seed)
    game = TerminalGame(
        face=play,
        rules=(f"Poker dice with card dice: {cards.name}."[:80],
               "Three rolls at most: keep any dice, re-roll the rest.",
               "Players roll in turn and see the hands before; the best hand wins, ties replay.",
               "Hands rank as card poker, five of a kind first; a star is any card."),
        keys="dice (1 3 or As Kh), Enter: stand, none: reroll",
        render=_card_render, prompt=lambda state: "keep?", summary=_summary, option_text=_card_option_text)
    run(game, state, read=_read)


def _card_render(state) -> list[str]:
    from ..games import poker_dice as face

    where = face.card_play.advice(state).position
    lines = []
    if where["to_beat"] is not None:
        held = f" (held by {where['holders']} players)" if where["holders"] > 1 else ""
        lines.append(f"  to beat: {where['to_beat']}{held}")
    dice = " ".join(f"{i}:{f}" for i, f in enumerate(where["hand"], 1))
    lines.append(f"  your dice: {dice}, {where['rolls_left']} roll(s) left")
    lines.append(f"  that is {where['category']}")
    return lines


def _card_option_text(option) -> str:
    text = "all (stand)" if option.extras["stand"] else option.option
    return f"keep {text:<24} win {100 * option.value:7.3f}%   loss {100 * option.loss:.3f} pp"


def _read(prompt: str) -> str | None:
    """A line typed at the prompt; None at the end of input or Ctrl-C (the line ends, the review follows)."""
    try:
        return input(f"{prompt} ").strip()
    except (EOFError, KeyboardInterrupt):
        typer.echo("")
        return None
