"""What every command shares: version, help, one-line errors, JSON without NaN, the terminal loop's review."""

from __future__ import annotations

import json
import types

import pytest
from typer.testing import CliRunner

from holdwise import InputError, __version__
from holdwise.cli import app
from holdwise.cli._common import emit_json, join_hand
from holdwise.cli._play import TerminalGame, review_lines, run
from holdwise.games.base import Decision, Hint, Option, State

runner = CliRunner()


def test_version_and_short_help():
    out = runner.invoke(app, ["--version"])
    assert out.exit_code == 0 and out.stdout.strip() == f"holdwise {__version__}"
    for args in (["-h"], ["farkle", "-h"], ["video-poker", "hold", "-h"], ["poker-dice", "duel", "-h"]):
        out = runner.invoke(app, args)
        assert out.exit_code == 0 and "Usage" in out.stdout, args


@pytest.mark.parametrize("group", ["dice-poker", "video-poker", "farkle", "poker-dice"])
def test_every_group_page_has_an_example(group):
    out = runner.invoke(app, [group, "--help"], env={"COLUMNS": "80"})
    assert out.exit_code == 0 and "Example" in out.stdout


@pytest.mark.parametrize("args", [
    ["dice-poker", "hint", "1", "2", "3", "--rerolls-left", "1"],
    ["video-poker", "hold", "AS KS QS JS"],
    ["farkle", "turn", "--dice", "nosuchdie"],
    ["poker-dice", "hint", "1 1 3 4 7", "--rolls-left", "1"],
])
def test_bad_input_is_one_line_on_stderr_and_exit_2(args):
    out = runner.invoke(app, args)
    assert out.exit_code == 2, out.output
    assert out.stderr.startswith("error: ") and out.stderr.count("\n") == 1
    assert out.stdout == ""


def test_an_input_error_anywhere_below_a_group_is_one_line():
    import typer

    from holdwise.cli._common import new_app

    demo = new_app("demo")

    @demo.command()
    def boom() -> None:
        """Raise."""
        raise InputError("the frobnicator is out of range")

    @demo.command()
    def other() -> None:
        """Exit normally."""
        raise typer.Exit(0)

    out = runner.invoke(demo, ["boom"])
    assert out.exit_code == 2 and out.stderr == "error: the frobnicator is out of range\n"


def test_emit_json_refuses_nothing_and_prints_null_for_non_finite(capsys):
    emit_json({"a": float("inf"), "b": float("nan"), "c": 0.5})
    assert json.loads(capsys.readouterr().out) == {"a": None, "b": None, "c": 0.5}


def test_join_hand_takes_one_string_or_separate_words():
    assert join_hand(["AS", "KS"]) == join_hand(["AS,KS"]) == join_hand(["AS KS"]) == "AS KS"
    assert join_hand(None) == ""


def _decision(loss: float) -> Decision:
    return Decision(position="1 1 2 4 5, 2 re-rolls left", chosen="1 1 2 4 5", best="1 1", loss=loss,
                    measure="expected_payout")


def test_review_lists_costly_decisions_within_80_columns():
    lines = review_lines([_decision(1.5), _decision(0.0), _decision(0.25)])
    assert lines[0] == "review: 2 of your 3 decisions lost value:"
    assert lines[-1] == "  total cost: 1.75 expected payout"
    assert all(len(line) <= 80 for line in lines)
    assert review_lines([_decision(0.0)]) == ["review: all 1 of your decisions were best play."]
    assert review_lines([]) == []


def _toy_face():
    """A one-move game: pick 1 or 2; 2 is best. Enough to drive the loop."""

    def new_game(options, seed):
        return State(game="toy", options={}, seed=seed, draws=0, phase="pick", to_move="player", data={},
                     tally={"games": 0}, log=("toy game",))

    def actions(state):
        return [{"type": "next"}] if state.over else [{"type": "pick", "n": 1}, {"type": "pick", "n": 2}]

    def advice(state):
        return Hint(game="toy", position={}, measure="points",
                    options=(Option("2", 2.0, 0.0, {"type": "pick", "n": 2}),
                             Option("1", 1.0, 1.0, {"type": "pick", "n": 1})))

    def step(state, action):
        if action["type"] == "next":
            return state.evolve(phase="pick", log=("toy game",))
        loss = 2.0 - action["n"]
        return state.evolve(phase="over", tally={"games": state.tally["games"] + 1},
                            decisions=(*state.decisions, Decision("pick", str(action["n"]), "2", loss, "points")),
                            log=(*state.log, f"picked {action['n']}"))

    def parse_action(state, text):
        if text not in ("1", "2"):
            raise InputError(f"pick 1 or 2, not {text!r}")
        return {"type": "pick", "n": int(text)}

    return types.SimpleNamespace(new_game=new_game, actions=actions, advice=advice, step=step,
                                 parse_action=parse_action, computer_action=lambda s: None)


def test_the_loop_shows_the_log_hints_errors_tally_and_review():
    face = _toy_face()
    game = TerminalGame(face=face, rules=("r1", "r2", "r3"), keys="1 or 2", render=lambda s: ["pos"],
                        prompt=lambda s: "pick>", summary=lambda s: [f"games {s.tally['games']}"])
    answers = iter(["h", "?", "7", "1", "y", "2", "n"])
    lines: list[str] = []
    state = run(game, face.new_game({}, 1), read=lambda prompt: next(answers), echo=lines.append)
    assert lines[:4] == ["r1", "r2", "r3", "keys: 1 or 2; h hint, ? help, q quit"]
    assert lines.count("toy game") == 2  # the log of each game is shown, also after it starts anew
    assert "  pick 1 or 2, not '7'" in lines
    assert any(line.startswith("  2 ") for line in lines)  # the hint's best option
    assert "games 2" in lines and state.tally["games"] == 2
    assert "review: 1 of your 2 decisions lost value:" in lines


def test_time_words():
    from holdwise.cli._common import time_words

    assert [time_words(x) for x in (0.2, 40, 89, 90, 185, 5300, 5400, 7300)] == [
        "1 s", "40 s", "89 s", "2 min", "3 min", "88 min", "1 h 30 min", "2 h 2 min"]


def test_a_match_solves_share_of_work_counts_one_or_two_solves():
    from holdwise.cli.farkle import _pair_share
    from holdwise.games.farkle.guard import work_fraction

    g = 40
    assert _pair_share(0, g * g) == 0.0 and _pair_share(g * g, g * g) == 1.0
    assert _pair_share(700, g * g) == work_fraction(700, g)
    assert _pair_share(g * g, 2 * g * g) == 0.5  # the first of two solves done
    assert _pair_share(g * g + 700, 2 * g * g) == pytest.approx((1 + work_fraction(700, g)) / 2)
    assert _pair_share(3, 10) == 0.3  # neither: the plain count
