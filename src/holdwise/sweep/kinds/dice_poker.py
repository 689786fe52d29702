"""Sweep kind `dice-poker`: many payout tables' returns and depth, by the batch kernel.

Tables come from a grid (`five=5:20:1 four=3:10 ...`: a range per category, the others at table B's payout),
from N distinct random tables of that grid (`--random N --seed S`), or from a tables file. Per table: the
returns of the optimum, the rule (keep the most frequent value, ties to the higher) and no re-roll, and the
depth report's two gaps, `rule_gap = 100 (1 - rule / optimum)` and `chance_gap = 100 (1 - none / optimum)`
in percentage points, and whether the table is deep (chance gap >= 25 and rule gap >= 5).

Workers make the tables themselves from index ranges (`solve_range`), so the client only writes rows; with
`only_return` / `only_deep` a sweep keeps just the tables that meet the target (a designer's "every deep table
returning 94-96%"), which is also what lets a cluster of many workers outrun one SQLite writer.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from fractions import Fraction

from ...errors import InputError
from ...games import dice_poker as face
from ...games.inputs import parse_seed, parse_whole
from ..kind import Column
from ._shared import (
    MAX_PERMUTED, OKABE_ITO, Span, number_text, parse_number, parse_span, permuted, save_figure, shown, split_specs,
)

__all__ = ["CATEGORIES", "COLUMNS", "NAME", "count", "definition", "items", "plot", "solve", "solve_range"]

NAME = "dice-poker"
# the face's category names (a test checks they are face.CATEGORIES), spelled out so the columns load no game
CATEGORIES = ("five_of_a_kind", "four_of_a_kind", "full_house", "straight", "three_of_a_kind", "two_pairs", "pair")
_LABELS = ("five of a kind", "four of a kind", "full house", "straight", "three of a kind", "two pairs", "pair")
# short names a grid may use besides the categories' own
ALIASES = {"five": "five_of_a_kind", "four": "four_of_a_kind", "full": "full_house", "three": "three_of_a_kind",
           "two_pair": "two_pairs", "two": "two_pairs", "pairs": "two_pairs"}
# the answers first: `sweep show` fits the first columns beside the key (which already lists the payouts)
COLUMNS = (
    Column("return", "REAL", "return per unit bet with optimal re-rolls"),
    Column("rule_return", "REAL", "return of the rule: keep the most frequent value, ties to the higher"),
    Column("none_return", "REAL", "return without re-rolls (chance)"),
    Column("rule_gap", "REAL", "100 (1 - rule / optimum): percentage points above the rule (NULL: optimum 0)"),
    Column("chance_gap", "REAL", "100 (1 - none / optimum): percentage points above chance (NULL: optimum 0)"),
    Column("deep", "INTEGER", "1 when chance_gap >= 25 and rule_gap >= 5 (the depth criterion), else 0"),
    *(Column(c, "REAL", f"payout of {label} per unit bet") for c, label in zip(CATEGORIES, _LABELS, strict=True)),
    Column("table_name", "TEXT", "the table's name in the tables file (NULL for grid and random tables)"),
)
MIN_CHANCE_GAP_PP = 25  # the depth report's criterion (face.MIN_CHANCE_GAP_PP, face.MIN_RULE_GAP_PP)
MIN_RULE_GAP_PP = 5
DEFAULT_PAYOUTS = ("10", "6", "4", "3", "2", "1", "0.5")  # table B: the categories a grid leaves out
MAX_PAYOUT = 10**12  # face.MAX_PAYOUT
MAX_KEEPS = 5_500_000  # the solver's lattice limit (multisets of 0..n dice), as the depth report states it
MAX_GRID = 10**12  # tables of one grid sweep: a day of a 100-worker cluster at 300,000 tables a second each
RANDOM_BLOCK = 65_536  # random draws made at once


def _category(name: str) -> str:
    key = ALIASES.get(name, name)
    if key not in CATEGORIES:
        raise InputError(f"--grid: unknown category {shown(name)}; known: {', '.join(CATEGORIES)} "
                         f"(or {', '.join(ALIASES)})")
    return key


def _parse_grid(grid: str | Sequence[str]) -> dict[str, Span]:
    given: dict[str, Span] = {}
    for name, rng in split_specs(grid, "--grid"):
        category = _category(name)
        if category in given:
            raise InputError(f"--grid: {category} is given twice ({shown(name)})")
        given[category] = parse_span(rng, f"--grid {name}", MAX_PAYOUT)
    if not given:
        raise InputError("--grid needs name=lo:hi[:step] for at least one category")
    return {c: given.get(c, parse_span(d, c)) for c, d in zip(CATEGORIES, DEFAULT_PAYOUTS, strict=True)}


def _parse_weights(weights: str | Sequence[int] | None, sides: int) -> list[int] | None:
    if weights is None:
        return None
    if isinstance(weights, str):
        words = weights.replace(",", " ").split()
        if not words or not all(w.isascii() and w.isdigit() and len(w) <= 7 for w in words):
            raise InputError(f"--weights must be whole numbers 0 to 1,000,000 separated by commas, "
                             f"got {shown(weights)}")
        return [int(w) for w in words]
    if isinstance(weights, (list, tuple)) and all(isinstance(w, int) and not isinstance(w, bool) for w in weights):
        return list(weights)
    raise InputError(f"--weights must be whole numbers separated by commas, got {shown(weights)}")


def _check_game(dice: int, sides: int, rerolls: int, weights: list[int] | None) -> dict:
    """Dice, faces, re-rolls and weights checked as a dice-poker game checks them (nothing solved)."""
    options = face.normalize_options({"dice": dice, "sides": sides, "rerolls": rerolls, "weights": weights})
    keeps = face.lattice_keeps(options["dice"], options["sides"])
    if keeps > MAX_KEEPS:
        raise InputError(f"{dice} dice with {sides} faces is too large to solve here: {keeps:,} multisets of "
                         f"0..{dice} dice (at most {MAX_KEEPS:,}: 10 dice with 16 faces, 9 with 18, 8 with 20)")
    return options


def _parse_only(only_return: str | None, only_deep: bool) -> dict | None:
    """The rows a sweep keeps: {"return": [lo, hi] (exact texts), "deep": true}, or None for every row."""
    only: dict = {}
    if only_return is not None:
        lo, sep, hi = str(only_return).partition(":")
        if not sep:
            raise InputError(f"--only-return takes LO:HI, e.g. 0.94:0.96, got {shown(only_return)}")
        low, high = parse_number(lo, "--only-return LO"), parse_number(hi, "--only-return HI")
        if low > high:
            raise InputError(f"--only-return: LO {number_text(low)} is above HI {number_text(high)}")
        only["return"] = [number_text(low), number_text(high)]
    if only_deep:
        only["deep"] = True
    return only or None


def definition(grid: str | Sequence[str] | None = None, random: int | None = None, seed: int | None = None,
               tables_file: str | None = None, dice: int = 5, sides: int = 6, rerolls: int = 2,
               weights: str | Sequence[int] | None = None, only_return: str | None = None,
               only_deep: bool = False) -> dict:
    """The checked, canonical definition: where the tables come from, the game they are played in, and which
    rows are kept (`only_return` "LO:HI" on the optimum's return, `only_deep`; default: every row)."""
    game = _check_game(dice, sides, rerolls, _parse_weights(weights, sides))
    out: dict = {"dice": game["dice"], "sides": game["sides"], "rerolls": game["rerolls"],
                 "weights": game["weights"],
                 "criterion": {"min_chance_gap_pp": MIN_CHANCE_GAP_PP, "min_rule_gap_pp": MIN_RULE_GAP_PP}}
    only = _parse_only(only_return, only_deep)
    if only is not None:  # absent otherwise: a sweep of every row keeps the definition it always had
        out["only"] = only
    if tables_file is not None:
        if grid is not None or random is not None or seed is not None:
            raise InputError("--tables-file sweeps the file's tables: give it without --grid, --random or --seed")
        tables = face.load_tables(tables_file)
        unique: dict[str, list] = {}  # key -> [names, payout texts]: a table listed twice is one item
        for name, payouts in tables.items():
            texts = [number_text(p) for p in payouts]
            unique.setdefault(",".join(texts), [[], texts])[0].append(name)
        out.update(source="file", tables=[[", ".join(names), texts] for names, texts in unique.values()])
        return out
    if grid is None:
        raise InputError("give --grid name=lo:hi[:step] ... (with --random N to draw from it) or --tables-file")
    spans = _parse_grid(grid)
    out["grid"] = {c: s.to_json() for c, s in spans.items()}
    size = math.prod(s.size for s in spans.values())
    # a sample of the grid's tables, checked as the depth report checks payouts (all of them lie in between)
    face.parse_payouts([s.lo for s in spans.values()])
    face.parse_payouts([s.hi for s in spans.values()])
    if random is None:
        if seed is not None:
            raise InputError("--seed draws random tables: give it with --random N")
        if size > MAX_GRID:
            raise InputError(f"--grid gives {size:,} tables; at most {MAX_GRID:,} (use coarser steps, or "
                             "--random N to draw from it)")
        out["source"] = "grid"
        return out
    random = parse_whole(random, "--random", 1)
    seed = 0 if seed is None else parse_seed(seed, "--seed")
    if size > MAX_PERMUTED:
        raise InputError(f"--grid gives {size:,} tables to draw from; at most {MAX_PERMUTED:,} (use coarser steps)")
    if random > size:
        raise InputError(f"--random {random:,} is more than the grid's {size:,} distinct tables: sweep the whole "
                         "grid (leave out --random) or widen it")
    out.update(source="random", random=random, seed=seed)
    return out


def _spans(d: dict) -> list[Span]:
    return [Span(*(Fraction(x) for x in d["grid"][c])) for c in CATEGORIES]


def count(definition: dict) -> int:
    """How many tables: the grid's size (the product of its ranges' sizes), N random draws, or the file's
    distinct tables."""
    if definition["source"] == "file":
        return len(definition["tables"])
    if definition["source"] == "random":
        return int(definition["random"])
    return math.prod(s.size for s in _spans(definition))


def _item(texts: Sequence[str], floats: Sequence[float], name: str | None = None) -> tuple[str, dict]:
    item: dict = {"payouts": list(floats)}
    if name is not None:
        item["table_name"] = name
    return ",".join(texts), item


def items(definition: dict) -> Iterator[tuple[str, dict]]:
    """(key, item) per table in a fixed order; the key is the payouts joined ("10,6,4,3,2,1,0.5"). A grid is
    walked lazily (the last category fastest), never listed."""
    if definition["source"] == "file":
        for name, texts in definition["tables"]:
            yield _item(texts, [float(Fraction(t)) for t in texts], name)
        return
    values = []  # per category: (text, float) of each value, listed once (a range has at most 100,000)
    for span in _spans(definition):
        values.append([(number_text(v), float(v)) for v in span.values()])
    if definition["source"] == "grid":
        for combo in itertools.product(*values):
            yield _item([t for t, _ in combo], [f for _, f in combo])
        return
    yield from _random_items(values, int(definition["random"]), int(definition["seed"]))


def _random_items(values: list[list[tuple[str, float]]], n: int, seed: int) -> Iterator[tuple[str, dict]]:
    """N distinct tables of the grid: grid index perm(i) for i = 0..N-1, decoded in mixed radix."""
    import numpy as np

    sizes = [len(v) for v in values]
    size = math.prod(sizes)
    for lo in range(0, n, RANDOM_BLOCK):
        index = permuted(np.arange(lo, min(n, lo + RANDOM_BLOCK), dtype=np.uint64), size, seed)
        digits = []
        for s in reversed(sizes):  # the last category is the fastest digit, as in the grid's order
            digits.append(index % np.uint64(s))
            index = index // np.uint64(s)
        digits.reverse()
        for row in zip(*(d.tolist() for d in digits), strict=True):
            combo = [values[c][k] for c, k in enumerate(row)]
            yield _item([t for t, _ in combo], [f for _, f in combo])


def _returns(definition: dict, tables, payouts: Sequence[Sequence] | None = None) -> tuple:
    """(optimal, rule, none) returns of the (n, 7) float tables: the batch kernel, or the depth report per table
    when the dice are loaded (the kernel takes fair dice); `payouts` are the exact texts the report then reads."""
    import numpy as np

    dice, sides, rerolls, weights = (definition["dice"], definition["sides"], definition["rerolls"],
                                     definition["weights"])
    if weights is None:
        # one thread: a Dask worker runs one task per thread it has
        got = face.batch_returns(tables, dice=dice, sides=sides, rerolls=rerolls, max_threads=1)
        return got["optimal"], got["rule"], got["none"]
    reports = [face.report(list(p), dice=dice, sides=sides, rerolls=rerolls, weights=weights)
               for p in (payouts if payouts is not None else tables.tolist())]
    return tuple(np.array([float(getattr(r, k)) for r in reports]) for k in ("optimal", "rule", "none"))


def _depth(optimal, rule, none) -> tuple:
    """The depth report's gaps, `gap = 100 (1 - strategy / optimum)` (NaN where the optimum is 0: no gap), and
    its criterion (chance gap >= 25 and rule gap >= 5) as 0/1."""
    import numpy as np

    with np.errstate(divide="ignore", invalid="ignore"):
        rule_gap = 100 * (1 - rule / optimal)
        chance_gap = 100 * (1 - none / optimal)
    zero = optimal == 0
    rule_gap[zero] = np.nan
    chance_gap[zero] = np.nan
    deep = (~zero & (chance_gap >= MIN_CHANCE_GAP_PP) & (rule_gap >= MIN_RULE_GAP_PP)).astype(np.int64)
    return rule_gap, chance_gap, deep


def _values(array) -> list:
    """A float array as Python values for SQLite, NaN as None (NULL)."""
    import numpy as np

    values = array.tolist()
    if np.isnan(array).any():
        values = [None if v != v else v for v in values]
    return values


def solve(definition: dict, items: list[dict]) -> list[dict]:
    """One row per table: payouts, the three returns, the depth report's two gaps and its criterion (every row:
    the `only` filter is `solve_range`'s)."""
    import numpy as np

    if not items:
        return []
    tables = np.array([item["payouts"] for item in items], dtype=np.float64).reshape(len(items), len(CATEGORIES))
    optimal, rule, none = _returns(definition, tables, [item["payouts"] for item in items])
    rule_gap, chance_gap, deep = _depth(optimal, rule, none)
    columns = (*tables.T.tolist(), [item.get("table_name") for item in items], optimal.tolist(), rule.tolist(),
               none.tolist(), _values(rule_gap), _values(chance_gap), deep.tolist())
    # a dict display builds a row about twice as fast as dict(zip(names, values))
    return [{"five_of_a_kind": c0, "four_of_a_kind": c1, "full_house": c2, "straight": c3, "three_of_a_kind": c4,
             "two_pairs": c5, "pair": c6, "table_name": name, "return": opt, "rule_return": rul,
             "none_return": non, "rule_gap": r_gap, "chance_gap": c_gap, "deep": dee}
            for c0, c1, c2, c3, c4, c5, c6, name, opt, rul, non, r_gap, c_gap, dee in zip(*columns, strict=True)]


_GRID_VALUES: dict[str, tuple] = {}  # a worker's grids: canonical grid -> per category (texts, floats)


def _grid_values(definition: dict) -> tuple:
    """Per category, its values' texts (an object array) and floats, listed once per grid in a process."""
    import json

    import numpy as np

    key = json.dumps(definition["grid"], sort_keys=True)
    if key not in _GRID_VALUES:
        if len(_GRID_VALUES) >= 8:
            _GRID_VALUES.clear()
        values = []
        for span in _spans(definition):
            exact = list(span.values())
            values.append((np.array([number_text(v) for v in exact], dtype=object),
                           np.array([float(v) for v in exact], dtype=np.float64)))
        _GRID_VALUES[key] = tuple(values)
    return _GRID_VALUES[key]


def _range_tables(definition: dict, start: int, stop: int) -> tuple:
    """The tables start..stop-1 in `items`' order: ((n, 7) floats, per category its n texts (object arrays),
    the file's names or None)."""
    import numpy as np

    if definition["source"] == "file":
        chosen = definition["tables"][start:stop]
        texts = [np.array(col, dtype=object) for col in zip(*(t for _, t in chosen), strict=True)]
        tables = np.array([[float(Fraction(t)) for t in texts_] for _, texts_ in chosen], dtype=np.float64)
        return tables.reshape(len(chosen), len(CATEGORIES)), texts, [name for name, _ in chosen]
    values = _grid_values(definition)
    index = np.arange(start, stop, dtype=np.uint64)
    if definition["source"] == "random":
        index = permuted(index, math.prod(len(f) for _, f in values), int(definition["seed"]))
    digits = []
    for _, floats in reversed(values):  # the last category is the fastest digit
        digits.append((index % np.uint64(len(floats))).astype(np.intp))
        index = index // np.uint64(len(floats))
    digits.reverse()
    tables = np.empty((stop - start, len(CATEGORIES)), dtype=np.float64)
    texts = []
    for c, ((words, floats), digit) in enumerate(zip(values, digits, strict=True)):
        tables[:, c] = floats[digit]
        texts.append(words[digit])
    return tables, texts, None


def solve_range(definition: dict, start: int, stop: int) -> list[tuple]:
    """The tables start..stop-1 of `items`' order, made and solved here: the rows the definition's `only`
    keeps, each (key, *values in COLUMNS order)."""
    import numpy as np

    tables, texts, names = _range_tables(definition, start, stop)
    if not len(tables):
        return []
    per_table = list(zip(*(t.tolist() for t in texts), strict=True)) if definition["weights"] else None
    optimal, rule, none = _returns(definition, tables, per_table)
    rule_gap, chance_gap, deep = _depth(optimal, rule, none)
    only = definition.get("only") or {}
    if only:
        keep = np.ones(len(tables), dtype=bool)
        if "return" in only:
            lo, hi = (float(Fraction(x)) for x in only["return"])
            keep &= (optimal >= lo) & (optimal <= hi)
        if only.get("deep"):
            keep &= deep == 1
        picked = np.flatnonzero(keep)
        tables, optimal, rule, none = tables[picked], optimal[picked], rule[picked], none[picked]
        rule_gap, chance_gap, deep = rule_gap[picked], chance_gap[picked], deep[picked]
        texts = [t[picked] for t in texts]
        names = None if names is None else [names[i] for i in picked.tolist()]
    keys = list(map(",".join, zip(*(t.tolist() for t in texts), strict=True)))
    return list(zip(keys, optimal.tolist(), rule.tolist(), none.tolist(), _values(rule_gap), _values(chance_gap),
                    deep.tolist(), *tables.T.tolist(), names if names is not None else [None] * len(keys), strict=True))


def plot(rows: list[dict], definition: dict, path: str) -> None:
    """Return against the rule gap, one point per table: deep tables, tables above the rule's limit but not
    chance's, and the rest; dashed line at the rule-gap limit (5 pp)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    criterion = definition.get("criterion", {})
    min_rule = criterion.get("min_rule_gap_pp", MIN_RULE_GAP_PP)
    min_chance = criterion.get("min_chance_gap_pp", MIN_CHANCE_GAP_PP)
    groups: dict[str, tuple[list[float], list[float], str, str]] = {  # points x, y; colour, marker
        "deep": ([], [], OKABE_ITO["blue"], "o"),
        "rule gap ok, chance gap short": ([], [], OKABE_ITO["orange"], "s"),
        "rule gap short": ([], [], OKABE_ITO["vermillion"], "^"),
    }
    for row in rows:
        if row.get("rule_gap") is None or row.get("return") is None:
            continue
        if row.get("deep"):
            key = "deep"
        elif row["rule_gap"] >= min_rule:
            key = "rule gap ok, chance gap short"
        else:
            key = "rule gap short"
        groups[key][0].append(row["rule_gap"])
        groups[key][1].append(row["return"])
    fig, ax = plt.subplots(figsize=(6.4, 4.8), layout="constrained")
    many = sum(len(g[0]) for g in groups.values()) > 2000
    for label, (xs, ys, colour, marker) in groups.items():
        if xs:
            ax.plot(xs, ys, linestyle="none", marker=marker, markersize=2 if many else 5, color=colour,
                    label=f"{label} ({len(xs):,})", rasterized=many)
    ax.axvline(min_rule, color=OKABE_ITO["black"], linestyle="--", linewidth=1,
               label=f"rule gap {min_rule:g} pp")
    ax.set_xlabel("optimum above the rule (percentage points)")
    ax.set_ylabel("return per unit bet (optimal play)")
    ax.set_title(f"dice poker: {len(rows):,} tables (deep: chance gap >= {min_chance:g} pp and rule gap >= "
                 f"{min_rule:g} pp)", fontsize="medium")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize="small", loc="best")
    save_figure(fig, path)
