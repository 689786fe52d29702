"""Bad input to every dice-poker command (issue 9): each is refused with exit 2, one `error:` line, no traceback,
nothing on stdout and nothing written. Files are written to their own folder, never to the command's cwd."""

import pytest

from tests.cli.refusal import assert_refused

FILES = {
    "empty.toml": "[tables]\n",
    "inf.toml": "[tables]\nA = [1, 2, 3, 4, 5, 6, inf]\n",
    "inf_text.toml": '[tables]\nA = [1, 2, 3, 4, 5, 6, "inf"]\n',
    "e309.toml": "[tables]\nA = [1, 2, 3, 4, 5, 6, 1e309]\n",
    "huge_text.toml": '[tables]\nA = [1, 2, 3, 4, 5, 6, "1e999999999"]\n',
    "types.toml": "[tables]\nA = [1, 2, 3, 4, 5, 6, [1]]\n",
    "string.toml": '[tables]\nA = "1,2,3,4,5,6,7"\n',
    "broken.toml": "[tables\n",
}

CASES = [
    # non-finite and huge numbers
    (["dice-poker", "--payouts", "inf,6,4,3,2,1,1"], "payout for five of a kind"),
    (["dice-poker", "--payouts=-inf,6,4,3,2,1,1"], "payout for five of a kind"),
    (["dice-poker", "--payouts", "1e309,6,4,3,2,1,1"], "0 to 1e12"),
    (["dice-poker", "--payouts", "1e999999999,6,4,3,2,1,1"], "0 to 1e12"),
    (["dice-poker", "--payouts", "10,6,4,3,2,1,nan"], "payout for pair"),
    (["dice-poker", "--weights", "inf,1,1,1,1,1"], "--weights"),
    (["dice-poker", "--weights", "99999999999999999999,1,1,1,1,1"], "weights must be"),
    (["dice-poker", "--weights", "0,0,0,0,0,0"], "not all zero"),
    (["dice-poker", "--min-chance-gap", "nan", "--json"], "minimum gap above chance"),
    (["dice-poker", "--min-rule-gap", "inf", "--json"], "minimum gap above the rule"),
    (["dice-poker", "--min-rule-gap", "1e309"], "minimum gap above the rule"),
    (["dice-poker", "play", "--bet", "inf"], "bet"),
    (["dice-poker", "play", "--bet", "1e999999999"], "bet"),
    # files
    (["dice-poker", "--tables-file", "{files}"], "is a directory"),
    (["dice-poker", "--tables-file", "{files}/missing.toml"], "not found"),
    (["dice-poker", "--tables-file", "{files}/empty.toml"], "no [tables] section"),
    (["dice-poker", "--tables-file", "{files}/inf.toml"], "table 'A'"),
    (["dice-poker", "verify", "--tables-file", "{files}/inf_text.toml"], "table 'A'"),
    (["dice-poker", "hint", "1", "2", "3", "4", "5", "-r", "1", "--tables-file", "{files}/e309.toml"], "table 'A'"),
    (["dice-poker", "play", "--tables-file", "{files}/huge_text.toml"], "table 'A'"),
    (["dice-poker", "--tables-file", "{files}/types.toml"], "payout for pair"),
    (["dice-poker", "--tables-file", "{files}/string.toml"], "not a list"),
    (["dice-poker", "--tables-file", "{files}/broken.toml"], "not valid TOML"),
    # counts that explode, and the resource guard
    (["dice-poker", "verify", "--hands", "10000000000"], "limit about a minute"),
    (["dice-poker", "verify", "--hands", "2", "--json"], "--hands must be at least 1,000"),
    (["dice-poker", "--dice", "10", "--sides", "16", "--exact"], "the limit is 3,000,000"),
    (["dice-poker", "--dice", "10", "--sides", "17", "--diff"], "too large to solve here"),
    (["dice-poker", "hint", "1", "2", "3", "4", "5", "6", "7", "8", "-r", "2", "--dice", "8", "--sides", "16",
      "--exact"], "exact arithmetic"),
    # small ones: seeds, ranges, hands
    (["dice-poker", "play", "--seed=-1"], "--seed"),
    (["dice-poker", "verify", "--seed=-1"], "--seed"),
    (["dice-poker", "--dice", "0"], "dice must be 1 to 10"),
    (["dice-poker", "--sides", "21"], "faces must be 2 to 20"),
    (["dice-poker", "verify", "--rerolls", "7"], "re-rolls must be 0 to 6"),
    (["dice-poker", "play", "--rerolls=-1"], "re-rolls must be 0 to 6"),
    (["dice-poker", "hint", "1", "2", "3", "4", "7", "-r", "1"], "face 7 is not a face"),
    (["dice-poker", "hint", "²", "1", "3", "4", "6", "-r", "1"], "a hand is dice values"),
    (["dice-poker", "hint", "1.5", "2", "3", "4", "5", "-r", "1"], "a hand is dice values"),
    (["dice-poker", "hint", "1", "2", "3", "4", "5", "-r", "7"], "--rolls-left"),
    (["dice-poker", "--dice", "abc"], "--dice"),
    (["dice-poker", "verify", "--hands", "1e10"], "--hands"),
]


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("dice_poker_files")
    for name, text in FILES.items():
        (folder / name).write_text(text)
    return folder


@pytest.mark.parametrize("args,message", CASES, ids=[" ".join(a[1:])[:60] for a, _ in CASES])
def test_bad_input_is_refused(args, message, files, tmp_path):
    args = [a.replace("{files}", str(files)) for a in args]
    assert_refused(args, tmp_path, message=message)
