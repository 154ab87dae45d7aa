"""Backups of the server's database while it runs, and their restore into a new one.

SQLite is copied with its own online backup API (one read transaction: the copy is the
database as of one commit, whatever the server writes meanwhile); PostgreSQL with its own
tools, ``pg_dump`` in the custom format (one snapshot) and ``pg_restore``. A backup file is
the database's native form, so the usual tools read it too. A restore goes only into an
empty database unless ``force`` is given, and ends with the schema migrated to the newest
version (a backup from an older meeple restores into a newer one).
"""

from __future__ import annotations

import glob
import hashlib
import os
import shutil
import sqlite3
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import inspect
from sqlalchemy.engine import make_url

from meeple.server.db import make_engine, migrate, sqlite_in_memory
from meeple.server.store import Store

SQLITE_MAGIC = b"SQLite format 3\x00"
PG_MAGIC = b"PGDMP"


class BackupError(Exception):
    """A backup or restore that cannot be done; the message names the reason."""


@dataclass
class Done:
    path: Path
    kind: str  # "sqlite" or "postgresql"
    bytes: int


def _kind(url: str) -> str:
    name = make_url(url).get_backend_name()
    if name not in ("sqlite", "postgresql"):
        raise BackupError(f"cannot back up a {name!r} database (SQLite and PostgreSQL only)")
    return name


def _sqlite_path(url: str) -> Path:
    if sqlite_in_memory(url):
        raise BackupError(f"{url}: an in-memory SQLite database has no file to back up")
    return Path(str(make_url(url).database))


def _libpq_url(url: str) -> str:
    """The URL without SQLAlchemy's driver name (libpq's tools do not know it)."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def _pg_tool(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"),
                   key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0)
    tool = found[-1] if found else shutil.which(name)
    if not tool:
        raise BackupError(f"{name} is not installed (it comes with PostgreSQL's client tools)")
    return tool


def _run(cmd: list[str], what: str) -> None:
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise BackupError(f"{what} failed: {r.stderr.strip() or r.stdout.strip()}")


def backup(url: str, dest: Path) -> Done:
    """Write a consistent copy of the database at ``url`` to ``dest`` (replaced whole, never
    left half-written: the copy goes to a temporary file that is renamed when complete)."""
    kind = _kind(url)
    dest = dest.resolve()
    dest.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=".meeple-backup-", dir=dest.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        if kind == "sqlite":
            source = _sqlite_path(url)
            if not source.exists():
                raise BackupError(f"{source}: no such database file")
            src = sqlite3.connect(f"file:{source}?mode=ro", uri=True, timeout=30)
            dst = sqlite3.connect(tmp)
            try:
                src.backup(dst)  # all pages in one step: one read transaction
                ok = dst.execute("PRAGMA integrity_check").fetchone()[0]
            finally:
                dst.close()
                src.close()
            if ok != "ok":
                raise BackupError(f"the copy of {source} fails its integrity check: {ok}")
        else:
            _run([_pg_tool("pg_dump"), "--format=custom", "--no-owner", f"--file={tmp}",
                  _libpq_url(url)], "pg_dump")
        os.replace(tmp, dest)
    finally:
        tmp.unlink(missing_ok=True)
    return Done(dest, kind, dest.stat().st_size)


def _file_kind(path: Path) -> str:
    try:
        with open(path, "rb") as f:
            head = f.read(16)
    except OSError as e:
        raise BackupError(f"{path}: cannot read the backup: {e.strerror}") from e
    if head.startswith(SQLITE_MAGIC):
        return "sqlite"
    if head.startswith(PG_MAGIC):
        return "postgresql"
    raise BackupError(f"{path}: not a meeple backup (neither a SQLite database nor a "
                      "pg_dump custom-format file)")


def _has_tables(url: str) -> bool:
    engine = make_engine(url)
    try:
        return bool(inspect(engine).get_table_names())
    finally:
        engine.dispose()


def restore(src: Path, url: str, force: bool = False) -> Done:
    """Load the backup ``src`` into the database at ``url`` (which must be empty unless
    ``force``), then migrate it to the newest schema."""
    kind, file_kind = _kind(url), _file_kind(src)
    if kind != file_kind:
        raise BackupError(f"{src} is a {file_kind} backup; it cannot be restored into a "
                          f"{kind} database")
    if kind == "sqlite":
        target = _sqlite_path(url)
        if target.exists() and target.stat().st_size > 0 and not force:
            raise BackupError(f"{target} already exists: restore into a new file, or give "
                              "--force to replace it")
        backup_db = sqlite3.connect(f"file:{src.resolve()}?mode=ro", uri=True)
        try:
            if backup_db.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
                raise BackupError(f"{src}: the backup fails its integrity check")
            if not backup_db.execute("SELECT name FROM sqlite_master WHERE name='games'"
                                     ).fetchone():
                raise BackupError(f"{src}: a SQLite file, but not a meeple database")
            target.parent.mkdir(parents=True, exist_ok=True)
            out = sqlite3.connect(target)
            try:
                backup_db.backup(out)
            finally:
                out.close()
        finally:
            backup_db.close()
    else:
        if _has_tables(url) and not force:
            raise BackupError("the target database is not empty: restore into a new "
                              "database, or give --force to replace its tables")
        cmd = [_pg_tool("pg_restore"), "--no-owner", "--exit-on-error",
               f"--dbname={_libpq_url(url)}"]
        if force:
            cmd += ["--clean", "--if-exists"]
        _run([*cmd, str(src)], "pg_restore")
    migrate(url)
    return Done(src, kind, src.stat().st_size)


def game_hashes(url: str, upto: dict[str, int] | None = None) -> dict[str, tuple[int, str]]:
    """Every stored game: (version, state hash), rebuilt from the database alone; with
    ``upto``, each listed game is rebuilt only to that version."""
    store = Store(url, migrate=False)
    try:
        ids = upto.keys() if upto is not None else store.game_ids()
        out = {}
        for gid in ids:
            _, seq, state = store.rebuild(gid, (upto or {}).get(gid))
            out[gid] = (seq, state.hash())
        return out
    finally:
        store.close()


def digest(hashes: dict[str, tuple[int, str]]) -> str:
    """One line that changes if any game's version or state does."""
    h = hashlib.sha256()
    for gid in sorted(hashes):
        seq, state_hash = hashes[gid]
        h.update(f"{gid}:{seq}:{state_hash}\n".encode())
    return h.hexdigest()[:16]
