"""What operators and their tools ask of a running server: Prometheus metrics, and the
liveness and readiness probes of an orchestrator or a load balancer."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

router = APIRouter()

READY_TIMEOUT = 2.0  # seconds the database has to answer a readiness probe


@router.get("/metrics", include_in_schema=False)
async def metrics(request: Request) -> Response:
    # Some gauges query the database: not on the event loop.
    body = await asyncio.to_thread(generate_latest, request.app.state.metrics.registry)
    return Response(body, media_type=CONTENT_TYPE_LATEST)


@router.get("/api/health/live", summary="Is the process up (liveness)")
async def live() -> dict[str, str]:
    return {"status": "live"}


@router.get("/api/health/ready", summary="Can the server take moves now (readiness)",
            responses={503: {"description": "not ready: the reason is named"}})
async def ready(request: Request) -> JSONResponse:
    hub = getattr(request.app.state, "hub", None)
    if hub is None:
        return _not_ready("the server is starting")
    if hub.draining:
        return _not_ready("the server is shutting down")
    try:
        await asyncio.wait_for(asyncio.to_thread(hub.store.ping), READY_TIMEOUT)
    except TimeoutError:
        return _not_ready(f"the database did not answer within {READY_TIMEOUT:g} s")
    except Exception as e:  # any driver's error: the probe names it, never fails itself
        first = str(getattr(e, "orig", None) or e).splitlines()[0][:200]
        return _not_ready(f"the database cannot be reached ({first})")
    return JSONResponse({"status": "ready"})


def _not_ready(reason: str) -> JSONResponse:
    return JSONResponse({"status": "not ready", "reason": reason}, status_code=503)
