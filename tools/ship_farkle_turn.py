"""Write the Farkle turn data that ships inside holdwise: src/holdwise/games/farkle/data/turn-ordinary6.npz and
turn-points.json.

The default loadout's (six ordinary dice) turn solve, with its key (the dice, the store's TURN_FORMAT and
holdwise's version) and a checksum, as the turn store keeps it: a first `holdwise farkle turn` reads it and
neither solves nor starts Numba's compiler. And the dice listing's strengths, every named die's expected points
per turn six alike and three beside three ordinary dice, by the hash of each loadout's turn key: a first
`holdwise farkle dice` (and the web's first GET /api/farkle/dice) reads them instead of solving 64 turns.

Run it (from the repository root, in the project's venv) whenever the turn solve's figures or format change: a
change to the scoring rules or the turn solver, a bump of holdwise's version or of TURN_FORMAT. A stale file is
never used (its key no longer matches, so the turn is solved), and tests/games/farkle/test_turn_tables.py fails
until it is written again.

    python tools/ship_farkle_turn.py           # write it
    python tools/ship_farkle_turn.py --check   # compare with a solve now, write nothing (exit 1 if stale)
"""

from __future__ import annotations

import argparse

import numpy as np

__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with a solve now; write nothing")
    opts = parser.parse_args(argv)
    from holdwise.games.farkle import parse_dice, store
    from holdwise.games.farkle.roll_table import die_types
    from holdwise.games.farkle.turn import solve_types
    from holdwise.storage import atomic_write, save_arrays

    types = die_types(parse_dice(None))
    arrays = store.turn_arrays(solve_types(types))
    path = store.shipped_turn_path()
    points = points_text()
    points_path = store.shipped_points_path()
    if opts.check:
        names = tuple(arrays)
        kept = store.load_arrays(path, store.turn_key(types), names, lambda **a: True, owned=False)
        same = kept is not None and all(np.array_equal(kept[n], arrays[n], equal_nan=kept[n].dtype.kind == "f") for n in names)
        print(f"{path.name}: {'up to date' if same else 'stale or missing'}")
        same_points = points_path.exists() and points_path.read_text() == points
        print(f"{points_path.name}: {'up to date' if same_points else 'stale or missing'}")
        return 0 if same and same_points else 1
    path.parent.mkdir(parents=True, exist_ok=True)
    save_arrays(path, store.turn_key(types), arrays)
    print(f"wrote {path} ({path.stat().st_size:,} bytes)")
    atomic_write(points_path, lambda f: f.write(points.encode()))
    print(f"wrote {points_path} ({points_path.stat().st_size:,} bytes)")
    return 0


def points_text() -> str:
    """The shipped points file (computed now): every named die six alike and three beside three ordinary."""
    import json

    from holdwise.games.farkle import NAMED_DICE, store
    from holdwise.games.farkle.analysis import strength_loadouts
    from holdwise.games.farkle.roll_table import die_types
    from holdwise.games.farkle.stored import solved_points

    out = {store.turn_hash(die_types(dice)): solved_points(dice)
           for die in NAMED_DICE.values() for dice in strength_loadouts(die)}
    return json.dumps(out, indent=1, sort_keys=True) + "\n"


if __name__ == "__main__":
    raise SystemExit(main())
