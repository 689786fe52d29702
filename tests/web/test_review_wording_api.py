"""The review's wording defects, as the web serves them: no command-line advice on a page ("type J"), the
coach's "percentage points" (not "points of percentage")."""

from holdwise.games.farkle import practice


def _row(option, then, points, win, points_loss, win_loss):
    return practice.CoachRow(option=option, keep=(), keep_text="1 1 1", dice_kept=(), dice_kept_names=(),
                             score=300, turn_total=300, dice_left=3,
                             hot_dice=False, then=then, expected_points=points, points_loss=points_loss,
                             win_chance=win, win_loss=win_loss, action={})


def test_the_farkle_page_gives_no_typing_advice(client):
    html = client.get("/farkle").text
    assert "stands in for any face in a combination and never scores alone." in html
    assert "type J" not in html and "in a roll" not in html


def test_the_coach_says_percentage_points():
    points = _row("keep 1 1 1, roll on", "roll", 410.0, 0.40, 0.0, 0.061)
    win = _row("keep 1 1 1, bank", "bank", 380.0, 0.461, 30.0, 0.0)
    why = practice._why(points, win, 3000, 3600, 4000, "you")
    assert "(46.1% to win, 6.1 percentage points more)" in why
    assert "points of percentage" not in why
