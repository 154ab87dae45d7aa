"""``meeple admin create NAME`` and ``meeple ratings recompute``: the people on a server,
run against its database (the same one ``meeple serve --db`` uses)."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from meeple.cli.common import fail

if TYPE_CHECKING:
    from meeple.server.store import Store

admin_app = typer.Typer(no_args_is_help=True, help="Server administrators.")
ratings_app = typer.Typer(no_args_is_help=True, help="Ratings made from finished games.")

DbOption = Annotated[str | None, typer.Option(
    "--db", help="Database URL (default: $MEEPLE_DATABASE_URL, or meeple.db here).")]


def _url(db: str | None) -> str:
    from meeple.server.db import default_url

    return db or os.environ.get("MEEPLE_DATABASE_URL") or default_url()


@admin_app.command("create")
def admin_create(
    name: Annotated[str, typer.Argument(help="The account's name (made if it is new).")],
    password_stdin: Annotated[bool, typer.Option(
        "--password-stdin", help="Read the new account's password from standard input "
                                 "instead of asking.")] = False,
    db: DbOption = None,
) -> None:
    """Make NAME an admin: an existing account is promoted, a new one is created."""
    from meeple.server import accounts
    from meeple.server.store import Store

    store = Store(_url(db))
    try:
        password: str | None = None
        if accounts.name_problem(name):
            fail(f"{name!r}: {accounts.name_problem(name)}")
        if not _exists(store, name):
            password = (sys.stdin.readline().rstrip("\n") if password_stdin else
                        typer.prompt("password", hide_input=True, confirmation_prompt=True))
            problem = accounts.password_problem(password)
            if problem:
                fail(problem)
        account, created = accounts.make_admin(store.engine, name, password)
    finally:
        store.close()
    typer.echo(f"{'created' if created else 'promoted'} admin {name} (account {account})")


def _exists(store: Store, name: str) -> bool:
    from sqlalchemy import select

    from meeple.server import db

    with store.engine.connect() as c:
        return c.execute(select(db.accounts.c.id).where(
            db.accounts.c.name_key == name.casefold())).first() is not None


@ratings_app.command("recompute")
def ratings_recompute(db: DbOption = None) -> None:
    """Every rating again from the stored results, in the order the games were rated."""
    from meeple.server import ratings
    from meeple.server.store import Store

    store = Store(_url(db))
    try:
        games = ratings.recompute(store.engine)
        rows = len(ratings.table(store.engine))
    finally:
        store.close()
    typer.echo(f"recomputed {rows} ratings from {games} rated games")
