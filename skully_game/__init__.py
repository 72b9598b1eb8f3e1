"""Skully: flicked bottle caps on a chalk board, and four table games, in one pygame-ce program."""

__version__ = "0.1.0"

import os as _os

# pygame prints a banner on import; the program speaks only when it has something to say.
_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
