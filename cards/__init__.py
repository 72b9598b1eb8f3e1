"""Pure engines and bots for the turn-based table games. Never imports pygame."""
