"""Play online from the program: host a game on this machine or join one, the lobby, and the
tables driven by the server (skully_game.net)."""
