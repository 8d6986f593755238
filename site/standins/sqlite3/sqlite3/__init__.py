"""Stand-in (sheepkit static site): there is no SQLite in this browser Python.

The real sqlite3 is a compiled module that only Pyodide's CDN serves. IPython imports sqlite3
at import time and names its exceptions and Connection class, but the Pyodide kernel turns
IPython's history off, so nothing ever connects. This module has those names; `connect`
raises OperationalError saying that SQLite is not available here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn

STANDIN = True
PARSE_DECLTYPES = 1
PARSE_COLNAMES = 2
sqlite_version = "0.0.0"
_MESSAGE = "sqlite3 is not available in sheepkit's static site (its compiled module is not bundled)"


class Warning(Exception):
    pass


class Error(Exception):
    pass


class InterfaceError(Error):
    pass


class DatabaseError(Error):
    pass


class DataError(DatabaseError):
    pass


class OperationalError(DatabaseError):
    pass


class IntegrityError(DatabaseError):
    pass


class InternalError(DatabaseError):
    pass


class ProgrammingError(DatabaseError):
    pass


class NotSupportedError(DatabaseError):
    pass


class Connection:
    """Never made: connect() refuses first."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise OperationalError(_MESSAGE)


def connect(*args: object, **kwargs: object) -> NoReturn:
    raise OperationalError(_MESSAGE)


def register_converter(name: str, converter: Callable[[bytes], Any]) -> None:
    """Accepted and ignored: nothing is ever read from a database here."""


def register_adapter(kind: type, adapter: Callable[[Any], Any]) -> None:
    """Accepted and ignored: nothing is ever written to a database here."""
