"""The sweep kinds, one module each (`dice_poker`, `video_poker`, `farkle_loadouts`), found by
`holdwise.sweep.kind.get_kind`. Each defines what `holdwise.sweep.kind` describes: NAME, COLUMNS, definition,
count, items, solve and plot. They import the game faces only inside their functions, so listing a kind's
columns loads no game (and no NumPy)."""

from __future__ import annotations

__all__: list[str] = []
