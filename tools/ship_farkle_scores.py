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
import tempfile

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
    os.makedirs(os.path.dirname(path), exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), suffix=".npy")
    with os.fdopen(fd, "wb") as f:
        np.save(f, pairs, allow_pickle=False)
    os.chmod(tmp, 0o644)  # as any file of the package (mkstemp makes it private)
    os.replace(tmp, path)
    print(f"wrote {path} ({os.path.getsize(path):,} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
