"""The package's one exception for bad input."""

from __future__ import annotations

from typing import Any

__all__ = ["InputError"]


class InputError(ValueError):
    """Bad input from a user: the message is one line naming the bad part.

    `field` names the input by the parameter's own word (`score`, `dice`, `opponent_dice`) when the message
    is about one input; `reason` is then the rest of the line ("must be ..."), and each interface says the
    name in its own words (the CLI its flag, the web its request field). Without a field the reason is the
    whole line. `sep` joins the name and the reason: " " when the reason reads on from the name ("score must
    be ..."), ": " when it is a sentence of its own said about that input ("dice: unknown die 'x'").
    """

    def __init__(self, reason: str, field: str | None = None, sep: str = " ") -> None:
        super().__init__(f"{field}{sep}{reason}" if field else reason)
        self.reason = reason
        self.field = field
        self.sep = sep

    def __reduce__(self) -> str | tuple[Any, ...]:  # a copy from another process (a Dask worker) keeps its field
        if type(self) is not InputError:
            return super().__reduce__()
        return InputError, (self.reason, self.field, self.sep)
