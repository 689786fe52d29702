"""holdwise video-poker: pay tables, every hold of a hand, a whole game's return."""

from __future__ import annotations

import sys
from typing import Optional

import typer

from ._common import _console, emit_json, fail, new_app

video_poker_app = new_app(
    "Video poker: every hold of a hand, and the exact return of a whole game with optimal play.",
)

GAME_HELP = "Game id (see `holdwise video-poker games`)."
PAYTABLE_FILE_HELP = "TOML file with more games, in the shipped format (see the README)."


def _games(paytable_file: Optional[str]):
    from ..games.video_poker import load_games, shipped_games

    games = dict(shipped_games())
    if paytable_file is not None:
        games.update(load_games(paytable_file))
    return games


def _game(game: str, paytable_file: Optional[str]):
    from ..games.video_poker import get_game, load_games

    return get_game(game, load_games(paytable_file) if paytable_file else None)


def _pay_str(value) -> str:
    from fractions import Fraction

    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


@video_poker_app.command("games")
def video_poker_games(
    paytable_file: Optional[str] = typer.Option(None, "--paytable-file", help=PAYTABLE_FILE_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
):
    """The pay tables: id, deck, wild cards and pays per coin (5 coins; 1-4 coins where different).

    Example: holdwise video-poker games
    """
    try:
        games = _games(paytable_file)
    except ValueError as err:
        fail(str(err))
    if as_json:
        emit_json([{"id": g.id, "name": g.name, "deck": g.deck, "wild": g.wild,
                    "pays": {h: _pay_str(p) for h, p in zip(g.hands, g.pays) if h != "nothing"},
                    "pays_below_5_coins": {h: _pay_str(p) for h, p in zip(g.hands, g.pays_for(1)) if h != "nothing"}}
                   for g in games.values()])
        return
    from rich.table import Table

    t = Table(title="Video poker games (pays per coin at 5 coins)")
    for col in ("id", "deck", "wild", "pays, best hand first"):
        t.add_column(col)
    for g in games.values():
        t.add_row(g.id, str(g.deck), g.wild,
                  ", ".join(f"{h.replace('_', ' ')} {_pay_str(p)}" for h, p in zip(g.hands, g.pays) if h != "nothing"))
    _console().print(t)
    _console().print("At 1 to 4 coins the natural royal flush pays 250 per coin.")


@video_poker_app.command("hold")
def video_poker_hold(
    hand: str = typer.Argument(..., help='Five cards, e.g. "AS KS QS JS 9D" (T or 10; Jk for the joker).'),
    game: str = typer.Option("jacks-or-better-9-6", "--game", "-g", help=GAME_HELP),
    coins: int = typer.Option(5, "--coins", help="Coins bet, 1 to 5."),
    paytable_file: Optional[str] = typer.Option(None, "--paytable-file", help=PAYTABLE_FILE_HELP),
    exact: bool = typer.Option(False, "--exact", help="Show exact fractions."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
):
    """All 32 holds of a hand with their exact expected return and draws per pay class, best first.

    Example: holdwise video-poker hold "AS KS QS JS 9D" --game jacks-or-better-9-6
    """
    from ..games.video_poker import fraction_str, hand_str, parse_hand

    try:
        table = _game(game, paytable_file)
        table.pays_for(coins)
        cards = parse_hand(hand, table.deck)
        from ..games.video_poker import analyze_hand

        holds = analyze_hand(cards, table, coins)
    except ValueError as err:
        fail(str(err))
    if as_json:
        emit_json({"game": table.id, "coins": coins, "hand": hand_str(cards),
                   "holds": [{"hold": hand_str(h.held), "value": h.value, "value_exact": fraction_str(h.value_exact),
                              "draws": h.draws, "counts": dict(zip(table.hands, h.counts))} for h in holds]})
        return
    from rich.table import Table

    t = Table(title=f"{hand_str(cards)}: {table.name}, {coins} coin(s); expected return per coin")
    t.add_column("rank", justify="right")
    t.add_column("hold")
    t.add_column("value" if not exact else "value (exact)", justify="right")
    for h in table.hands[:-1]:
        t.add_column(h.replace("_", " "), justify="right")
    t.add_column("nothing", justify="right")
    for i, h in enumerate(holds, 1):
        t.add_row(str(i), hand_str(h.held) or "(discard all)",
                  fraction_str(h.value_exact) if exact else f"{h.value:.6f}", *[f"{n:,}" for n in h.counts])
    _console(min_width=200).print(t)


@video_poker_app.command("return")
def video_poker_return(
    game: str = typer.Option("jacks-or-better-9-6", "--game", "-g", help=GAME_HELP),
    coins: int = typer.Option(5, "--coins", help="Coins bet, 1 to 5 (1-4 pay the natural royal 250 per coin)."),
    paytable_file: Optional[str] = typer.Option(None, "--paytable-file", help=PAYTABLE_FILE_HELP),
    exact: bool = typer.Option(False, "--exact", help="Show the exact return and probabilities as fractions."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
):
    """The exact return of a game with optimal play over every deal, and its return table.

    Example: holdwise video-poker return --game deuces-wild-full-pay --coins 5
    """
    import math

    from ..games.video_poker import fraction_str

    try:
        table = _game(game, paytable_file)
        table.pays_for(coins)
        from ..games.video_poker import solve_game

        if not as_json and sys.stderr.isatty():
            from rich.console import Console
            from rich.progress import Progress

            with Progress(transient=True, console=Console(stderr=True)) as bar:
                task = bar.add_task(f"{table.id}: every deal", total=1.0)
                result = solve_game(table, coins, progress=lambda done, total: bar.advance(task, done / total))
        else:
            result = solve_game(table, coins)
    except ValueError as err:
        fail(str(err))
    rows = result.rows()
    if as_json:
        emit_json({"game": table.id, "coins": coins, "return": result.value,
                   "return_exact": fraction_str(result.return_exact), "total_combinations": result.total,
                   "deal_weight": result.total // math.comb(table.deck, 5),
                   "table": [{"hand": r["hand"], "pay": _pay_str(r["pay"]), "combinations": r["combinations"],
                              "probability": float(r["probability"]), "contribution": float(r["contribution"]),
                              **({"probability_exact": fraction_str(r["probability"]),
                                  "contribution_exact": fraction_str(r["contribution"])} if exact else {})}
                             for r in rows],
                   "seconds": result.seconds})
        return
    from rich.table import Table

    t = Table(title=f"{table.name}, {coins} coin(s): return {result.value:.8f}")
    for col in ("final hand", "pays", "combinations", "probability", "contribution"):
        t.add_column(col, justify="right" if col != "final hand" else "left")
    for r in rows:
        t.add_row(r["hand"].replace("_", " "), _pay_str(r["pay"]), f"{r['combinations']:,}",
                  f"{float(r['probability']):.10f}", f"{float(r['contribution']):.10f}")
    t.add_row("total", "", f"{result.total:,}", "1", f"{result.value:.10f}")
    console = _console()
    console.print(t)
    if exact:
        console.print(f"exact return: {fraction_str(result.return_exact)}")
    console.print(f"every deal weighted by {result.total // math.comb(table.deck, 5):,}; "
                  f"ties between holds go to fewer cards held; {result.seconds:.2f} s")

