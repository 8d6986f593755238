"""The table service's tables kept in the server's SQLite store (the classes' file,
``classes.sqlite3``, its ``tables`` table): a restarted server resumes every open table.

``StoredTables(store)`` is a ``TableKeeper`` (``authority.py``) on a ``ClassStore``: one row
per table, its JSON replaced in one transaction at each change, on disk when it returns
(write-ahead log, ``synchronous=FULL``). CPython only (SQLite through the server's store);
the service itself, and its other keepers, run on Pyodide too.
"""

from __future__ import annotations

import logging

from ..classes.store import ClassStore

log = logging.getLogger(__name__)


class StoredTables:
    """The tables of one server in its store."""

    def __init__(self, store: ClassStore) -> None:
        self.store = store

    def save(self, code: str, text: str) -> None:
        self.store.save_table(code, text)

    def delete(self, code: str) -> None:
        self.store.delete_table(code)

    def load_all(self) -> list[tuple[str, str]]:
        """Every kept table; a row that is not text (not one this service wrote) is skipped,
        with a log line."""
        rows: list[tuple[str, str]] = []
        for code, state in self.store.kept_tables():
            if isinstance(code, str) and isinstance(state, str):
                rows.append((code, state))
            else:
                log.warning("a kept table's row is not text (skipped): %r", code)
        return rows


__all__ = ["StoredTables"]
