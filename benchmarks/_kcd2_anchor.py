"""The Kingdom Come dice calculator's own inventory search (an anchor, never committed here), run in Node.

The anchor is Gaetarra/kcd2-dice-calculator @ 3000829: its "Find best set" search, copied out of the page with
its solver beside it to DIR/kcd2-dice-calculator/search.js and run headless (`node search.js '<json>'`, one JSON
line out; the anchors' README says how it was made and checked). DIR is a script's --anchors, else
$HOLDWISE_ANCHORS, else build/anchors in this checkout, as for bench_anchors.py.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEARCH = Path("kcd2-dice-calculator") / "search.js"
CATALOGUE = ROOT / "src" / "holdwise" / "games" / "farkle" / "data" / "kcd2-dice.json"


def default_anchors_dir() -> Path:
    """The anchors folder when a script is given none: $HOLDWISE_ANCHORS, else build/anchors here."""
    return Path(os.environ.get("HOLDWISE_ANCHORS") or ROOT / "build" / "anchors")


def find_anchor_search(anchors_dir: str | Path | None = None) -> Path | None:
    """The anchor's search.js under `anchors_dir` (else the default folder), or None when it is not there."""
    path = Path(anchors_dir or default_anchors_dir()) / SEARCH
    return path if path.is_file() else None


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("node not on PATH")
    return node


def run_anchor_search(path: Path, inventory: dict[str, int], threads: int = 2, mode: str = "ppt",
                      target: int | None = None, timeout: float = 600.0, *, top: int = 20,
                      stop_after: int | None = None) -> dict:
    """One search by the anchor: its JSON line plus the node process's wall and CPU seconds.

    `inventory` counts dice by the anchor's names (see anchor_names); `mode` is "ppt" (points per turn, the
    page's cap of 20000) or "match" (a turn capped at `target`); `threads` is the page's "cores" (Node
    worker threads); `stop_after` presses the page's Stop once that many sets are searched. The process's
    CPU seconds count every thread of it (the children's rusage, taken around this one run).
    """
    if mode not in ("ppt", "match") or (mode == "match") != (target is not None):
        raise ValueError("mode is 'ppt' with no target, or 'match' with one")
    opts: dict[str, object] = {"inventory": inventory, "threads": threads, "mode": mode, "top": top}
    if target is not None:
        opts["target"] = target
    if stop_after is not None:
        opts["stop_after"] = stop_after
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([_node(), str(path), json.dumps(opts)], capture_output=True, text=True,
                          timeout=timeout, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    result: dict = json.loads(done.stdout)
    result["process_wall_seconds"] = wall
    result["process_cpu_seconds"] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return result


def anchor_dice(path: Path, timeout: float = 60.0) -> list[dict]:
    """The anchor's dice list as its page has it: name, weights, devil (a joker on the 1), weight class."""
    done = subprocess.run([_node(), str(path), json.dumps({"list": True})], capture_output=True, text=True,
                          timeout=timeout, check=True)
    dice: list[dict] = json.loads(done.stdout)
    return dice


def anchor_names(dice: list[dict], catalogue: Path = CATALOGUE) -> dict[str, str]:
    """Holdwise die id -> the anchor's name for it: the same name, else the one die with its weights and joker.

    The names differ for one die (holdwise's "Three die" is the page's "Trinity die"); a die the anchor does
    not have, or cannot tell apart by weights, is left out.
    """
    by_name = {d["name"]: d["name"] for d in dice}
    by_faces: dict[tuple, list[str]] = {}
    for d in dice:
        by_faces.setdefault((tuple(d["weights"]), bool(d["devil"])), []).append(d["name"])
    names = {}
    for die in json.loads(catalogue.read_text())["dice"]:
        same = by_faces.get((tuple(die["weights"]), bool(die.get("joker_faces"))), [])
        name = by_name.get(die["name"]) or (same[0] if len(same) == 1 else None)
        if name is not None:
            names[die["id"]] = name
    return names


def anchor_inventory(owned: dict[str, int], names: dict[str, str]) -> dict[str, int]:
    """An inventory by holdwise ids as the anchor's search takes it (by its names; Ordinary it adds itself)."""
    inventory: dict[str, int] = {}
    for die_id, count in owned.items():
        name = names[die_id]
        inventory[name] = inventory.get(name, 0) + count
    return inventory
