"""Write the Farkle score table that ships inside holdwise: src/holdwise/games/farkle/data/score-table.npy.

The code and score / 50 of every selection of one to six dice (`roll_table.score_pairs`, from the scoring
rules), so that a first call reads 14 kB instead of scoring 1,715 selections in Python. Run it (from the
repository root, in the project's venv) whenever the scoring rules change; tests/games/farkle/test_score_table.py
fails until it is written again, and a file of the wrong shape is never used (the table is built instead).

    python tools/ship_farkle_scores.py           # write it
    python tools/ship_farkle_scores.py --check   # compare with the rules now, write nothing (exit 1 if stale)
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

import numpy as np

__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the rules now; write nothing")
    opts = parser.parse_args(argv)
    from holdwise.games.farkle import roll_table

    pairs = roll_table.score_pairs()
    path = roll_table.SCORES_FILE
    if opts.check:
        try:
            same = np.array_equal(np.load(path, allow_pickle=False), pairs)
        except OSError:
            same = False
        print(f"{os.path.basename(path)}: {'up to date' if same else 'stale or missing'}")
        return 0 if same else 1
    from holdwise.storage import atomic_write

    os.makedirs(os.path.dirname(path), exist_ok=True)
    atomic_write(Path(path), lambda f: np.save(f, pairs, allow_pickle=False))
    os.chmod(path, 0o644)  # as any file of the package (the temporary file was private)
    print(f"wrote {path} ({os.path.getsize(path):,} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
