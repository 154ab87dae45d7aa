"""The client's files as the server hands them out (meeple.web.app.Site, issue 17): from
memory, gzipped, versioned URLs kept by the browser, plain ones asked again."""

from __future__ import annotations

import gzip
import json
import os
import re
from pathlib import Path

from starlette.applications import Starlette
from starlette.routing import Mount
from starlette.testclient import TestClient

from meeple.web.app import Site

SHIPPED = Path(__file__).resolve().parent.parent / "src" / "meeple" / "web" / "static"
PAGE = ('<html><head><link rel="stylesheet" href="/style.css"></head><body>'
        '<script type="module" src="/js/app.js"></script></body></html>')


def _site(tmp_path: Path) -> tuple[Site, TestClient]:
    (tmp_path / "js").mkdir()
    (tmp_path / "index.html").write_text(PAGE)
    (tmp_path / "style.css").write_text("body { margin: 0; }\n" * 100)
    (tmp_path / "js" / "app.js").write_text('import "./dom.js";\n' + "// x\n" * 300)
    (tmp_path / "js" / "dom.js").write_text("export const a = 1;\n")
    site = Site(tmp_path)
    return site, TestClient(Starlette(routes=[Mount("/", app=site)]))


def test_the_page_names_its_files_under_the_version_and_announces_every_module(
        tmp_path: Path) -> None:
    site, client = _site(tmp_path)
    r = client.get("/")
    prefix = f"/v/{site.version}/"
    assert r.status_code == 200 and r.headers["cache-control"] == "no-cache"
    assert f'src="{prefix}js/app.js"' in r.text and f'href="{prefix}style.css"' in r.text
    assert sorted(re.findall(r'modulepreload" href="([^"]+)"', r.text)) == [
        f"{prefix}js/app.js", f"{prefix}js/dom.js"]


def test_a_versioned_file_is_kept_a_year_and_a_plain_one_asked_again_by_its_etag(
        tmp_path: Path) -> None:
    site, client = _site(tmp_path)
    kept = client.get(f"/v/{site.version}/js/dom.js")
    assert kept.status_code == 200 and "immutable" in kept.headers["cache-control"]
    assert kept.text == "export const a = 1;\n"
    assert kept.headers["content-type"].startswith("text/javascript")
    plain = client.get("/js/dom.js")
    assert plain.headers["cache-control"] == "no-cache" and plain.text == kept.text
    again = client.get("/js/dom.js", headers={"If-None-Match": plain.headers["etag"]})
    assert again.status_code == 304 and again.content == b""
    # A page of an older version gets today's file, not kept.
    old = client.get("/v/0123456789ab/js/dom.js")
    assert old.status_code == 200 and old.headers["cache-control"] == "no-cache"


def test_a_text_file_goes_gzipped_only_to_a_browser_that_accepts_it(tmp_path: Path) -> None:
    _, client = _site(tmp_path)
    raw = (tmp_path / "js" / "app.js").read_bytes()
    zipped = client.get("/js/app.js", headers={"Accept-Encoding": "gzip"})
    assert zipped.headers["content-encoding"] == "gzip" and zipped.content == raw
    assert int(zipped.headers["content-length"]) == len(gzip.compress(raw, 6, mtime=0))
    plain = client.get("/js/app.js", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.content == raw


def test_an_edited_file_is_served_fresh_under_a_new_version(tmp_path: Path) -> None:
    site, client = _site(tmp_path)
    before = site.version
    path = tmp_path / "js" / "dom.js"
    path.write_text("export const a = 2;\n")
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 10**9))
    assert client.get("/js/dom.js").text == "export const a = 2;\n"
    assert site.version != before and f"/v/{site.version}/js/app.js" in client.get("/").text


def test_a_missing_file_or_a_path_out_of_the_directory_is_not_found(tmp_path: Path) -> None:
    (tmp_path / "secret.txt").write_text("no")
    site_dir = tmp_path / "site"
    site_dir.mkdir()
    _, client = _site(site_dir)
    assert client.get("/js/nothing.js").status_code == 404
    assert client.get("/js/../../secret.txt").status_code == 404
    assert client.get("/v/x/../../secret.txt").status_code == 404
    assert client.post("/js/dom.js").status_code == 405


def _lists(page: str) -> dict[str, list[str]]:
    found = re.search(r"window.__meepleModules = (\{.*?\});</script>", page)
    assert found, "the page lists no module of a game"
    out: dict[str, list[str]] = json.loads(found.group(1))
    return out


def test_only_the_shell_is_preloaded_and_each_game_lists_what_it_alone_needs(
        tmp_path: Path) -> None:
    site, client = _site(tmp_path)
    js = tmp_path / "js"
    (js / "app.js").write_text('import { a } from "./dom.js";\n'
                               'export const open = () => import("./replay.js");\n')
    (js / "cult").mkdir()
    (js / "cult.js").write_text('import { a } from "./dom.js";\nimport {\n  b,\n} from '
                                '"./cult/board.js";\n')
    (js / "cult" / "board.js").write_text('export { c } from "../ui/card.js";\n'
                                          "export const b = 1;\n")
    (js / "ui").mkdir()
    (js / "ui" / "card.js").write_text("export const c = 1;\n")
    (js / "clash.js").write_text('import "./ui/card.js";\n')
    (js / "replay.js").write_text('import "./cult.js";\nimport "./clash.js";\n')
    site.refresh()
    page = client.get("/").text
    prefix = f"/v/{site.version}/"
    assert sorted(re.findall(r'modulepreload" href="([^"]+)"', page)) == [
        f"{prefix}js/app.js", f"{prefix}js/dom.js"]
    lists = _lists(page)
    assert lists["cult"] == [f"{prefix}js/{m}" for m in ("cult.js", "cult/board.js",
                                                         "ui/card.js")]
    assert lists["clash"] == [f"{prefix}js/clash.js", f"{prefix}js/ui/card.js"]
    assert lists["replay"][0] == f"{prefix}js/replay.js" and len(lists["replay"]) == 5
    # Only top-level modules have a list; the lists come before the page's own script.
    assert set(lists) == {"clash", "cult", "replay"}
    assert page.index("__meepleModules") < page.index('<script type="module"')


def test_the_shipped_shell_holds_no_games_module_and_every_listed_module_is_served() -> None:
    site = Site(SHIPPED)
    client = TestClient(Starlette(routes=[Mount("/", app=site)]))
    page = client.get("/").text
    urls = re.findall(r'(?:src|href)="(/v/[^"]+)"', page)
    shell = [u for u in urls if u.endswith(".js")]
    assert len(shell) >= 15 and any(u.endswith("/js/table.js") for u in shell)
    lists = _lists(page)
    for game in ("cult", "cyclades", "clash", "colonies", "counter"):
        assert lists[game][0].endswith(f"/js/{game}.js"), game
        assert not set(lists[game]) & set(shell), game
    # A Cult table loads nothing of another game.
    assert not [u for u in lists["cult"] if re.search(r"/(clash|cyclades|colonies)", u)]
    # A replay imports its own game's module when it opens, not all four.
    assert not [u for u in lists["replay"] if re.search(r"/(cult|clash|cyclades|colonies)", u)]
    for url in {*urls, *(u for urls_ in lists.values() for u in urls_)}:
        assert client.get(url).status_code == 200, url
