"""The group's addresses a table comes back through are the group as it is now, not as it was
when the table joined: a server that joins the group later is added, one that stops is taken
off, while the table sits (the server sends `group` when they change)."""

from __future__ import annotations

from skully_game.net.client import Client
from tests.group_kit import member, running_pair, until

SEATS = [{"kind": "me"}, {"kind": "open"}, {"kind": "computer", "level": "random"}]


def test_a_seated_table_learns_of_a_server_that_joins_and_one_that_stops(redis_url: str) -> None:
    with running_pair(redis_url) as (a, b, _):
        host = Client(a.url).connect()
        host.create("Anne", "skull", SEATS)
        room = host.wait_for("joined")["room"]
        watcher = Client(a.url).connect()
        watcher.watch("Cy", room)
        watcher.wait_for("watching")
        assert until(lambda: set(host.addresses()) == {a.url, b.url}, 10)  # B began after A
        c = member(redis_url, "C").start()
        try:
            for client in (host, watcher):
                assert until(lambda client=client: c.url in client.addresses(), 10), (
                    f"a server that joined later is not among {client.addresses()}"
                )
        finally:
            c.stop()
        for client in (host, watcher):
            assert until(lambda client=client: c.url not in client.addresses(), 10), (
                f"a server that stopped is still among {client.addresses()}"
            )
        assert set(host.addresses()) == {a.url, b.url}
        assert host.closed is None and watcher.closed is None  # told while seated
        assert all(m["type"] != "group" for m in host.poll())  # the client's own business
        for client in (host, watcher):
            client.close()
