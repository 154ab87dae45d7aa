"""How `meeple serve` configures uvicorn: the WebSocket implementation it measured, named
rather than left to uvicorn's ``auto`` (which picked the legacy one before uvicorn 0.50)."""

from __future__ import annotations

import pytest
import uvicorn.config
from fastapi import FastAPI
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from meeple.cli.serve import uvicorn_config


def test_the_server_speaks_websocket_through_the_sans_io_implementation_whatever_auto_picks(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # As uvicorn before 0.50 resolved "auto": to the legacy implementation.
    monkeypatch.setitem(uvicorn.config.WS_PROTOCOLS, "auto",
                        uvicorn.config.WS_PROTOCOLS["websockets"])
    config = uvicorn_config(FastAPI(), "127.0.0.1", 0, "warning", "plain", 1_000_000)
    config.load()
    assert config.ws_protocol_class is WebSocketsSansIOProtocol
    assert config.ws_per_message_deflate is False and config.ws_max_size == 1_000_000
