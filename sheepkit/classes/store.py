"""A school's classes in one SQLite file: classes, pupils, their answers and runs, and the
teacher's pacing; and the table service's open tables (``save_table``).

Written through one connection in write-ahead-log mode with ``synchronous=FULL``: a write
returns only once it is on disk, so what the service has told a pupil is saved survives the
server's process being killed (and the machine losing power). ``secure_delete`` overwrites
what a deleted class held. A pupil's token is kept only as its SHA-256 digest. Stdlib only.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, TypeVar

from ..core import SheepkitError

#: The store's file in the folder the teacher names.
FILE_NAME = "classes.sqlite3"
SCHEMA_VERSION = 1
#: A class code's letters: none that reads as another (no I, O, 0 or 1).
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 5

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS classes (
    id INTEGER PRIMARY KEY,
    code TEXT UNIQUE NOT NULL,
    name TEXT NOT NULL,
    created REAL NOT NULL,
    paused INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS pupils (
    id INTEGER PRIMARY KEY,
    class_id INTEGER NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
    name TEXT NOT NULL COLLATE NOCASE,
    token_hash TEXT UNIQUE NOT NULL,
    joined REAL NOT NULL,
    UNIQUE (class_id, name)
);
CREATE TABLE IF NOT EXISTS answers (
    id INTEGER PRIMARY KEY,
    pupil_id INTEGER NOT NULL REFERENCES pupils(id) ON DELETE CASCADE,
    lesson TEXT NOT NULL,
    question TEXT NOT NULL,
    text TEXT NOT NULL DEFAULT '',
    guess TEXT NOT NULL DEFAULT '',
    reason TEXT NOT NULL DEFAULT '',
    result TEXT NOT NULL DEFAULT '',
    game TEXT NOT NULL DEFAULT '',
    rules TEXT NOT NULL DEFAULT '{}',
    seed INTEGER,
    time REAL NOT NULL,
    UNIQUE (pupil_id, lesson, question)
);
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY,
    pupil_id INTEGER NOT NULL REFERENCES pupils(id) ON DELETE CASCADE,
    lesson TEXT NOT NULL,
    experiment TEXT NOT NULL,
    change TEXT NOT NULL DEFAULT '',
    guess TEXT NOT NULL DEFAULT '',
    result TEXT NOT NULL,
    value REAL,
    game TEXT NOT NULL DEFAULT '',
    rules TEXT NOT NULL DEFAULT '{}',
    seed INTEGER,
    time REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS questions (
    class_id INTEGER NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
    lesson TEXT NOT NULL,
    question TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'held', 'revealed')),
    shared INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (class_id, lesson, question)
);
-- The table service's tables (sheepkit.tables.keeper), kept across a restart: one row per
-- open table, its whole state as JSON, replaced at each change. (Added to version 1 files
-- as they open: a store made before it gains it.)
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    state TEXT NOT NULL,
    saved REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS answers_by_lesson ON answers (lesson, question);
CREATE INDEX IF NOT EXISTS runs_by_pupil ON runs (pupil_id);
"""


class StoreError(SheepkitError, ValueError):
    """What the store cannot do, in words (a name taken, a class that is not there)."""


@dataclass(frozen=True)
class ClassRow:
    id: int
    code: str
    name: str
    created: float
    paused: bool


@dataclass(frozen=True)
class Pupil:
    id: int
    class_id: int
    name: str


@dataclass(frozen=True)
class AnswerRow:
    pupil: str
    lesson: str
    question: str
    text: str
    guess: str
    reason: str
    result: str
    game: str
    rules: dict[str, Any]
    seed: int | None
    time: float


@dataclass(frozen=True)
class RunRow:
    pupil: str
    lesson: str
    experiment: str
    change: str
    guess: str
    result: str
    value: float | None
    game: str
    rules: dict[str, Any]
    seed: int | None
    time: float


@dataclass(frozen=True)
class QuestionState:
    lesson: str
    question: str
    state: str  # open, held or revealed
    shared: bool

    @property
    def key(self) -> str:
        return f"{self.lesson}/{self.question}"


def digest(token: str) -> str:
    """What the store keeps of a token (never the token)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class ClassStore:
    """The classes of one server, in the SQLite file ``path`` (":memory:" for a test)."""

    def __init__(self, path: Path | str, *, clock: Callable[[], float] = time.time) -> None:
        self.path = str(path)
        self.clock = clock
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        # Autocommit: each write below is its own transaction (``_writing``), on disk when it
        # returns.
        self.db = sqlite3.connect(self.path, isolation_level=None)
        self.db.row_factory = sqlite3.Row
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.execute("PRAGMA secure_delete=ON")
        self.db.execute("PRAGMA busy_timeout=5000")
        self.db.executescript(SCHEMA)
        found = self.db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        if found is None:
            self.db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        elif found[0] != str(SCHEMA_VERSION):
            raise StoreError(
                f"{self.path} is a class store of version {found[0]}; this sheepkit reads "
                f"version {SCHEMA_VERSION}"
            )

    def close(self) -> None:
        self.db.close()

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    # -- classes ------------------------------------------------------------------------------
    def open_class(self, name: str) -> ClassRow:
        """A new class named ``name``, with a code no other class has."""
        with self._writing() as db:
            while True:
                code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
                if db.execute("SELECT 1 FROM classes WHERE code=?", (code,)).fetchone() is None:
                    break
            db.execute(
                "INSERT INTO classes (code, name, created) VALUES (?, ?, ?)",
                (code, name, self.clock()),
            )
        found = self.class_by_code(code)
        assert found is not None
        return found

    def classes(self) -> list[ClassRow]:
        rows = self.db.execute("SELECT * FROM classes ORDER BY created DESC, id DESC")
        return [_class(row) for row in rows]

    def class_by_code(self, code: str) -> ClassRow | None:
        row = self.db.execute("SELECT * FROM classes WHERE code=?", (code.upper(),)).fetchone()
        return _class(row) if row is not None else None

    def class_by_id(self, class_id: int) -> ClassRow | None:
        row = self.db.execute("SELECT * FROM classes WHERE id=?", (class_id,)).fetchone()
        return _class(row) if row is not None else None

    def delete_class(self, class_id: int) -> None:
        """The class and everything in it: pupils, answers, runs, pacing."""
        with self._writing() as db:
            db.execute("DELETE FROM classes WHERE id=?", (class_id,))
        self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def set_paused(self, class_id: int, paused: bool) -> None:
        with self._writing() as db:
            db.execute("UPDATE classes SET paused=? WHERE id=?", (int(paused), class_id))

    # -- pupils -------------------------------------------------------------------------------
    def add_pupil(self, class_id: int, name: str) -> tuple[Pupil, str]:
        """A new pupil of the class, and the token that brings them back; StoreError if the
        name is taken in the class (names differing in case only are the same name)."""
        token = secrets.token_urlsafe(16)
        with self._writing() as db:
            taken = db.execute(
                "SELECT 1 FROM pupils WHERE class_id=? AND name=?", (class_id, name)
            ).fetchone()
            if taken is not None:
                raise StoreError(
                    f"someone in this class is already called {name!r}: add an initial, "
                    "or ask your teacher if it is you on another device"
                )
            cursor = db.execute(
                "INSERT INTO pupils (class_id, name, token_hash, joined) VALUES (?, ?, ?, ?)",
                (class_id, name, digest(token), self.clock()),
            )
        assert cursor.lastrowid is not None
        return Pupil(cursor.lastrowid, class_id, name), token

    def pupil_by_token(self, token: str) -> Pupil | None:
        row = self.db.execute(
            "SELECT id, class_id, name FROM pupils WHERE token_hash=?", (digest(token),)
        ).fetchone()
        return Pupil(row["id"], row["class_id"], row["name"]) if row is not None else None

    def pupils(self, class_id: int) -> list[Pupil]:
        rows = self.db.execute(
            "SELECT id, class_id, name FROM pupils WHERE class_id=? ORDER BY name", (class_id,)
        )
        return [Pupil(row["id"], row["class_id"], row["name"]) for row in rows]

    # -- answers and runs ---------------------------------------------------------------------
    def save_answer(
        self,
        pupil: Pupil,
        lesson: str,
        question: str,
        text: str,
        guess: str,
        reason: str,
        at: float | None = None,
    ) -> None:
        """The pupil's guess and reason, given at ``at`` (now by default); a later answer to
        the same question replaces it and its result."""
        with self._writing() as db:
            db.execute(
                "INSERT INTO answers (pupil_id, lesson, question, text, guess, reason, time)"
                " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (pupil_id, lesson, question) DO UPDATE"
                " SET text=excluded.text, guess=excluded.guess, reason=excluded.reason,"
                " result='', game='', rules='{}', seed=NULL, time=excluded.time",
                (pupil.id, lesson, question, text, guess, reason, at or self.clock()),
            )

    def save_result(
        self,
        pupil: Pupil,
        lesson: str,
        question: str,
        result: str,
        game: str,
        rules: dict[str, Any],
        seed: int | None,
    ) -> bool:
        """The result of the pupil's run behind the question; False if the pupil has no
        answer to it (a result comes after its guess)."""
        with self._writing() as db:
            cursor = db.execute(
                "UPDATE answers SET result=?, game=?, rules=?, seed=?"
                " WHERE pupil_id=? AND lesson=? AND question=?",
                (result, game, json.dumps(rules), seed, pupil.id, lesson, question),
            )
        return cursor.rowcount > 0

    def save_run(
        self,
        pupil: Pupil,
        lesson: str,
        experiment: str,
        change: str,
        guess: str,
        result: str,
        value: float | None,
        game: str,
        rules: dict[str, Any],
        seed: int | None,
    ) -> None:
        with self._writing() as db:
            db.execute(
                "INSERT INTO runs (pupil_id, lesson, experiment, change, guess, result, value,"
                " game, rules, seed, time) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    pupil.id,
                    lesson,
                    experiment,
                    change,
                    guess,
                    result,
                    value,
                    game,
                    json.dumps(rules),
                    seed,
                    self.clock(),
                ),
            )

    def rows_of(self, pupil: Pupil) -> int:
        """How many answers and runs the pupil has sent."""
        found = self.db.execute(
            "SELECT (SELECT COUNT(*) FROM answers WHERE pupil_id=?)"
            " + (SELECT COUNT(*) FROM runs WHERE pupil_id=?)",
            (pupil.id, pupil.id),
        ).fetchone()
        return int(found[0])

    def answers(self, class_id: int, lesson: str | None = None) -> list[AnswerRow]:
        """The class's answers (of one lesson), by lesson, question and pupil's name."""
        rows = self.db.execute(
            "SELECT p.name AS pupil, a.* FROM answers a JOIN pupils p ON p.id = a.pupil_id"
            " WHERE p.class_id=? AND (? IS NULL OR a.lesson=?)"
            " ORDER BY a.lesson, a.question, p.name",
            (class_id, lesson, lesson),
        )
        return [_row(AnswerRow, row) for row in rows]

    def runs(self, class_id: int, lesson: str | None = None) -> list[RunRow]:
        rows = self.db.execute(
            "SELECT p.name AS pupil, r.* FROM runs r JOIN pupils p ON p.id = r.pupil_id"
            " WHERE p.class_id=? AND (? IS NULL OR r.lesson=?)"
            " ORDER BY r.lesson, r.experiment, r.time, r.id",
            (class_id, lesson, lesson),
        )
        return [_row(RunRow, row) for row in rows]

    # -- pacing -------------------------------------------------------------------------------
    def set_question(
        self,
        class_id: int,
        lesson: str,
        question: str,
        *,
        state: str | None = None,
        shared: bool | None = None,
    ) -> None:
        """Hold, reveal or open a question for the class, or share its spread (or not)."""
        if state is not None and state not in ("open", "held", "revealed"):
            raise StoreError(f"a question is open, held or revealed, not {state!r}")
        with self._writing() as db:
            db.execute(
                "INSERT INTO questions (class_id, lesson, question) VALUES (?, ?, ?)"
                " ON CONFLICT DO NOTHING",
                (class_id, lesson, question),
            )
            if state is not None:
                db.execute(
                    "UPDATE questions SET state=? WHERE class_id=? AND lesson=? AND question=?",
                    (state, class_id, lesson, question),
                )
            if shared is not None:
                db.execute(
                    "UPDATE questions SET shared=? WHERE class_id=? AND lesson=? AND question=?",
                    (int(shared), class_id, lesson, question),
                )

    def questions(self, class_id: int) -> list[QuestionState]:
        rows = self.db.execute(
            "SELECT * FROM questions WHERE class_id=? ORDER BY lesson, question", (class_id,)
        )
        return [
            QuestionState(row["lesson"], row["question"], row["state"], bool(row["shared"]))
            for row in rows
        ]

    # -- the table service's tables -----------------------------------------------------------
    def save_table(self, code: str, state: str) -> None:
        """Keep an open table's state (JSON text; it replaces what the table had)."""
        with self._writing() as db:
            db.execute(
                "INSERT INTO tables (code, state, saved) VALUES (?, ?, ?)"
                " ON CONFLICT (code) DO UPDATE SET state=excluded.state, saved=excluded.saved",
                (code, state, self.clock()),
            )

    def delete_table(self, code: str) -> None:
        with self._writing() as db:
            db.execute("DELETE FROM tables WHERE code=?", (code,))

    def kept_tables(self) -> list[tuple[object, object]]:
        """Every kept table's (code, state) as stored (whatever the file holds)."""
        rows = self.db.execute("SELECT code, state FROM tables ORDER BY code")
        return [(row["code"], row["state"]) for row in rows]


R = TypeVar("R", AnswerRow, RunRow)


def _row(kind: type[R], row: sqlite3.Row) -> R:
    """An answer or a run as its dataclass: its columns by the fields' names, the rules
    decoded from their JSON."""
    values = {f.name: row[f.name] for f in fields(kind)}
    values["rules"] = json.loads(values["rules"])
    return kind(**values)


def _class(row: sqlite3.Row) -> ClassRow:
    return ClassRow(row["id"], row["code"], row["name"], row["created"], bool(row["paused"]))
