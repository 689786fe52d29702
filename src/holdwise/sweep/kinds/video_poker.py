"""Sweep kind `video-poker`: every variant of a game's pay table, each variant's exact return.

`--vary full_house=6:9 flush=5:6` varies the named hands' pays per coin (at 1 coin; every pay but the natural
royal's is the same at any bet). Varying `royal_flush` varies the royal's pay at 1-4 coins; the 5-coin royal
stays as the game has it. Per variant: the return at 5 coins (a float and the exact fraction) and at 1-4 coins.
The extra-ace deck (Five Aces) is swept as any other game, `five_aces` and `aces_or_better` among its pays.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import Any

from ...errors import InputError
from ...games import video_poker as face
from ...games.base import fraction_text
from ..kind import Column
from ._shared import OKABE_ITO, Span, number_text, parse_span, save_figure, shown, split_specs

__all__ = ["COLUMNS", "COLUMN_NAMES", "FIRST_HANDS", "HANDS", "LATER_HANDS", "NAME", "column_of", "count", "definition", "items", "plot", "solve",
           "variant"]

NAME = "video-poker"
# the hands a pay table may name (face.HAND_KINDS without "nothing"; a test checks), spelled out so the
# columns load no game. The extra-ace deck's two came later: their columns follow all the others, so a results
# file written before them gains them at its table's end (db._ensure_table) and stays readable
FIRST_HANDS = (
    "royal_flush", "four_deuces", "wild_royal_flush", "five_of_a_kind", "straight_flush", "four_aces_with_2_3_4",
    "four_2s_4s_with_a_2_3_4", "four_aces", "four_2s_4s", "four_5s_ks", "four_of_a_kind", "full_house", "flush",
    "straight", "three_of_a_kind", "two_pair", "jacks_or_better", "kings_or_better",
)
LATER_HANDS = ("five_aces", "aces_or_better")
HANDS = (*FIRST_HANDS, *LATER_HANDS)
# a hand renamed in the games keeps its old name here, in the columns and the definitions (the keys of results
# files written before): "two_pairs" is the column "two_pair"
COLUMN_NAMES = {"two_pairs": "two_pair"}


def column_of(hand: str) -> str:
    """A game's hand as the sweep's columns and definitions name it."""
    return COLUMN_NAMES.get(hand, hand)


def _hand_of(name: str) -> str:
    """A hand named in a definition or in --vary (old or new spelling) as the games name it."""
    return {old: new for new, old in COLUMN_NAMES.items()}.get(name, name)
COINS = 5  # face.MAX_COINS


def _pay_column(hand: str) -> Column:
    """The column of a hand's pay."""
    return Column(hand, "REAL", f"pay per coin of {hand.replace('_', ' ')} at 1 coin (NULL: the game does not pay "
                  "it)")


# the answers first: `sweep show` fits the first columns beside the key (which already names the varied pays)
COLUMNS = (
    Column("return", "REAL", "return per coin bet at 5 coins with optimal play (1 = 100%)"),
    *(Column(f"return_{c}", "REAL", f"return per coin bet at {c} coin{'s' if c > 1 else ''}")
      for c in range(1, COINS)),
    Column("return_exact", "TEXT", "the return at 5 coins as an exact fraction \"p/q\""),
    Column("game", "TEXT", "the game's id (its pay table as shipped or in the pay-table file)"),
    *(_pay_column(h) for h in FIRST_HANDS),
    Column("royal_flush_5_coins", "REAL", "pay per coin of the natural royal flush at 5 coins"),
    *(_pay_column(h) for h in LATER_HANDS),
)


def _table_json(table) -> dict:
    """A pay table as JSON (the definition holds it, so a sweep does not depend on a file staying as it was)."""
    out = {"id": table.id, "name": table.name, "deck": table.deck, "wild": table.wild,
           "royal_below_max": number_text(table.royal_below_max),
           "pays": [[column_of(h), number_text(p)] for h, p in zip(table.hands, table.pays, strict=True)
                    if h != "nothing"]}
    if table.extra_ace:  # only then: other games' definitions (the keys of their sweeps in results files) stay
        out["extra_card"] = "ace"
    return out


def _check_range(table, spans: dict[str, Span]) -> None:
    """Refuse ranges whose variants leave the exact comparison's range (pay x common denominator), judged at the
    worst case: every varied pay at its top and every denominator a range can give."""
    limit = face.max_scaled_pay(table.deck)
    for coins in (COINS, 1):
        pays = dict(zip(table.hands, table.pays_for(coins), strict=True))
        dens = [p.denominator for h, p in pays.items() if h not in spans]
        for hand, span in spans.items():
            if hand != "royal_flush" or coins < COINS:
                pays[hand] = span.hi
                dens += [span.lo.denominator, span.step.denominator]
            else:
                dens.append(pays[hand].denominator)
        den = math.lcm(*dens)
        top = max(pays.values()) * den
        if den > limit or top > limit:
            raise InputError(f"--vary: pays up to {number_text(max(pays.values()))} with a common denominator of "
                             f"{den:,} leave the exact comparison's range (pay x denominator at most {limit:,} "
                             f"with {table.deck} cards)")


def definition(game: str | None = None, vary: Sequence[str] | str | None = None,
               paytable_file: str | None = None) -> dict:
    """The checked, canonical definition: the game's pay table (default: 9/6 Jacks or Better) and the varied
    hands' ranges, in table order."""
    table = face.resolve_game(face.DEFAULT_GAME if game is None else game, paytable_file)
    specs = split_specs(vary, "--vary")
    if not specs:
        raise InputError("--vary needs at least one hand=lo:hi[:step], e.g. full_house=6:9 flush=5:6")
    paid = [h for h in table.hands if h != "nothing"]
    spans: dict[str, Span] = {}
    for name, rng in specs:
        hand = _hand_of(name)
        if hand not in paid:
            known = "unknown hand" if hand not in HANDS else f"game {table.id!r} does not pay"
            raise InputError(f"--vary: {known} {shown(hand)}; its hands: {', '.join(paid)}")
        spans[hand] = parse_span(rng, f"--vary {hand}", face.max_scaled_pay(table.deck))
    _check_range(table, spans)
    ordered = [h for h in paid if h in spans]
    return {"game": _table_json(table), "vary": [[column_of(h), *spans[h].to_json()] for h in ordered]}


def _spans(d: dict) -> list[tuple[str, Span]]:
    return [(h, Span(Fraction(lo), Fraction(hi), Fraction(step))) for h, lo, hi, step in d["vary"]]


def count(definition: dict) -> int:
    """How many variants: the product of the ranges' sizes."""
    return math.prod(s.size for _, s in _spans(definition))


def items(definition: dict) -> Iterator[tuple[str, dict]]:
    """(key, item) per variant, the last varied hand fastest; key "full_house=9,flush=6"."""
    spans = _spans(definition)
    hands = [h for h, _ in spans]
    for combo in itertools.product(*([number_text(v) for v in s.values()] for _, s in spans)):
        yield ",".join(f"{h}={p}" for h, p in zip(hands, combo, strict=True)), {"pays": list(combo)}


def variant(definition: dict, item: dict):
    """The pay table of one variant (a face.PayTable, checked as a pay-table file's game is)."""
    base = definition["game"]
    pays = {h: Fraction(p) for h, p in base["pays"]}
    royal_below = Fraction(base["royal_below_max"])
    for (hand, *_), pay in zip(definition["vary"], item["pays"], strict=True):
        if hand == "royal_flush":
            royal_below = Fraction(pay)  # the pay at 1-4 coins; the 5-coin royal stays
        else:
            pays[hand] = Fraction(pay)
    names = tuple(h for h, _ in base["pays"])  # as the definition spells them (its columns)
    table = face.PayTable(base["id"], base["name"], base["deck"], base["wild"],
                          (*(_hand_of(h) for h in names), "nothing"), (*(pays[h] for h in names), Fraction(0)),
                          royal_below, base.get("extra_card", ""))
    return face.resolve_game(table)


def solve(definition: dict, items: list[dict]) -> list[dict]:
    """One row per variant: its pays, and its exact return with optimal play at 5 coins and at 1-4 coins
    (`game_return`; the bets that pay alike per coin, 1-4 coins, share one solve)."""
    rows = []
    for item in items:
        table = variant(definition, item)
        by_pays = {}
        returns = {}
        for coins in range(1, COINS + 1):
            pays = table.pays_for(coins)
            if pays not in by_pays:
                # the kernel (a worker compiles it once, then a game takes about 0.1 s), and no file per
                # variant in the cache folder, as `game_return` would keep
                by_pays[pays] = face.solve_game(table, coins)
            returns[coins] = by_pays[pays]
        paid = {column_of(h): p for h, p in zip(table.hands, table.pays_for(1), strict=True)}
        row: dict = {"game": table.id}
        row.update({h: (float(paid[h]) if h in paid else None) for h in HANDS})
        row["royal_flush_5_coins"] = float(dict(zip(table.hands, table.pays, strict=True))["royal_flush"]) \
            if "royal_flush" in table.hands else None
        row["return"] = float(returns[COINS].value)
        row["return_exact"] = fraction_text(returns[COINS].return_exact)
        row.update({f"return_{c}": float(returns[c].value) for c in range(1, COINS)})
        rows.append(row)
    return rows


def plot(rows: list[dict], definition: dict, path: str) -> None:
    """Return at 5 coins by the varied pays: a line over the first varied pay, one per value of the second
    (a heat map when the second has more than 8 values); further varied pays held at their lowest."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    hands = [h for h, *_ in definition["vary"]]
    game = definition["game"]["id"]
    held = ""
    if len(hands) > 2:
        lowest = {h: min(r[h] for r in rows if r.get(h) is not None) for h in hands[2:]}
        rows = [r for r in rows if all(r.get(h) == v for h, v in lowest.items())]
        held = "; " + ", ".join(f"{_label(h)} {v:g}" for h, v in lowest.items())
    fig, ax = plt.subplots(figsize=(6.4, 4.8), layout="constrained")
    first = hands[0]
    second = hands[1] if len(hands) > 1 else None
    colours = list(OKABE_ITO.values())
    seconds: list[Any] = sorted({r[second] for r in rows}) if second else [None]
    if second is not None and len(seconds) > len(colours):
        firsts = sorted({r[first] for r in rows})
        grid = [[math.nan] * len(firsts) for _ in seconds]
        for r in rows:
            grid[seconds.index(r[second])][firsts.index(r[first])] = 100 * r["return"]
        image = ax.pcolormesh(_edges(firsts), _edges(seconds), grid, cmap="cividis", shading="flat")
        fig.colorbar(image, ax=ax, label="return at 5 coins (%)")
        ax.set_ylabel(f"{_label(second)} pays (per coin)")
    else:
        for i, value in enumerate(seconds):
            line = sorted((r[first], 100 * r["return"]) for r in rows if second is None or r[second] == value)
            ax.plot([x for x, _ in line], [y for _, y in line], marker="o", markersize=4, color=colours[i],
                    label=None if second is None else f"{_label(second)} {value:g}")
        ax.axhline(100, color=OKABE_ITO["black"], linestyle=":", linewidth=1)
        ax.set_ylabel("return at 5 coins (%)")
        if second is not None:
            ax.legend(fontsize="small", loc="best")
        ax.grid(True, alpha=0.3)
    ax.set_xlabel(f"{_label(first)} pays (per coin)")
    ax.set_title(f"{game}, varied: {len(rows):,} pay tables{held}", fontsize="medium")
    save_figure(fig, path)


def _label(hand: str) -> str:
    return hand.replace("_", " ")


def _edges(values: list[float]) -> list[float]:
    """Cell edges around sorted values (midpoints; half a step beyond the ends)."""
    if len(values) == 1:
        return [values[0] - 0.5, values[0] + 0.5]
    mids = [(a + b) / 2 for a, b in itertools.pairwise(values)]
    return [2 * values[0] - mids[0], *mids, 2 * values[-1] - mids[-1]]
