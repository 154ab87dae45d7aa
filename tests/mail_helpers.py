"""A real SMTP server on 127.0.0.1 (aiosmtpd) that keeps what it receives, and account
helpers for the notification and announcement tests."""

from __future__ import annotations

import email
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from email.message import EmailMessage
from email.policy import default
from typing import Any

from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient


class Inbox:
    """The aiosmtpd handler: every message received, parsed."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        msg = email.message_from_bytes(envelope.content, policy=default)
        assert isinstance(msg, EmailMessage)
        self.messages.append(msg)
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        return [m for m in self.messages if m["To"] == address]

    def wait(self, count: int, timeout: float = 15.0) -> list[EmailMessage]:
        end = time.time() + timeout
        while time.time() < end and len(self.messages) < count:
            time.sleep(0.05)
        return list(self.messages)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def smtp_server(port: int | None = None) -> Iterator[tuple[Inbox, str]]:
    """(inbox, SMTP URL) of a server listening on 127.0.0.1 until the block ends."""
    inbox = Inbox()
    port = port or free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield inbox, f"smtp://127.0.0.1:{port}?from=games@meeple.test"
    finally:
        controller.stop()


def body(msg: EmailMessage) -> str:
    part = msg.get_body(("plain",))
    assert part is not None
    return str(part.get_content())


PW = "correct horse"


def sign_up(client: TestClient, name: str, **profile: Any) -> dict[str, Any]:
    """A new account signed in on ``client``, with ``profile`` changes (email, notify,
    news, language) applied."""
    r = client.post("/api/account/signup", json={"name": name, "password": PW})
    assert r.status_code == 201, r.text
    me: dict[str, Any] = r.json()
    if profile:
        r = client.patch("/api/account", json=profile, headers=csrf(client))
        assert r.status_code == 200, r.text
        me.update(r.json())
    return me


def csrf(client: TestClient) -> dict[str, str]:
    return {"X-CSRF-Token": client.cookies["meeple_csrf"]}


def browser(client: TestClient) -> TestClient:
    """Another browser on the same server: its own cookie jar."""
    return TestClient(client.app)
