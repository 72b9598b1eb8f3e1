"""Play across desks: a headless websocket server that holds every game, and a client library.

The server is the only authority (server.py): it keeps the engine state, checks each action a
client sends with its seat token, and sends each seat only what that seat may see. No pygame here.
"""

PROTOCOL = 2  # the message protocol's version: a client of another version is told so at join
