"""`python -m skully_game` is the `skully` command."""

import sys

from skully_game.cli.main import main

sys.exit(main())
