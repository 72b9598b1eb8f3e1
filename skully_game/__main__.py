"""`python -m skully_game` is the `skully` command."""

import sys

from skully_game.cli import main

sys.exit(main())
