"""The card-dice solver: one-roll odds against counting every roll with an independent ranking, every game
against plain value iteration over every keep of every state (small sets of 48 and 72 states whose dice are
not in the kernels' order), the threshold games against one game at a time, and its guards."""

import numpy as np
import pytest

from holdwise import InputError
from holdwise.games.poker_dice.card_table import MAX_AUX, CardTable, keep_preference
from holdwise.games.poker_dice.cards import DiceSet, dice_set, face_text, parse_face
from tests.oracles import card_dice_bruteforce as bf

# two small sets: 3 x 2 x 3 x 2 x 2 faces (the kernels take dice 1 and 3 as their outer dice) and
# 2 x 2 x 3 x 2 x 3 (dice 3 and 5), with stars, repeated cards and straights within reach
SMALL = {
    "a": [["As", "Kh", "*"], ["Ks", "2d"], ["Qs", "*", "Ad"], ["As", "Jd"], ["10s", "Ac"]],
    "b": [["2c", "*"], ["2d", "3c"], ["*", "Ah", "Kh"], ["Kh", "Kd"], ["*", "Qh", "2c"]],
}


def _set(faces, name="small"):
    return DiceSet(name, tuple(tuple(parse_face(f) for f in die) for die in faces))


@pytest.fixture(scope="module", params=sorted(SMALL))
def small(request):
    table = CardTable(_set(SMALL[request.param], request.param))
    klass = {table.state_faces(i): int(c) for i, c in enumerate(table.class_of_state)}
    return table, klass


def test_classes_are_the_brute_force_ranking_of_every_roll(small):
    table, klass = small
    faces = {s: [None if f == parse_face("*") else bf.card(face_text(f))
                 for f in (table.dice.dice[d][s[d]] for d in range(5))] for s in klass}
    keys = {s: (key[0], tuple(key[1])) for s, key in ((s, bf.best_key(f)) for s, f in faces.items())}
    order = sorted(set(keys.values()))
    assert {s: order.index(k) for s, k in keys.items()} == klass
    assert table.n_classes == len(order) and list(table.class_values) == sorted(table.class_values)
    assert [table.class_category[c] for c in range(table.n_classes)] == [bf.CATEGORIES[k[0]] for k in order]


def _threshold_oracle(table, klass, above, tie, rerolls, aux_above, aux_tie, aux_below, b):
    pay = lambda u, c: above[c] if c > b else (tie[b] if c == b else 0.0)  # noqa: E731
    follow = [lambda u, c, a=a: aux_above[a, c] if c > b else (aux_tie[a] if c == b else aux_below[a])
              for a in range(len(aux_tie))]
    return bf.solve_game(table.faces_per_die, klass, pay, rerolls + 1, follow)


@pytest.mark.parametrize("pays", ["random", "win or tie"])
@pytest.mark.parametrize("rerolls", [0, 1, 2])
def test_threshold_games_equal_value_iteration(small, rerolls, pays):
    """Every threshold's value and aux payouts; "win or tie" (1 above, 1/2 on the threshold, the chance to win
    followed) ties many keeps exactly, so the aux payouts hold the tie rule too."""
    table, klass = small
    k = table.n_classes
    rng = np.random.default_rng(rerolls)
    if pays == "random":
        above, tie = rng.random(k), rng.random(k)
        aux_above, aux_tie, aux_below = rng.random((2, k)), rng.random(2), rng.random(2)
    else:
        above, tie = np.ones(k), np.full(k, 0.5)
        aux_above, aux_tie, aux_below = np.stack([np.ones(k), np.zeros(k)]), np.array([0.0, 1.0]), np.zeros(2)
    values, aux = table.threshold_games(above, tie, rerolls, aux_above, aux_tie, aux_below)
    # every third threshold and the last (the oracle is the cost): each lane of a block of thresholds, as the
    # blocks' starts step by the lane count, which 3 does not divide
    for b in sorted({*range(0, k, 3), k - 1}):
        value, followed = _threshold_oracle(table, klass, above, tie, rerolls, aux_above, aux_tie, aux_below, b)
        assert values[b] == pytest.approx(value, abs=1e-12)
        assert aux[:, b] == pytest.approx(followed, abs=1e-12)
    plain, none = table.threshold_games(above, tie, rerolls, np.zeros((0, k)), np.zeros(0), np.zeros(0))
    assert np.abs(plain - values).max() <= 1e-12 and none.shape == (0, k)


@pytest.mark.parametrize("rows", [1, 3])
def test_a_single_game_equals_value_iteration(small, rows):
    table, klass = small
    rng = np.random.default_rng(rows)
    pay = rng.random((rows, table.n_classes))
    follow = rng.random((2, rows, table.n_classes))
    row = lambda u: u - 1 if rows == 3 else 0  # noqa: E731
    value, followed = table.single_game(pay, follow)
    want, want_followed = bf.solve_game(table.faces_per_die, klass, lambda u, c: pay[row(u), c], 3,
                                        [lambda u, c, a=a: follow[a, row(u), c] for a in range(2)])
    assert value == pytest.approx(want, abs=1e-12) and followed == pytest.approx(want_followed, abs=1e-12)
    assert table.single_game(pay)[0] == pytest.approx(want, abs=1e-12)


def _keep_oracle(table, klass, pay, state, used):
    """Every keep's value by brute force: the value of the best play after the next roll, averaged."""
    from itertools import product

    row = lambda u: u - 1 if len(pay) == 3 else 0  # noqa: E731
    sizes = table.faces_per_die

    def outcomes(s, kept):
        free = [d for d in range(5) if d not in kept]
        for faces in product(*(range(sizes[d]) for d in free)):
            t = list(s)
            for d, f in zip(free, faces):
                t[d] = f
            yield tuple(t)

    last = {s: pay[row(3), c] for s, c in klass.items()}
    after = last
    if used == 1:  # one roll left after the next: stand, or the best keep
        after = {}
        for s, c in klass.items():
            best = pay[row(2), c]
            for mask in range(31):
                values = [last[t] for t in outcomes(s, [d for d in range(5) if mask >> d & 1])]
                best = max(best, sum(values) / len(values))
            after[s] = best
    out = {}
    for mask in range(32):
        kept = tuple(d for d in range(5) if mask >> d & 1)
        values = [after[t] for t in outcomes(state, kept)]
        out[kept] = pay[row(used), klass[state]] if len(kept) == 5 else sum(values) / len(values)
    return out


@pytest.mark.parametrize("rows", [1, 3])
def test_keep_values_rank_every_keep_as_brute_force(small, rows):
    table, klass = small
    rng = np.random.default_rng(10 + rows)
    pay = np.round(rng.random((rows, table.n_classes)) * 4) / 4  # quarters: many keeps tie exactly
    for state in [(0, 0, 0, 0, 0), tuple(n - 1 for n in table.faces_per_die), (1, 1, 2, 0, 1)]:
        state = tuple(min(f, n - 1) for f, n in zip(state, table.faces_per_die))
        for used in (1, 2):
            ranked = table.keep_values(pay, state, used)
            want = _keep_oracle(table, klass, pay, state, used)
            assert len(ranked) == 32 and {k for k, _ in ranked} == set(want)
            for kept, value in ranked:
                assert value == pytest.approx(want[kept], abs=1e-12)
            # best first; within 1e-12, more dice kept first, then the earlier dice
            for (k1, v1), (k2, v2) in zip(ranked, ranked[1:]):
                assert v1 > v2 + 1e-12 or (abs(v1 - v2) <= 1e-12 and keep_preference(k1) > keep_preference(k2))
            assert ranked[0][1] == pytest.approx(max(want.values()), abs=1e-12)


@pytest.fixture(scope="module")
def octahedral():
    return CardTable(dice_set("octahedral"))


def test_one_roll_odds_of_the_octahedral_set_equal_counting_every_roll(octahedral):
    counts = bf.set_odds([[face_text(f) for f in die] for die in octahedral.dice.dice])
    odds = octahedral.odds()
    assert odds == {**{c: counts[c] for c in bf.CATEGORIES}, "total": 8**5}
    assert list(odds)[:-1] == ["five_of_a_kind", "straight_flush", "four_of_a_kind", "full_house", "flush",
                               "straight", "three_of_a_kind", "two_pairs", "pair", "bust"]
    assert odds["five_of_a_kind"] == 8 and odds["straight_flush"] == 8 and odds["flush"] == 120


@pytest.mark.slow
def test_one_roll_odds_of_the_royal_set_equal_counting_every_roll():
    """Every one of the 248,832 rolls, stars tried as every card (about 15 s)."""
    royal = CardTable(dice_set("royal"))
    counts = bf.set_odds([[face_text(f) for f in die] for die in royal.dice.dice])
    assert royal.odds() == {**{c: counts[c] for c in bf.CATEGORIES}, "total": 12**5}


def test_the_royal_set_counts(octahedral):
    royal = CardTable(dice_set("royal"))
    assert royal.n_states == 248_832 and royal.n_classes == 6498
    assert royal.odds()["five_of_a_kind"] == 768 and sum(royal.odds().values()) == 2 * 248_832
    assert royal.class_label(royal.n_classes - 1) == "A A A A A (five of a kind)"
    assert royal.class_label(0) == "7 5 4 3 2 (bust)"
    assert octahedral.class_label(octahedral.n_classes - 1) == "A A A A A (five of a kind)"


def test_threshold_games_equal_one_game_at_a_time(octahedral):
    """Each threshold's game played alone (`single_game`, one pay table whatever the rolls) gives its value and
    its followed payout; the chance to win or tie falls as the threshold rises."""
    k = octahedral.n_classes
    rng = np.random.default_rng(3)
    above, tie = np.ones(k), np.full(k, 0.5)
    aux_above, aux_tie, aux_below = rng.random((1, k)), rng.random(1), rng.random(1)
    values, aux = octahedral.threshold_games(above, tie, 2, aux_above, aux_tie, aux_below)
    for b in (0, 1, 7, k // 3, k // 2, k - 9, k - 2, k - 1):
        c = np.arange(k)
        pay = np.where(c > b, above, np.where(c == b, tie[b], 0.0))
        g = np.where(c > b, aux_above[0], np.where(c == b, aux_tie[0], aux_below[0]))
        value, followed = octahedral.single_game(pay[None], g[None, None])
        assert values[b] == pytest.approx(value, abs=1e-12) and aux[0, b] == pytest.approx(followed[0], abs=1e-12)
    assert np.all(np.diff(values) <= 1e-12) and values[0] > 0.999 and 0 < values[-1] < 0.01


def test_states_and_labels(octahedral):
    assert octahedral.state_index((0, 0, 0, 0, 1)) == 1 and octahedral.state_index((1, 0, 0, 0, 0)) == 8**4
    assert octahedral.state_faces(8**4 + 3) == (1, 0, 0, 0, 3)
    assert octahedral.state_text((7, 7, 7, 7, 7)) == "Ac As Ah Ad Ac"
    assert octahedral.state_text((0, 1, 2, 3, 4), symbols=True) == "7♠ 8♦ 9♠ 10♦ J♠"
    c = int(octahedral.class_of_state[octahedral.state_index((7, 7, 7, 7, 7))])
    assert c == octahedral.n_classes - 1 and octahedral.class_category[c] == "five_of_a_kind"


@pytest.mark.parametrize("call,message", [
    (lambda t, k: t.threshold_games(np.ones(k + 1), np.ones(k), 2, np.ones((1, k)), np.zeros(1), np.zeros(1)),
     r"^above must have shape {k}, got {k1}$"),
    (lambda t, k: t.threshold_games(np.ones(k), np.ones(k), 7, np.ones((1, k)), np.zeros(1), np.zeros(1)),
     r"^rerolls must be a whole number 0 to 6, got 7$"),
    (lambda t, k: t.threshold_games(np.ones(k), np.ones(k), True, np.ones((1, k)), np.zeros(1), np.zeros(1)),
     r"^rerolls must be a whole number"),
    (lambda t, k: t.threshold_games(np.full(k, np.nan), np.ones(k), 2, np.ones((1, k)), np.zeros(1), np.zeros(1)),
     r"^above has a number that is not finite$"),
    (lambda t, k: t.threshold_games(np.ones(k), np.ones(k), 2, np.ones((1, k)), np.zeros(2), np.zeros(1)),
     r"^aux_tie must have shape 1, got 2$"),
    (lambda t, k: t.threshold_games(np.ones(k), np.ones(k), 2, np.ones(k), np.zeros(1), np.zeros(1)),
     r"^aux_above must have shape nx{k}, got {k}$"),
    (lambda t, k: t.threshold_games(np.ones(k), "x", 2, np.ones((1, k)), np.zeros(1), np.zeros(1)),
     r"^tie must be an array of numbers, got 'x'$"),
    (lambda t, k: t.threshold_games(np.ones(k), np.ones(k), 2, np.ones((MAX_AUX + 1, k)), np.zeros(MAX_AUX + 1),
                                    np.zeros(MAX_AUX + 1)), r"^aux_above has 7 rows; at most 6 aux payouts"),
    (lambda t, k: t.single_game(np.ones((2, k))), r"^pay_by_rolls has 1 row \(any rolls\) or 3"),
    (lambda t, k: t.single_game(np.ones((1, k)), np.ones((1, 3, k))), r"^follow must have shape nx1x{k}"),
    (lambda t, k: t.keep_values(np.ones((1, k)), (0, 0, 0, 0, 8), 1), r"^die 5's face index is 0 to 7, got 8$"),
    (lambda t, k: t.keep_values(np.ones((1, k)), (0, 0, 0, 0), 1), r"^a state is 5 face indices, one per die"),
    (lambda t, k: t.keep_values(np.ones((1, k)), (0, 0, 0, 0, 0), 3), r"^rolls_used must be 1 or 2"),
    (lambda t, k: t.keep_values(np.ones((1, k)), "00000", 1), r"^a state is 5 face indices"),
    (lambda t, k: t.class_label(k), r"^a class is 0 to {k0}, got {k}$"),
    (lambda t, k: t.state_faces(-1), r"^a state number is 0 to 32767, got -1$"),
])
def test_bad_calls_are_refused_in_one_line(octahedral, call, message):
    k = octahedral.n_classes
    with pytest.raises(InputError, match=message.format(k=k, k1=k + 1, k0=k - 1)):
        call(octahedral, k)


def test_sets_too_large_to_solve_exactly_are_refused():
    big = DiceSet("thirteen", tuple(tuple(range(13)) for _ in range(5)))
    with pytest.raises(InputError, match=r"^thirteen: 13 x 13 x 13 x 13 x 13 = 371,293 rolls; the exact solver "
                                         r"takes at most 300,000$"):
        CardTable(big)
    with pytest.raises(InputError, match=r"^a card table needs a DiceSet, got str$"):
        CardTable("royal")
    assert CardTable(DiceSet("one face", ((0,), (4,), (8,), (12,), (52,)))).odds()["straight_flush"] == 1


def test_one_thread_gives_the_same_games(octahedral):
    k = octahedral.n_classes
    args = (np.ones(k), np.full(k, 0.5), 1, np.ones((1, k)), np.zeros(1), np.zeros(1))
    shared, shared_aux = octahedral.threshold_games(*args)
    alone, alone_aux = octahedral.threshold_games(*args, max_threads=1)
    assert np.array_equal(shared, alone) and np.array_equal(shared_aux, alone_aux)
    with pytest.raises(InputError, match=r"^max_threads must be a whole number 1 or more, got 0$"):
        octahedral.threshold_games(*args, max_threads=0)
