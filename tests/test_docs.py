"""The documentation's promises (README.md and docs/): every command and example runs as shown, the output
shown is the real one, links stay inside the repository, and the MkDocs site builds."""

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", flags=re.S | re.M)

# Commands that take more than a few seconds on a first run (an empty holdwise cache, as in a test session, and
# kernels compiled on first use): they solve a whole game, a match, a duel, a loadout search or the Yahtzee
# table, derive a chart or start a Dask cluster (5 s to 2 minutes on the shared 2-core machine). Every other
# documented command took at most 2.4 s of CPU there with an empty cache. The fast lane (-m "not slow") leaves
# these out; CI runs them.
SLOW = frozenset({
    'holdwise video-poker return',
    'holdwise video-poker strategy --lines 12',
    'holdwise farkle turn',
    'holdwise farkle hint 1 J --positions 5,6 --dice ordinary*5,devils-head --json',
    'holdwise farkle match --target 500',
    'holdwise farkle loadout --owned ordinary*5,odd,lucky --top 3',
    'holdwise poker-dice duel --json',
    'holdwise poker-dice duel --roll-limit',
    'holdwise poker-dice --no-straights hint 66622 --rolls-left 1 --all',
    'holdwise poker-dice duel --rules octahedral --players 3',
    'holdwise poker-dice hint --rules octahedral Ac Kc Ah Ad 7s --rolls-left 1 --to-beat "Ks Kh Kd Kc 9s"',
    'holdwise yahtzee solve',
    'holdwise yahtzee hint 1 1 5 3 2 --card "ones=3 fh=25" --rolls-left 2',
    'holdwise yahtzee hint 6 6 6 6 6 --card "ones=3 fh=25 y=50" --rolls-left 0 --json',
    'holdwise yahtzee simulate --games 300 --seed 1',
    'holdwise yahtzee distribution --plot final-scores.png',
    'holdwise sweep dice-poker --grid "five=5:20:5 four=3:10 full_house=2:6" --workers 2',
    'holdwise sweep video-poker --game jacks-or-better-9-6 --vary full_house=6:9 flush=5:6 --workers 2',
    'holdwise sweep farkle-ranking --owned "lucky*2,odd*2,kings*2,weighted*2,pie*2,ordinary*2" --top 5 --workers 1',
    'holdwise sweep farkle-loadouts --owned "ordinary*6,lucky,weighted" --opponent-dice ordinary*6 --target 500 --workers 1',
})
# Python blocks that take more than a few seconds, by page and number (0 = the page's first block).
SLOW_PYTHON = frozenset({("docs/games/video-poker.md", 0), ("docs/web.md", 0)})


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _blocks(path: Path) -> list[tuple[str, str]]:
    """A page's fenced blocks in order, as (language, text)."""
    return FENCE.findall(path.read_text())


def documented_commands() -> dict[str, list[str] | None]:
    """Every `holdwise` command of a ```sh block, once, with the output excerpt shown after it, if any.

    An excerpt is a ```text block right after a ```sh block of one command: its lines, `...` for rows left out.
    """
    commands: dict[str, list[str] | None] = {}
    for page in PAGES:
        blocks = _blocks(page)
        for i, (language, text) in enumerate(blocks):
            if language != "sh":
                continue
            shown = [line.strip() for line in text.splitlines() if line.strip().startswith("holdwise ")]
            excerpt = None
            if len(shown) == 1 and i + 1 < len(blocks) and blocks[i + 1][0] == "text":
                excerpt = blocks[i + 1][1].splitlines()
            for command in shown:
                if commands.get(command) is None:
                    commands[command] = excerpt
    return commands


COMMANDS = documented_commands()


def test_every_game_has_runnable_commands_in_the_docs():
    for game in ("dice-poker", "dice-duel", "liars-dice", "video-poker", "farkle", "poker-dice", "yahtzee", "sweep"):
        assert any(c.startswith(f"holdwise {game} ") or c == f"holdwise {game}" for c in COMMANDS), game


def test_the_slow_list_names_only_documented_commands():
    assert SLOW <= set(COMMANDS), SLOW - set(COMMANDS)
    python_blocks = {(_name(p), n) for p in PAGES for n, _ in enumerate(b for b in _blocks(p) if b[0] == "python")}
    assert SLOW_PYTHON <= python_blocks, SLOW_PYTHON - python_blocks


@pytest.mark.parametrize("command", [pytest.param(c, marks=[pytest.mark.slow] if c in SLOW else [], id=c)
                                     for c in COMMANDS])
def test_every_documented_command_runs_as_shown(command, tmp_path, monkeypatch):
    """Exit 0; with --json one JSON object, else at most 80 columns; the excerpt shown is in the output. Run
    by the console script's own command line in this process, from an empty folder (a new process a command
    cost a third of a second of CPU more each: the processes themselves are tested in tests/cli)."""
    from typer.testing import CliRunner

    from holdwise.cli import app

    monkeypatch.chdir(tmp_path)
    done = CliRunner().invoke(app, shlex.split(command)[1:], env={"COLUMNS": "80"}, prog_name="holdwise")
    assert done.exit_code == 0, (done.output, done.exception)
    if "--json" in command:
        assert isinstance(json.loads(done.stdout), dict)
    else:
        assert all(len(line) <= 80 for line in done.stdout.splitlines()), done.stdout
    printed = [line.rstrip() for line in done.stdout.splitlines()]
    for line in COMMANDS[command] or []:
        if line.strip() != "...":
            assert line.rstrip() in printed, f"{line!r} is not in the output:\n{done.stdout}"


def _python_blocks() -> list:
    params = []
    for page in PAGES:
        blocks = [text for language, text in _blocks(page) if language == "python"]
        for n, text in enumerate(blocks):
            slow = (_name(page), n) in SLOW_PYTHON
            params.append(pytest.param(_name(page), text, id=f"{_name(page)}:{n}",
                                       marks=[pytest.mark.slow] if slow else []))
    return params


@pytest.mark.parametrize(("page", "block"), _python_blocks())
def test_every_python_block_runs(page, block, request):
    """Each ```python block runs as shown; the web lab's examples against a live server (for 127.0.0.1:8000)."""
    if "127.0.0.1:8000" in block:
        host = request.getfixturevalue("live_server").removeprefix("http://")
        block = block.replace("127.0.0.1:8000", host)
    exec(compile(block, page, "exec"), {"__name__": "__docs__"})


def test_the_web_lab_examples_are_among_the_python_blocks():
    blocks = [text for language, text in _blocks(ROOT / "docs" / "web.md") if language == "python"]
    assert sum("127.0.0.1:8000" in b for b in blocks) >= 2


def _without_code(text: str) -> str:
    """The text without its fenced blocks and inline code (links are read from the prose only)."""
    return re.sub(r"`[^`\n]*`", "", FENCE.sub("", text))


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_links_stay_inside_the_repository_and_resolve(page):
    """No address outside this machine (only localhost examples); every relative link names a file."""
    text = page.read_text()
    # a proxy's configuration names its upstream group as a URL (proxy_pass http://holdwise): not an address
    config = re.compile(r"^```nginx\n.*?^```", flags=re.S | re.M)
    for url in re.findall(r"https?://[^\s)>\"'`]+", config.sub("", text)):
        assert re.match(r"https?://(localhost|127\.0\.0\.1)([:/]|$)", url), f"{_name(page)}: {url}"
    for target in re.findall(r"\]\(([^)\s]*)\)", _without_code(text)):
        assert not re.match(r"[a-z][a-z0-9+.-]*:", target), f"{_name(page)}: {target}"
        path = target.split("#", 1)[0]
        if not path:
            continue
        resolved = (page.parent / path).resolve()
        assert resolved.is_file(), f"{_name(page)}: {target} is not a file"
        inside = ROOT if page.name == "README.md" and page.parent == ROOT else ROOT / "docs"
        assert resolved.is_relative_to(inside), f"{_name(page)}: {target} leaves {_name(inside) or '.'}"


def _nav_pages(entries) -> list[str]:
    pages = []
    for entry in entries:
        for value in (entry.values() if isinstance(entry, dict) else [entry]):
            pages += _nav_pages(value) if isinstance(value, list) else [value]
    return pages


def test_the_site_lists_every_page():
    import yaml

    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text())
    listed = _nav_pages(config["nav"])
    pages = sorted(p.relative_to(ROOT / "docs").as_posix() for p in (ROOT / "docs").rglob("*.md"))
    assert sorted(listed) == pages
    for game in ("dice-poker", "dice-duel", "liars-dice", "video-poker", "farkle", "poker-dice", "yahtzee"):
        assert f"games/{game}.md" in listed


@pytest.mark.slow
def test_the_site_builds_strictly(tmp_path):
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(tmp_path / "site")],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "site" / "games" / "farkle" / "index.html").is_file()
    for page in (tmp_path / "site").rglob("*.html"):  # nothing loaded from outside the machine
        assert not re.search(r'(src|href)="https?://[^"]*\.(js|css)', page.read_text()), page
