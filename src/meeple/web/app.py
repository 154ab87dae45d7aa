"""The browser client's files as the server hands them out (issue 17: the first load).

Every file is read once into memory, with a gzip copy of the text ones, and checked
against the disk by its modification time (an edited file is served fresh without a
restart). The page names its scripts and style sheets under /v/VERSION/, VERSION being a
hash of every file: the browser keeps those for a year without asking again, and a new
version of any file gives every URL a new name. Plain paths (/js/app.js) stay served,
asked again each time (ETag, 304). The page itself is never cached: it says the version.

StaticFiles answered each of the ~60 script modules in 7-11 ms, read from the disk on
every request, and let a warm cache still ask about each of them.

Only the shell's modules (what js/app.js imports, directly or not) are announced to every
page; each other top-level module (a game's, the replay's) is listed with the modules it
alone needs, which the page preloads and imports when it opens that game: a Cult table
compiles none of Clash's modules. The lists come from the files' own import lines."""

from __future__ import annotations

import gzip
import hashlib
import json
import mimetypes
import posixpath
import re
from dataclasses import dataclass
from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.types import Receive, Scope, Send

TEXT = {".js", ".css", ".html", ".svg", ".json", ".txt", ".map"}
FOREVER = "public, max-age=31536000, immutable"
ASK_AGAIN = "no-cache"
VERSIONED = re.compile(r"^v/([0-9a-f]+)/(.+)$")
# A static import or re-export of a relative path; a dynamic import(...) is not one.
IMPORT = re.compile(r"""^\s*(?:import|export)\s+(?:[^'"`;]*?\sfrom\s*)?["'](\.\.?/[^"']+)["']""",
                    re.MULTILINE)
SHELL = "js/app.js"
TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
         ".html": "text/html; charset=utf-8", ".svg": "image/svg+xml",
         ".json": "application/json"}


@dataclass(frozen=True)
class _File:
    mtime: int
    body: bytes
    zipped: bytes | None
    etag: str
    media_type: str


class Site:
    """The static directory served from memory (see the module's note)."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        self.files: dict[str, _File] = {}
        self.version = ""
        self.page = ""
        self.shell: list[str] = []  # the modules every page preloads
        self.modules: dict[str, list[str]] = {}  # per other top-level module: its own
        self.refresh()

    @staticmethod
    def _load(path: Path) -> _File:
        body = path.read_bytes()
        ext = path.suffix.lower()
        zipped = gzip.compress(body, 6, mtime=0) if ext in TEXT and len(body) > 512 else None
        media = TYPES.get(ext) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        digest = hashlib.sha256(body).hexdigest()[:16]
        return _File(path.stat().st_mtime_ns, body, zipped, f'"{digest}"', media)

    def refresh(self) -> None:
        """Every file read again, and the version and the page made from them."""
        self.files = {p.relative_to(self.root).as_posix(): self._load(p)
                      for p in sorted(self.root.rglob("*")) if p.is_file()}
        whole = hashlib.sha256()
        for rel, f in self.files.items():
            whole.update(rel.encode() + b"\0" + f.etag.encode())
        self.version = whole.hexdigest()[:12]
        self.shell, self.modules = self._split_modules()
        self.page = self._page()

    def _imports(self, rel: str) -> list[str]:
        """The modules ``rel`` imports statically, as paths in this directory."""
        text = self.files[rel].body.decode("utf-8", errors="replace")
        here = posixpath.dirname(rel)
        found = (posixpath.normpath(posixpath.join(here, m)) for m in IMPORT.findall(text))
        return [m for m in found if m in self.files]

    def _closure(self, start: str) -> set[str]:
        seen, todo = {start}, [start]
        while todo:
            for m in self._imports(todo.pop()):
                if m not in seen:
                    seen.add(m)
                    todo.append(m)
        return seen

    def _split_modules(self) -> tuple[list[str], dict[str, list[str]]]:
        """The shell (js/app.js and all it imports), and for each other top-level module
        (js/cult.js: "cult") itself first and then what it needs beyond the shell."""
        if SHELL not in self.files:
            return [], {}
        shell = self._closure(SHELL)
        own: dict[str, list[str]] = {}
        for rel in self.files:
            name = rel[len("js/"):-len(".js")] if rel.endswith(".js") else ""
            if rel.startswith("js/") and "/" not in name and rel not in shell:
                own[name] = [rel, *sorted(self._closure(rel) - shell - {rel})]
        return sorted(shell), own

    def _page(self) -> str:
        """index.html with its own files under /v/VERSION/, the shell's script modules
        announced up front (modulepreload: fetched side by side instead of found one
        level of imports at a time), and the other modules' lists for the page's script
        (``window.__meepleModules``, read by index.html and js/table.js)."""
        prefix = f"/v/{self.version}/"
        html = self.files["index.html"].body.decode("utf-8")
        html = re.sub(r'(href|src)="/((?:js|css)/[^"]+|[a-z_-]+\.css)"',
                      lambda m: f'{m.group(1)}="{prefix}{m.group(2)}"', html)
        links = "".join(f'<link rel="modulepreload" href="{prefix}{rel}">\n'
                        for rel in self.shell)
        urls = {name: [prefix + rel for rel in rels] for name, rels in self.modules.items()}
        lists = json.dumps(urls, sort_keys=True, separators=(",", ":")).replace("</", "<\\/")
        script = f"<script>window.__meepleModules = {lists};</script>\n"
        at = html.find("<script")
        head = html.find("</head>")
        at = at if 0 <= at < head else head
        html = html[:at] + script + html[at:]
        return html.replace("</head>", links + "</head>", 1)

    def _current(self, rel: str) -> _File | None:
        """The file as it is on the disk now (read again if it changed, the version and
        the page with it), or None."""
        f = self.files.get(rel)
        path = self.root / rel
        try:
            mtime = path.stat().st_mtime_ns
        except OSError:
            if f is not None:  # deleted since
                self.refresh()
            return None
        if f is None or f.mtime != mtime:
            if not path.resolve().is_relative_to(self.root) or not path.is_file():
                return None
            self.refresh()
            f = self.files.get(rel)
        return f

    def index(self) -> HTMLResponse:
        self._current("index.html")
        return HTMLResponse(self.page, headers={"Cache-Control": ASK_AGAIN})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope, receive)
        rel = request.url.path.lstrip("/")
        if rel in ("", "index.html"):
            await self.index()(scope, receive, send)
            return
        cache = ASK_AGAIN
        m = VERSIONED.match(rel)
        if m:
            rel = m.group(2)
            # A page of an older version may still ask: it gets today's file, asked again.
            cache = FOREVER if m.group(1) == self.version else ASK_AGAIN
        f = self._current(rel) if ".." not in rel.split("/") else None
        if f is None or request.method not in ("GET", "HEAD"):
            status = 404 if f is None else 405
            await Response("Not Found" if f is None else "Method Not Allowed", status)(
                scope, receive, send)
            return
        headers = {"Cache-Control": cache, "ETag": f.etag, "Vary": "Accept-Encoding"}
        if request.headers.get("if-none-match") == f.etag:
            await Response(status_code=304, headers=headers)(scope, receive, send)
            return
        body = f.body
        if f.zipped is not None and "gzip" in request.headers.get("accept-encoding", ""):
            body, headers["Content-Encoding"] = f.zipped, "gzip"
        if request.method == "HEAD":
            headers["Content-Length"] = str(len(body))
            body = b""
        await Response(body, media_type=f.media_type, headers=headers)(scope, receive, send)
