"""Tables: one game, one authority, each player on their own device (issue 25).

``authority.TableService`` holds every table of a server; ``client.TableClient`` is one
device; ``wire`` says what a seat may know in JSON; ``protocol`` is every message, both ways;
``server`` (CPython, tornado) serves them over websockets beside Voila; ``keeper`` (CPython)
keeps a server's tables in its SQLite store, so that a restart resumes them; ``join(code,
bot)`` seats a pupil's bot at a table from a notebook. See DESIGN.md, "Tables".
"""

from __future__ import annotations

from .authority import IDLE_CLOSE, MAX_DEVICES, MAX_TABLES, TableService
from .bot_seat import BotSeat, TableJoinError, join
from .client import TableClient, local_client, table_service_url
from .protocol import MAX_MESSAGE, ProtocolError

__all__ = [
    "IDLE_CLOSE",
    "MAX_DEVICES",
    "MAX_MESSAGE",
    "MAX_TABLES",
    "BotSeat",
    "ProtocolError",
    "TableClient",
    "TableJoinError",
    "TableService",
    "join",
    "local_client",
    "table_service_url",
]
