"""Write docs/reference/kcd-dice.md from the dice catalogue (src/holdwise/games/farkle/data/kcd2-dice.json).

Run: python tools/write_kcd_dice_page.py [--out docs/reference/kcd-dice.md]
The page is regenerated whole from the data and the exact turn solves, so it never drifts from either; a test
compares it with this script's output.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "src" / "holdwise" / "games" / "farkle" / "data" / "kcd2-dice.json"
OUT = ROOT / "docs" / "reference" / "kcd-dice.md"

__all__ = ["main", "page"]


def _figure(p: float) -> str:
    return f"{p:g}"


def _address(url: str) -> str:
    """A source's address without its scheme: the docs name sources, they do not link out of the repository."""
    return url.split("://", 1)[-1]


def page() -> str:
    """The reference page's text."""
    sys.path.insert(0, str(ROOT / "src"))
    from holdwise.games.farkle import list_dice

    data = json.loads(DATA.read_text(encoding="utf-8"))
    strength = {d.id: d for d in list_dice(strength=True).dice}
    rows = data["dice"]
    lines = [
        "<!-- Written by tools/write_kcd_dice_page.py from src/holdwise/games/farkle/data/kcd2-dice.json; "
        "do not edit by hand. -->",
        "# Kingdom Come: Deliverance II: every die",
        "",
        f"Kingdom Come: Deliverance II has {len(rows)} dice, {len({r['group'] for r in rows})} distinct once "
        "re-skins are grouped. holdwise ships them as data (`src/holdwise/games/farkle/data/kcd2-dice.json`, "
        "loaded once by `holdwise.games.farkle.rules`): each die's name as the game shows it, a stable id (the "
        "slugs holdwise used before stay ids), integer weights of faces 1-6, the percentages published for it, "
        "and the sources. Commands take a die by id or by name, forgiving case, apostrophes and the word "
        "\"die\" (`lucky`, `\"Lucky die\"`, `\"St. Stephen's die\"`); `holdwise farkle dice` lists them.",
        "",
        "## How the weights were recovered",
        "",
        "The sources publish each face's chance as a percentage with one decimal (trailing zeros dropped or "
        "padded), some rounded and some truncated (45.45% appears as 45.4, 9.375% as 9.4). A whole weight `w` "
        "out of a total `N` reproduces a published figure `p` when `p - 0.05 <= 100 w / N < p + 0.1`: it "
        "rounds or truncates to `p`. The weights of a die are those of the smallest total `N` for which whole "
        "weights reproduce all six figures; for every die below that smallest total has exactly one such set of "
        "weights, which is therefore in lowest terms. `tests/games/farkle/test_catalogue.py` recovers every "
        "die's weights again this way with exact fractions and checks each published figure.",
        "",
        "Where sources disagree, the reading of the community wiki (carried by the public calculator and by "
        "most lists) is kept: more lists agree with it, and the list that differs on most dice (game-files, "
        "said to be read from the game's files, of an unknown game version) has a visible slip (its Fer die's "
        "weights sum to 20 beside a stated total of 21). The other readings are listed below and in the data "
        "file, so a player can try one as a custom die (`custom:4,5,7,1,1,1`). The wiki and the calculator are "
        "one reading, not two: the calculator quotes the wiki; every die but four (Balatro's, Monk's, "
        "Mother-of-pearl and Tengri's, marked below) is also given alike by at least one other list.",
        "",
        "## The dice",
        "",
        "Strength: expected points per turn, solved exactly, with six of the die (alone) and with three of it "
        "beside three ordinary dice. J marks a joker face.",
        "",
        "| die | id | weights 1-6 (total) | published % | alone | w/ 3 ord. | sources |",
        "|---|---|---|---|---:|---:|---|",
    ]
    for r in rows:
        weights = ",".join(f"{w}J" if f in r["joker_faces"] else str(w) for f, w in enumerate(r["weights"], 1))
        published = "none" if r["published"] is None else ", ".join(_figure(p) for p in r["published"])
        s = strength[r["id"]]
        alone = "unbounded" if s.points_alone is None else f"{s.points_alone:,.1f}"
        beside = "unbounded" if s.points_beside_ordinary is None else f"{s.points_beside_ordinary:,.1f}"
        lines.append(f"| {r['name']} | `{r['id']}` | {weights} ({sum(r['weights'])}) | {published} | {alone} | "
                     f"{beside} | {', '.join(r['sources'])} |")
    groups: dict[str, list[str]] = {}
    for r in rows:
        groups.setdefault(r["group"], []).append(r["name"])
    lines += ["", "## Re-skins (dice that roll alike)", ""]
    for names in groups.values():
        if len(names) > 1:
            lines.append(f"- {', '.join(names)}")
    lines += ["", "## Notes and disagreements", ""]
    for r in rows:
        notes = [r["note"]] if "note" in r else []
        for d in r.get("disputes", []):
            reading = ",".join(map(str, d["weights"]))
            if d.get("joker_faces"):
                reading += f" with face {d['joker_faces'][0]} a joker"
            figures = f" ({', '.join(_figure(p) for p in d['published'])}%)" if "published" in d else ""
            extra = f": {d['note']}" if "note" in d else ""
            notes.append(f"{d['source']} gives {reading}{figures}{extra}")
        if notes:
            lines.append(f"- **{r['name']}**: " + "; ".join(notes) + ".")
    lines += ["", "## Sources", ""]
    for key, src in data["sources"].items():
        lines.append(f"- `{key}`: {src['title']}, {_address(src['url'])}. Gives {src['gives']}.")
    lines += [
        "",
        "Guides of early 2025 (Dot Esports' \"best dice\" guide, seeyousoonmom's dice chances and locations) give "
        "Saint Antiochus' die as always a 3, after its description in the game; holdwise had that row too, from a "
        "reference that named no source.",
        "",
        "## The first game's dice",
        "",
        "Kingdom Come: Deliverance (the first game) has its own loaded dice (Alfonse's die, the biased die, the "
        "commonest die, and others). The public lists found for them give frequencies counted from roll tests "
        "(for example 83 ones in 177 rolls for Alfonse's die), not the game's weights, so they cannot be recovered "
        "exactly and are not in the catalogue; the shared rules (seed 004, the joker of the Devil's head die) are "
        "the same in both games.",
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    """Write the page."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    args.out.write_text(page(), encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
