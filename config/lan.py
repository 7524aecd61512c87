"""This machine's address on the local network, found without sending anything.

Players' phones reach the site only at that address: 127.0.0.1 is each phone's own.
`make run` prints it (python -m config.lan HOST), and the local settings let Django
answer requests addressed to it.
"""

from __future__ import annotations

import ipaddress
import socket
import sys
from collections.abc import Mapping, Sequence

# connect() on a UDP socket only asks the kernel for a route: no packet leaves the
# machine. Any private address will do; the route to it names our LAN interface.
_PROBE = ("10.255.255.255", 9)


# Plain HTTP: anyone on the network can send requests (which the site withstands) and,
# on an open Wi-Fi, read other people's (which only TLS prevents).
_OPEN_NETWORK = (
    "Debug pages are off while other devices can reach the site. On an open Wi-Fi anyone\n"
    "can read plain HTTP: there, use the TLS deployment (README, 'Deploying')."
)


def lan_address() -> str | None:
    """The IPv4 address other devices on the network reach this machine at, if any."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PROBE)
            address = probe.getsockname()[0]
    except OSError:
        return None
    if ipaddress.ip_address(address).is_loopback or address == "0.0.0.0":
        return None
    return address


def is_loopback(host: str) -> bool:
    """True for an address only this machine can reach (127.0.0.1, ::1, localhost)."""
    host = host.strip().lower().strip("[]")
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def split_host(host_port: str) -> tuple[str, str]:
    """`"0.0.0.0:8000"` -> ("0.0.0.0", "8000"); `"[::1]:8000"` -> ("::1", "8000")."""
    if host_port.startswith("["):
        host, _, rest = host_port[1:].partition("]")
        return host, rest.lstrip(":")
    if host_port.count(":") == 1:
        host, _, port = host_port.partition(":")
        return host, port
    if host_port.isdigit():
        return "127.0.0.1", host_port
    return host_port, ""


def listen_address(environ: Mapping[str, str], argv: Sequence[str]) -> str:
    """Where this process's site listens: runserver's address argument when it is
    runserver, else LISTEN (which `make run` sets for the site and the worker alike)."""
    if "runserver" in argv:
        after = argv[list(argv).index("runserver") + 1 :]
        return next((arg for arg in after if not arg.startswith("-")), "127.0.0.1:8000")
    return environ.get("LISTEN") or "127.0.0.1:8000"


def beyond_loopback(host_port: str) -> bool:
    """True when other devices can reach the address (0.0.0.0, a LAN address, a name)."""
    host, _port = split_host(host_port)
    return not is_loopback(host or "127.0.0.1")


def run_hint(host_port: str) -> str:
    """What `make run` prints before serving: where phones can reach the site."""
    host, port = split_host(host_port)
    port = port or "8000"
    lan = lan_address()
    lan_url = f"http://{lan}:{port}/" if lan else None
    if host in ("0.0.0.0", "::", ""):
        if lan_url:
            return (
                f"Players' phones on this network reach the site at {lan_url}\n"
                f"Open it there yourself, so the QR codes point at it (or set SITE_URL).\n"
                f"{_OPEN_NETWORK}"
            )
        return "No network address found: connect to the venue's network for phones to reach it."
    if is_loopback(host):
        where = f" at {lan_url}" if lan_url else ""
        return (
            f"Serving on {host}:{port}, which only this computer can reach.\n"
            f"For players' phones: make run HOST=0.0.0.0:{port} and open the site{where},\n"
            f"or set SITE_URL to the address phones use."
        )
    if beyond_loopback(host_port):
        return f"Serving on {host}:{port}.\n{_OPEN_NETWORK}"
    return f"Serving on {host}:{port}."


if __name__ == "__main__":
    print(run_hint(sys.argv[1] if len(sys.argv) > 1 else "127.0.0.1:8000"))
