"""Package data: generated sounds and board files (installed as skully_game.assets)."""
