"""The strategy report against brute checks: every race-aware threshold recomputed cell by cell from the stored
turn values and the bank value (one roll summed over the roll table's groups in plain Python, not the report's
arrays), the turn totals a turn can hold found by a walk of its own, and every disagreement checked against the
coaching table's own choice and the race-aware hint's values."""

import pytest

from holdwise.games import farkle
from holdwise.games.farkle.hints import RaceValuer

TARGET = 400  # 8 x 8 score pairs: every cell checked in well under a second
UNIT = 50


@pytest.fixture(scope="module")
def solved():
    dice = farkle.parse_loadout(None)
    report = farkle.strategy_report(dice, target=TARGET)
    match = farkle.cached_match(dice, None, TARGET, store=True)
    return dice, report, match


def held_totals(sol, g):
    """(total in units, state) pairs a turn can hold, by a plain walk from (0, all dice)."""
    t = sol.table
    seen, todo = {(0, t.full_state)}, [(0, t.full_state)]
    while todo:
        total, s = todo.pop()
        for grp in range(t.group_start[s], t.group_start[s + 1]):
            for k in range(t.option_start[grp], t.option_start[grp + 1]):
                nxt = (total + int(t.option_units[k]), int(t.option_state[k]))
                if nxt[0] <= g and nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
    return seen


def roll_value(match, a, b, total, s):
    """Rolling on from (a, b) with `total` units set aside and state s: bust hands the opponent (b, a); else the
    best option's stored value, a win once the target is reached."""
    t = match.first_turn.table
    g = match.target // UNIT
    value = float(t.bust[s]) * (1.0 - float(match.second[b, a]))
    for grp in range(t.group_start[s], t.group_start[s + 1]):
        best = 0.0
        for k in range(t.option_start[grp], t.option_start[grp + 1]):
            nt = total + int(t.option_units[k])
            best = max(best, 1.0 if a + nt >= g else float(match.w_first[a, b, nt, t.option_state[k]]))
        value += float(t.group_prob[grp]) * best
    return value


def test_every_threshold_equals_a_cell_by_cell_recomputation(solved):
    _, report, match = solved
    sol = match.first_turn
    t = sol.table
    g = TARGET // UNIT
    held = held_totals(sol, g)
    ties = 0
    for a in range(g):
        for b in range(g):
            for k in report.dice_left:
                worst = 0
                for s in (s for s in range(1, t.n_states) if t.dice_count[s] == k):
                    first_bank = None
                    for total in range(1, g - a):
                        if (total, s) not in held:
                            continue
                        roll = roll_value(match, a, b, total, s)
                        bank = 1.0 - float(match.second[b, a + total])
                        ties += abs(roll - bank) < 1e-9
                        if roll <= bank:
                            first_bank = total
                            break
                    worst = max(worst, g - a if first_bank is None else first_bank)
                expect = None if worst >= g - a else UNIT * worst
                assert report.race_threshold[report.dice_left.index(k)][a][b] == expect, (a, b, k)
    assert ties == 0  # no cell is so close that the solver's W > Bank and this Roll <= Bank could read it apart


def test_the_thresholds_of_a_hand_worked_corner(solved):
    # at 350 to anything (one 50 from the target of 400) every total reaches the target: never bank short of it
    _, report, _ = solved
    assert all(report.race_threshold[i][TARGET // UNIT - 1][b] is None for i in range(6) for b in range(8))
    # the coaching table's bank-from is the turn report's, dice left by dice left
    assert report.coaching_threshold == farkle.turn_report(farkle.parse_loadout(None)).bank_threshold


def test_disagreements_agree_with_the_coaching_table_and_the_hint_values(solved):
    _, report, match = solved
    sol = match.first_turn
    t = sol.table
    g = TARGET // UNIT
    held = held_totals(sol, g)
    count, cost = 0, 0.0
    for a in range(g):
        for b in range(g):
            for total in range(1, g - a):
                for s in range(1, t.n_states):
                    if (total, s) not in held:
                        continue
                    roll = roll_value(match, a, b, total, s)
                    bank = 1.0 - float(match.second[b, a + total])
                    if (roll > bank) != sol.rolls(total, s):
                        count += 1
                        cost += abs(roll - bank)
    assert report.disagreements == count > 0
    assert report.cost_sum == pytest.approx(cost, rel=1e-12)
    assert sum(r.disagreements for r in report.regions) == count
    assert sum(r.race_rolls + r.race_banks for r in report.regions) == count
    costs = [d.cost for d in report.top_disagreements]
    assert costs == sorted(costs, reverse=True)
    for d in report.top_disagreements:
        valuer = RaceValuer(match, 0, d.own, d.opponent)
        state = next(s for s in range(1, t.n_states) if t.dice_count[s] == d.dice_left)
        level = d.turn_total // UNIT
        assert sol.rolls(level, state) == (d.coaching == "roll")
        roll, bank = valuer.roll(d.turn_total, state), valuer.bank(d.turn_total)
        assert (roll > bank) == (d.race_aware == "roll") != (d.coaching == "roll")
        assert d.cost == pytest.approx(abs(roll - bank), abs=1e-12)


def test_favoured_is_the_match_solve_and_the_findings_cite_a_figure(solved):
    _, report, match = solved
    g = TARGET // UNIT
    assert report.win_chance == tuple(tuple(float(v) for v in row) for row in match.first)
    assert report.opponent_moves[3][5] == pytest.approx(1.0 - float(match.second[5, 3]))
    assert report.first_player_win_chance == match.first_player_win
    assert 3 <= len(report.findings) <= 6
    assert all(f.text and f.figure for f in report.findings)
    assert any(f"Moving first from 0-0 wins {100 * match.first_player_win:.1f}%" in f.text for f in report.findings)
    start = report.findings[0]  # a match within two turns: the thresholds at 0-0, as the heat maps' corner
    assert start.numbers["by_dice_left"]["3"] == {"race_aware": report.race_threshold[2][0][0], "coaching": 450,
                                                   "rolls_to_target": 0.0 if report.race_threshold[2][0][0] else 1.0}
    assert report.scores == tuple(UNIT * i for i in range(g))


def test_unlike_dice_take_the_worst_case_over_which_dice_are_left():
    dice = farkle.parse_loadout("weighted,lucky,ordinary*4")
    report = farkle.strategy_report(dice, target=300)
    match = farkle.cached_match(dice, None, 300, store=True)
    sol = match.first_turn
    t = sol.table
    held = held_totals(sol, 6)
    for k in report.dice_left:
        states = [s for s in range(1, t.n_states) if t.dice_count[s] == k]
        for a in range(6):
            for b in range(6):
                firsts = []
                for s in states:
                    first = next((tot for tot in range(1, 6 - a) if (tot, s) in held
                                  and roll_value(match, a, b, tot, s) <= 1.0 - float(match.second[b, a + tot])),
                                 6 - a)
                    firsts.append(first)
                expect = None if max(firsts) >= 6 - a else UNIT * max(firsts)
                assert report.race_threshold[report.dice_left.index(k)][a][b] == expect


def test_bad_input_names_the_field():
    dice = farkle.parse_loadout(None)
    with pytest.raises(farkle.InputError if hasattr(farkle, "InputError") else Exception, match="target"):
        farkle.strategy_report(dice, target=510)
    with pytest.raises(Exception, match="opponent_dice"):
        farkle.strategy_report(dice, dice[:5], target=500)


def test_the_largest_disagreements_are_one_per_kind_of_situation(solved):
    """Review 2, defect 24: ten rows of one corner teach nothing; each row is the costliest of its kind (dice
    left, the quarter of the race of each player), and no costlier disagreement of another kind is left out."""
    _, report, _ = solved
    quarter = TARGET // 4

    def kind(d):
        return d.dice_left, d.own // quarter, d.opponent // quarter

    kinds = [kind(d) for d in report.top_disagreements]
    assert len(set(kinds)) == len(kinds) > 1
    costs = [d.cost for d in report.top_disagreements]
    assert costs == sorted(costs, reverse=True)
