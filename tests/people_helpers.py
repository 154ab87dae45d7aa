"""Several people on one test server: each ``Browser`` has its own cookies but sends its
requests through the server's one TestClient, so everything runs on the server's event
loop (a second TestClient would run each request on a loop of its own)."""

from __future__ import annotations

from typing import Any

import httpx
from fastapi.testclient import TestClient

PW = "correct horse"


class Browser:
    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.cookies = httpx.Cookies()

    def request(self, method: str, url: str, **kw: Any) -> httpx.Response:
        saved = self.client.cookies
        self.client.cookies = self.cookies
        try:
            response: httpx.Response = self.client.request(method, url, **kw)
            return response
        finally:
            self.cookies = self.client.cookies
            self.client.cookies = saved

    def get(self, url: str, **kw: Any) -> httpx.Response:
        return self.request("GET", url, **kw)

    def post(self, url: str, **kw: Any) -> httpx.Response:
        return self.request("POST", url, **kw)

    def patch(self, url: str, **kw: Any) -> httpx.Response:
        return self.request("PATCH", url, **kw)

    def csrf(self) -> dict[str, str]:
        return {"X-CSRF-Token": self.cookies["meeple_csrf"]}


def person(client: TestClient, name: str, password: str = PW) -> Browser:
    """A new browser that signs up as ``name``."""
    b = Browser(client)
    r = b.post("/api/account/signup", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    return b
