"""Skully: flicked bottle caps on a chalk board, and four table games, in one pygame-ce program."""

__version__ = "0.1.0"
