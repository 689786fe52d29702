"""`python -m holdwise`: the command line."""

from .cli import main

main()
