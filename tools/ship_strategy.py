"""Write the strategy reports that ship inside holdwise: src/holdwise/games/video_poker/data/strategy/<game>.json.

Each file is the default question of one shipped game, as `holdwise video-poker strategy --game ID` asks it
(5 coins, no --lines, no --curve, 10 error groups), with its key (pay table in full, holdwise's version, the
store's FORMAT) and a checksum: a first run after install prints it without compiling a kernel.

Run it (from the repository root, in the project's venv) whenever a figure or the format changes: a change to
the strategy engine, the pattern vocabulary or the report's JSON, a bump of holdwise's version or of the store's
FORMAT, or an edited pay table in games.toml. A stale file is never used (its key no longer matches; the answer
is computed), and tests/games/video_poker/test_strategy_store.py fails until the files are written again.

    python tools/ship_strategy.py            # every shipped game (about 3 s a game after the first compile)
    python tools/ship_strategy.py --game jacks-or-better-9-6 --check   # compare, write nothing
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src" / "holdwise" / "games" / "video_poker" / "data" / "strategy"

__all__ = ["OUT", "main", "shipped_text"]


def shipped_text(game_id: str) -> str:
    """The file a shipped game's default strategy report ships as (computed now)."""
    from holdwise.games.video_poker import answers, get_game, shipped_games, store
    from holdwise.games.video_poker.strategy import TOP_ERRORS, strategy_report

    if game_id not in shipped_games():
        raise SystemExit(f"{game_id!r} is not a shipped game")
    table = get_game(game_id)
    report = strategy_report(table, 5, top_errors=TOP_ERRORS)
    data = answers.report_file(store.report_key(table, 5, None, False, TOP_ERRORS), report)
    # one key a line: small diffs when a figure changes, and no trailing spaces
    return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write (or with --check compare) the shipped strategy files; 1 when --check finds a difference."""
    sys.path.insert(0, str(ROOT / "src"))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a shipped game id (default: all of them)")
    parser.add_argument("--check", action="store_true", help="compare with the files, write nothing")
    args = parser.parse_args(argv)
    from holdwise.games.video_poker import shipped_games
    from holdwise.storage import atomic_write

    OUT.mkdir(parents=True, exist_ok=True)
    differ = []
    for game_id in args.game or list(shipped_games()):
        text = shipped_text(game_id)
        path = OUT / f"{game_id}.json"
        same = path.exists() and path.read_text(encoding="utf-8") == text
        if args.check:
            differ += [] if same else [game_id]
            print(f"{game_id}: {'same' if same else 'DIFFERS'}")
            continue
        atomic_write(path, lambda f, text=text: f.write(text.encode("utf-8")))
        path.chmod(0o644)
        print(f"{game_id}: {'unchanged' if same else 'written'} ({len(text):,} bytes)")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
