"""holdwise: exact best play and true return of keep-and-re-roll games."""

__version__ = "0.1.0"
