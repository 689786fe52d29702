"""Tables from TOML text (the same answer as the file reader) and the size of a solve."""

import math

import pytest

from holdwise import InputError
from holdwise.games import dice_poker as face

TEXT = '[tables]\nH = [6, 5, 5, 5, 0, 0, 0]\nJ = [12, 6, 4, 3, 2, 1, "1/3"]\n'


def test_text_reads_as_the_file_does(tmp_path):
    path = tmp_path / "t.toml"
    path.write_text(TEXT, encoding="utf-8")
    assert face.parse_tables_text(TEXT) == face.load_tables(path)
    assert list(face.parse_tables_text(TEXT)) == ["H", "J"]


@pytest.mark.parametrize("text, part", [
    ("", "no [tables]"),
    ("[tables", "not valid TOML"),
    ("[other]\nA = [1,2,3,4,5,6,7]", "no [tables]"),
    ("[tables]\nA = 3", "not a list"),
    ("[tables]\nA = [1, 2, 3]", "7 payouts"),
    ("[tables]\nA = [1, 2, 3, 4, 5, 6, \"nan\"]", "not a number"),
    ("[tables]\nA = [1, 2, 3, 4, 5, 6, -1]", "negative"),
    ('[tables]\n"" = [1, 2, 3, 4, 5, 6, 7]', "printable"),
    ('[tables]\n"' + "x" * 41 + '" = [1, 2, 3, 4, 5, 6, 7]', "1 to 40"),
    ("a = " + "[" * 5000 + "]" * 5000, ""),
])
def test_bad_text_is_refused_in_one_line(text, part):
    with pytest.raises(InputError) as err:
        face.parse_tables_text(text)
    assert part in str(err.value) and "\n" not in str(err.value)


def test_the_number_of_tables_and_the_length_are_bounded():
    many = "[tables]\n" + "".join(f"t{i} = [1, 1, 1, 1, 1, 1, 1]\n" for i in range(face.MAX_TABLES + 1))
    with pytest.raises(InputError, match="at most"):
        face.parse_tables_text(many)
    assert len(face.parse_tables_text(many, max_tables=face.MAX_TABLES + 1)) == face.MAX_TABLES + 1
    with pytest.raises(InputError, match="longer than"):
        face.parse_tables_text("#" * (face.MAX_TABLES_TEXT + 1))
    with pytest.raises(InputError):
        face.parse_tables_text(b"[tables]")


def test_sizes_are_the_solver_counts():
    assert face.lattice_keeps(5, 6) == 462 == math.comb(11, 5)
    assert face.lattice_keeps(10, 16) == 5_311_735
    assert face.exact_links(5, 6, 2) == 462 * 6 * 2 * 4
    assert face.exact_links(5, 6, 0, solves=1) == 462 * 6
    for bad in ((0, 6), (11, 6), (5, 1), (5, 21), (True, 6), (5, 6.0)):
        with pytest.raises(InputError):
            face.lattice_keeps(*bad)
