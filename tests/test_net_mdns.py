"""What a host tells friends and announces: the addresses other desks can reach, read from the
network interfaces (a host name often resolves to loopback alone). Nothing here sends a packet;
`tools/mdns_check.py` proves the announcement itself in a network namespace of its own."""

from __future__ import annotations

import socket
from types import SimpleNamespace

import ifaddr
import pytest

from skully_game.net import mdns


def adapter(*ips: object) -> SimpleNamespace:
    return SimpleNamespace(ips=[SimpleNamespace(ip=ip, is_IPv4=isinstance(ip, str)) for ip in ips])


def test_friends_are_given_the_interfaces_addresses_not_loopback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake = [
        adapter("127.0.0.1", ("::1", 0, 0)),
        adapter("192.168.1.20", ("fe80::1", 0, 4)),
        adapter("169.254.7.7"),  # self-assigned: no router carries it
        adapter("10.0.0.5"),
    ]
    monkeypatch.setattr(ifaddr, "get_adapters", lambda: fake)
    monkeypatch.setattr(socket, "getaddrinfo", lambda *a, **k: [])
    assert mdns.local_addresses() == ["10.0.0.5", "192.168.1.20"]


def test_without_readable_interfaces_the_host_name_is_asked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def unreadable() -> list[object]:
        raise OSError("no interfaces here")

    monkeypatch.setattr(ifaddr, "get_adapters", unreadable)
    monkeypatch.setattr(
        socket,
        "getaddrinfo",
        lambda *a, **k: [
            (socket.AF_INET, 0, 0, "", ("127.0.1.1", 0)),
            (0, 0, 0, "", ("192.168.4.2", 0)),
        ],
    )
    assert mdns.local_addresses() == ["192.168.4.2"]


def test_a_machine_on_no_network_has_nothing_to_announce(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ifaddr, "get_adapters", lambda: [adapter("127.0.0.1")])
    monkeypatch.setattr(socket, "getaddrinfo", lambda *a, **k: [])
    assert mdns.local_addresses() == []


def test_the_announcement_names_the_server_plainly() -> None:
    info = mdns.service_info("Ada's game: room #1", ["192.168.1.20"], 8765)
    assert info.name == f"Adas game room 1.{mdns.SERVICE}"
    assert info.port == 8765
    assert info.parsed_addresses() == ["192.168.1.20"]
    assert info.properties[b"protocol"] == str(mdns.PROTOCOL).encode()
