"""The dice-poker hint asked as tests used to ask it: `ask(hand, rolls_left, table, **fields)` builds the
request's fields (a table by name is `rules`, a list of payouts is `payouts`) and answers `hint(parse_hint(...))`."""

from holdwise.games.dice_poker import hint, parse_hint


def fields_of(hand, rolls_left, table="B", **more):
    """The hint's fields of a question: `table` a name (rules) or seven payouts (text with commas or a list)."""
    fields = {"hand": hand, "rolls_left": rolls_left, **more}
    if isinstance(table, str) and "," not in table:
        fields["rules"] = table
    else:
        fields["payouts"] = table
    return fields


def ask(hand, rolls_left, table="B", **more):
    """The Hint of a question (see `fields_of`)."""
    return hint(parse_hint(fields_of(hand, rolls_left, table, **more)))
