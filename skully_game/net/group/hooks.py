"""How a server joins its group when it starts (server.py calls `join_group` once it listens):
the address the other members send its rooms' clients to, the port every member on this machine
shares (the group's one address: the kernel hands each new connection to one of them), and the
member itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

from websockets.asyncio.server import serve

from skully_game.net.group.member import Member
from skully_game.net.protocol import MAX_MESSAGE

if TYPE_CHECKING:
    from skully_game.net.server import GameServer


def own_address(host: str, port: int) -> str:
    """Where this server is reached directly: its own host and port (any address: this
    machine's name, which the other machines of the group resolve)."""
    if host in ("0.0.0.0", "::", ""):
        import socket

        host = socket.gethostname()
    return f"ws://[{host}]:{port}" if ":" in host else f"ws://{host}:{port}"


async def join_group(server: GameServer) -> None:
    config = server.config.group
    assert config is not None
    if config.shared_port:
        server.shared = await serve(
            server._handle,
            server.config.host,
            config.shared_port,
            process_request=server._web_page,
            max_size=MAX_MESSAGE,
            max_queue=16,
            compression=None,
            reuse_port=True,  # every member on this machine listens here too
        )
    member = Member(server, config)
    member.address = config.address or own_address(server.config.host, server.port)
    try:
        await member.start()
    except ConnectionError:
        for listening in (server.shared, server.ws):
            if listening is not None:
                listening.close()
        raise
    server.group = member
