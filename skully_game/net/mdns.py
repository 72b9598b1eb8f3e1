"""Games found on this network without typing an address: a server announces itself through
mDNS (`zeroconf`), a client browses for the announcements. Announcing is a choice (`skully serve`
does it when it listens beyond this machine); tests never announce, so nothing leaves loopback."""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import time
from dataclasses import dataclass
from typing import Any

from skully_game import __version__
from skully_game.net import PROTOCOL

SERVICE = "_skully._tcp.local."


@dataclass(frozen=True)
class Found:
    """One server announced on the network."""

    name: str
    address: str
    port: int
    program: str
    protocol: int

    @property
    def url(self) -> str:
        return f"ws://{self.address}:{self.port}"


def is_loopback(host: str) -> bool:
    """Whether `host` is this machine only (then there is nothing to announce)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def service_info(name: str, addresses: list[str], port: int) -> Any:
    """The announcement of a server called `name` at `addresses`:`port`."""
    from zeroconf import ServiceInfo

    label = "".join(ch for ch in name if ch.isalnum() or ch in " -")[:40] or "Skully"
    return ServiceInfo(
        SERVICE,
        f"{label}.{SERVICE}",
        addresses=[socket.inet_aton(a) for a in addresses],
        port=port,
        properties={"program": __version__, "protocol": str(PROTOCOL)},
    )


class Announcer:
    """Keeps a server announced until `close()`."""

    def __init__(self, name: str, bind: str, port: int) -> None:
        from zeroconf import Zeroconf

        addresses = [bind] if bind not in ("0.0.0.0", "") else local_addresses()
        self.zeroconf = Zeroconf()
        self.info = service_info(name, addresses, port)
        self.zeroconf.register_service(self.info, allow_name_change=True)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.zeroconf.unregister_service(self.info)
        self.zeroconf.close()


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses that other desks can reach: every network interface's,
    read from the interfaces themselves (a host name often resolves to loopback alone), leaving
    out loopback and the self-assigned 169.254 ones that no router carries."""
    found: set[str] = set()
    with contextlib.suppress(Exception):  # no interfaces to read here: the host name's, below
        import ifaddr

        for adapter in ifaddr.get_adapters():
            found.update(ip.ip for ip in adapter.ips if ip.is_IPv4 and isinstance(ip.ip, str))
    if not found:
        with contextlib.suppress(OSError):
            for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
                found.add(str(info[4][0]))
    reachable = []
    for text in found:
        with contextlib.suppress(ValueError):
            address = ipaddress.ip_address(text)
            if not (address.is_loopback or address.is_link_local or address.is_unspecified):
                reachable.append(address)
    return [str(a) for a in sorted(reachable)]


def browse(seconds: float = 2.0) -> list[Found]:
    """Servers announced on this network, looked for during `seconds`."""
    from zeroconf import ServiceBrowser, Zeroconf

    zeroconf = Zeroconf()
    names: set[str] = set()

    class Listener:
        def add_service(self, zc: Any, kind: str, name: str) -> None:
            names.add(name)

        def update_service(self, zc: Any, kind: str, name: str) -> None:
            names.add(name)

        def remove_service(self, zc: Any, kind: str, name: str) -> None:
            names.discard(name)

    try:
        ServiceBrowser(zeroconf, SERVICE, Listener())
        time.sleep(seconds)
        out = []
        for name in sorted(names):
            info = zeroconf.get_service_info(SERVICE, name, timeout=500)
            if info is None or not info.parsed_addresses():
                continue
            props = {k.decode(): (v or b"").decode() for k, v in info.properties.items()}
            try:
                protocol = int(props.get("protocol", "0"))
            except ValueError:
                protocol = 0
            out.append(
                Found(
                    name.removesuffix("." + SERVICE),
                    info.parsed_addresses()[0],
                    int(info.port or 0),
                    props.get("program", ""),
                    protocol,
                )
            )
        return out
    finally:
        zeroconf.close()
