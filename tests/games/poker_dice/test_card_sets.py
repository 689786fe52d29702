"""Card dice sets: faces as text, the shipped sets as the seed describes them, and every bad set file refused in
one line naming the die and the face."""

from collections import Counter

import pytest

from holdwise import InputError
from holdwise.games.poker_dice.cards import (
    WILD,
    DiceSet,
    dice_set,
    face_rank,
    face_suit,
    face_text,
    load_dice_set,
    make_card,
    parse_face,
)


@pytest.mark.parametrize("text,rank,suit", [
    ("As", 14, "s"), ("as", 14, "s"), ("AS", 14, "s"), ("10h", 10, "h"), ("Th", 10, "h"), ("tH", 10, "h"),
    ("A♠", 14, "s"), ("10♥", 10, "h"), ("Q♦", 12, "d"), ("2♣", 2, "c"), ("K♤", 13, "s"), (" 7c ", 7, "c"),
    ("Jd", 11, "d"),
])
def test_a_card_is_read_in_any_of_its_spellings(text, rank, suit):
    code = parse_face(text)
    assert (face_rank(code), "cdhs"[face_suit(code)]) == (rank, suit)
    assert code == make_card(rank, "cdhs".index(suit))


@pytest.mark.parametrize("text", ["*", "star", "STAR", "Star", "★"])
def test_a_star_is_read_as_the_wild_face(text):
    assert parse_face(text) == WILD
    assert face_rank(WILD) == 0 and face_suit(WILD) == -1


@pytest.mark.parametrize("text", ["Zx", "1s", "11h", "A", "s", "", "Ax", "10", "joker", "**"])
def test_a_face_that_is_no_card_is_refused(text):
    with pytest.raises(InputError, match=r"^not a card: .* \(a rank 2-10 J Q K A and a suit s h d c, or \* for a star\)$"):
        parse_face(text)


def test_faces_print_back_as_they_read():
    for code in range(53):
        assert parse_face(face_text(code)) == code
        assert parse_face(face_text(code, symbols=True)) == code
    assert face_text(parse_face("10h")) == "10h"
    assert face_text(parse_face("as"), symbols=True) == "A♠"
    assert face_text(WILD) == "*"


def test_the_royal_set_holds_every_card_once_and_eight_stars():
    royal = dice_set("royal")
    assert royal.faces_per_die == (12, 12, 12, 12, 12)
    faces = Counter(f for die in royal.dice for f in die)
    assert faces[WILD] == 8
    assert sorted(f for f in faces if f != WILD) == list(range(52))
    assert all(n == 1 for f, n in faces.items() if f != WILD)
    assert sorted(die.count(WILD) for die in royal.dice) == [1, 1, 2, 2, 2]
    assert [die.count(WILD) for die in royal.dice] == [2, 2, 2, 1, 1]
    assert royal.states == 248_832 and royal.has_wilds
    assert "not public" in royal.description and "deals the cards" in royal.description
    # the dealing rule of the description: A♠ down to 2♣, in turn to dice 5, 4, 3, 2, 1
    order = [make_card(r, s) for r in range(14, 1, -1) for s in (3, 2, 1, 0)]
    assert [order[i] for i in range(0, 52, 5)] == list(royal.dice[4][:11])
    assert [order[i] for i in range(4, 52, 5)] == list(royal.dice[0][:10])


def test_the_octahedral_set_has_seven_to_ace_on_every_die():
    octa = dice_set("octahedral")
    assert octa.faces_per_die == (8, 8, 8, 8, 8)
    assert not octa.has_wilds
    for d, die in enumerate(octa.dice):
        assert [face_rank(f) for f in die] == list(range(7, 15))
        # the description's rule: rank number i gets suit (i + d) mod 4 of s h d c
        assert ["shdc"[(i + d) % 4] for i in range(8)] == ["cdhs"[face_suit(f)] for f in die]
    assert octa.dice[0] == octa.dice[4]
    assert "not public" in octa.description and "Koplow" in octa.source


def test_an_unknown_set_name_is_refused():
    with pytest.raises(InputError, match=r"^unknown dice set 'marlboro' \(shipped: royal, octahedral\)$"):
        dice_set("marlboro")
    with pytest.raises(InputError, match="unknown dice set"):
        dice_set(["royal"])
    assert dice_set(" Royal ") is dice_set("royal")


def _set_text(dice, head='name = "test set"\n'):
    return head + "".join(f"\n[[die]]\nfaces = [{', '.join(repr(f).replace(chr(39), chr(34)) for f in die)}]\n"
                          for die in dice)


FIVE = [["As", "Kh"], ["Qd", "*"], ["10c", "9s"], ["2h", "3d"], ["Jc", "star"]]


def test_a_set_reads_from_text_and_from_a_file(tmp_path):
    text = _set_text(FIVE, 'name = "mine"\ndescription = "two faces a die"\n')
    from_text = load_dice_set(text)
    assert from_text == DiceSet("mine", tuple(tuple(parse_face(f) for f in d) for d in FIVE), "two faces a die")
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    assert load_dice_set(path) == from_text
    assert load_dice_set(str(path)) == from_text
    assert from_text.die_text(1) == "Qd *" and from_text.states == 32


@pytest.mark.parametrize("text,message", [
    ('name = "x"\n[[die]\nfaces = ["As"]\n', r"^the dice set is not valid TOML: .*line 2"),
    ('name = "x"\nfaces = ', r"^the dice set is not valid TOML: "),
    (_set_text(FIVE + [["As"]]), r"^a set has 5 dice, got 6$"),
    (_set_text(FIVE[:4]), r"^a set has 5 dice, got 4$"),
    ('name = "x"\n', r"^a set has 5 dice, got 0$"),
    (_set_text([FIVE[0], [], *FIVE[2:]]), r"^die 2 has no faces$"),
    (_set_text([["As"] * 65, *FIVE[1:]]), r"^die 1 has 65 faces; at most 64$"),
    (_set_text([*FIVE[:2], ["As", "Kh", "Qd", "Jc", "10s", "9h", "Zx"], *FIVE[3:]]),
     r"^die 3, face 7: not a card: 'Zx' \(a rank 2-10 J Q K A and a suit s h d c, or \* for a star\)$"),
    (_set_text([*FIVE[:4], ["As", "1h"]]), r"^die 5, face 2: not a card: '1h'"),
    (_set_text(FIVE).replace('faces = ["As", "Kh"]', "faces = [\"As\", 7]"), r"^die 1, face 2: not a card: '7'"),
    (_set_text(FIVE).replace('faces = ["As", "Kh"]', 'faces = "As Kh"'), r"^die 1: faces must be a list"),
    (_set_text(FIVE).replace('faces = ["As", "Kh"]', 'face = ["As"]'), r"^die 1: unknown key 'face'"),
    (_set_text(FIVE, 'name = "x"\ncolour = "red"\n'), r"^the dice set: unknown key 'colour'"),
    (_set_text(FIVE, ""), r"^the dice set: name must be a line of text, got None$"),
    (_set_text(FIVE, "name = 5\n"), r"^the dice set: name must be a line of text, got 5$"),
    (_set_text(FIVE, 'name = "x"\ndescription = 3\n'), r"^the dice set: description must be text, got 3$"),
    ('name = "x"\ndie = 3\n', r"^the dice set: dice are \[\[die\]\] tables"),
])
def test_a_bad_set_is_refused_in_one_line(text, message):
    with pytest.raises(InputError, match=message) as err:
        load_dice_set(text)
    assert "\n" not in str(err.value)


def test_a_bad_set_file_is_refused_in_one_line(tmp_path):
    with pytest.raises(InputError, match=r"^dice set file not found: .*nothere.toml$"):
        load_dice_set(tmp_path / "nothere.toml")
    with pytest.raises(InputError, match=r"is a directory, not a file$"):
        load_dice_set(tmp_path)
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b'name = "\xff"\n')
    with pytest.raises(InputError, match=r"is not UTF-8 text: byte 0xff at offset 8$"):
        load_dice_set(bad)
    big = tmp_path / "big.toml"
    big.write_text("#" * ((1 << 20) + 1))
    with pytest.raises(InputError, match=r"is larger than 1,048,576 bytes"):
        load_dice_set(big)
    broken = tmp_path / "broken.toml"
    broken.write_text(_set_text(FIVE[:2]))
    with pytest.raises(InputError, match=r"^a set has 5 dice, got 2$"):
        load_dice_set(broken)
    with pytest.raises(InputError, match=r"^a dice set is a TOML file's path or TOML text"):
        load_dice_set(5)
