# mypy: disable-error-code="valid-type, untyped-decorator, index, type-arg, no-untyped-def"
"""A poker-dice hint's options made from the ranked keeps in one compiled pass (`options_of_keeps`), in Cython's
pure-Python mode (compiled by the build; see holdwise.solver.native): the options are
`holdwise.games.option_kernels.KernelOption`s, read as `base.Option` is.
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # plain Python without Cython installed
    from holdwise.solver.cy import cython

from typing import Any

from holdwise.games.option_kernels import options_of

__all__ = ["options_of_keeps"]


def options_of_keeps(rows: Any, texts: Any) -> list:
    """The options of `rows`, (keep as sorted faces, win chance) best first: each keep's text and labels from
    `texts[keep]`, its loss against the first (never below 0), the session action, the labels and whether it
    stands; every dict and list made anew (a caller may change them)."""
    top: cython.double = rows[0][1]
    loss: cython.double
    options: list = []
    values: list = []
    losses: list = []
    actions: list = []
    extras: list = []
    for keep, value in rows:
        text, labels = texts[keep]
        options.append(text)
        values.append(value)
        loss = top - value
        losses.append(loss if loss > 0.0 else 0.0)  # as max(0.0, loss)
        actions.append({"type": "keep", "keep": list(keep)})
        extras.append({"keep": list(labels), "stand": len(keep) == 5})
    return options_of(options, values, losses, actions, None, None, extras)
