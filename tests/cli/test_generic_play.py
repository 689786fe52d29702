"""`holdwise play <game>`: any registered game plays in the terminal; a game without a command module of its own
(the toy Pig, registered here) gets the default view, a game with one runs its own `holdwise <game> play`."""

from __future__ import annotations

from typer.testing import CliRunner

from holdwise.cli import app


def _player_rolls_to_the_end(face, options, seed) -> tuple[int, object]:
    """How many times the player rolls in a game where the player always rolls, and the game's last state."""
    state, rolls = face.new_game(options, seed), 0
    while not state.over:
        if state.to_move == "player":
            rolls += 1
            state = face.step(state, {"type": "roll"})
        else:
            state = face.step(state, face.computer_action(state))
    return rolls, state


def test_a_registered_game_without_a_command_module_plays_a_whole_game(pig):
    """Typed input through whole games: a hint, a refused move, rolls to the end of game 1; game 2, which the
    computer wins in its first turn; game 3, a hint, quit."""
    options, seed = {"target": 10}, 16  # at this seed one of the rolls should have been a hold
    rolls, end = _player_rolls_to_the_end(pig, options, seed)
    typed = "h\ns\n" + "r\n" * rolls + "y\n" + "y\nh\nq\n"
    done = CliRunner().invoke(app, ["play", "pig", "--seed", str(seed), "--option", "target=10"], input=typed)
    assert done.exit_code == 0, done.output
    text = done.output
    assert all(len(line) <= 80 for line in text.splitlines()), text
    assert text.startswith("pig: Pig: you and the computer take turns with one die.")
    assert "game 1: first to 10 points; you roll first" in text
    assert "  scores: player 0, computer 0" in text and "  moves: roll\n" in text and "  moves: roll; hold" in text
    assert text.count("best first (expected points):") == 2
    assert "nothing to hold yet" in text
    for line in end.log:  # the whole first game, as the session logged it
        assert line in text
    winner = end.data["winner"]
    assert f"tally: games 1, player {int(winner == 'player')}, computer {int(winner == 'computer')}" in text
    assert "game 2: first to 10 points; the computer rolls first" in text
    assert "the computer rolls 4: 12 reaches 10, the computer wins 12-0\n  tally: games 2, player 1, computer 1" in text
    assert "game 3: first to 10 points; you roll first" in text
    costly = [d for d in end.decisions if d.loss > 0]  # what a new game keeps of the decisions, for the review
    assert costly, "a game of rolls only has a costly roll at this seed"
    assert f"review: {len(costly)} of your {len(costly)} decisions lost value:" in text
    assert f"you chose roll, best was hold (cost {costly[0].loss:.4g} expected points)" in " ".join(text.split())


def test_the_generic_command_refuses_bad_input_in_one_line(pig):
    runner = CliRunner()
    for args, message in ((["play", "chess"], "unknown game 'chess'"),
                          (["play", "pig", "--bogus"], "unexpected '--bogus'"),
                          (["play", "pig", "--seed", "-3"], "--seed must be a whole number"),
                          (["play", "pig", "--option", "target"], "--option is KEY=VALUE"),
                          (["play", "pig", "--option", "target=1"], "target must be 2 to 100"),
                          (["play", "pig", "--option", "goal=3"], "unknown option 'goal'"),
                          (["play", "farkle", "--option", "target=3"], "has its own play command")):
        done = runner.invoke(app, args, input="q\n")
        assert done.exit_code == 2, (args, done.output)
        lines = done.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0], (args, done.stderr)
        assert done.stdout == ""


def test_a_game_with_a_command_module_runs_its_own_play():
    """`holdwise play dice-poker` is `holdwise dice-poker play`, its options passed on."""
    runner = CliRunner()
    own = runner.invoke(app, ["dice-poker", "play", "--seed", "3", "--table", "I"], input="h\nq\n")
    generic = runner.invoke(app, ["play", "dice-poker", "--seed", "3", "--table", "I"], input="h\nq\n")
    assert own.exit_code == generic.exit_code == 0, generic.output
    assert generic.output == own.output
    assert "Dice poker, table I" in generic.output and "best first (expected payout)" in generic.output
