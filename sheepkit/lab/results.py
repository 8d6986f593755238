"""The results table of a simulation: one row per game, as plain data.

A row holds everything the metrics need, so metrics never replay games: who sat where, who
won, the scores, the length, and per turn the number of legal moves and (when the game keeps
score during play) the score of every player after that turn.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, TextIO


@dataclass(frozen=True)
class GameRow:
    """One simulated game.

    ``sheepkit.play_game(game, [bots[i] for i in lineup], seed)`` replays it exactly.
    A *turn* is a decision by a player; chance outcomes (rolls, draws) count as plies only.
    """

    index: int  # the game's number in its run (the i in "seed derived from (seed, i)")
    seed: int  # this game's own seed
    lineup: tuple[int, ...]  # for each seat, the index of the entrant (bot) sitting there
    bots: tuple[str, ...]  # for each seat, that bot's name
    winners: tuple[int, ...]  # seats; empty for a draw or a capped game
    scores: tuple[float, ...]  # final score of each seat
    plies: int  # moves and chance outcomes
    turns: int  # decisions by players
    capped: bool  # stopped by the lab's ply cap before the game ended
    reason: str  # how the game ended, in words
    choices: tuple[int, ...] = ()  # legal moves at each decision
    # Scores after each turn; empty when the scores never change before the end (a game that
    # only scores the final position has nothing to say about leads).
    score_trace: tuple[tuple[float, ...], ...] = ()

    def credit(self, seat: int) -> float:
        """This seat's share of the win: 1, 1/k for a k-way shared win, else 0."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0

    def to_dict(self) -> dict[str, Any]:
        """JSON-able values (tuples become lists)."""
        return json.loads(json.dumps(asdict(self)))


CSV_FIELDS = tuple(f for f in GameRow.__dataclass_fields__)


@dataclass
class Results:
    """Everything a simulation produced; ``rows`` is one :class:`GameRow` per game.

    ``entrants`` are the names of the bots as given (a row's ``lineup`` indexes them), and
    ``stopped`` is True when the run was ended early (fewer rows than ``requested``).
    """

    game: str
    rules: dict[str, Any]
    players: int
    seat_names: tuple[str, ...]
    entrants: tuple[str, ...]
    seed: int
    requested: int
    rotate: bool = False
    rows: list[GameRow] = field(default_factory=list)
    stopped: bool = False
    how: str = "serial"  # where the games ran: "serial", "processes (2)", an executor's name
    seconds: float = 0.0  # wall time of the run
    # Said to the reader when it matters, e.g. "Ran in this browser tab, one game after
    # another (no worker processes here)."; empty otherwise.
    note: str = ""

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[GameRow]:
        return iter(self.rows)

    @property
    def complete(self) -> bool:
        return not self.stopped and len(self.rows) == self.requested

    def __repr__(self) -> str:
        flag = "" if self.complete else f" (stopped early: {len(self.rows)} of {self.requested})"
        note = f". {self.note}" if self.note else ""
        return (
            f"<Results {self.game} {self.rules or ''} {' vs '.join(self.entrants)}: "
            f"{len(self.rows)} games, {self.how}, {self.seconds:.2f}s{flag}{note}>"
        )

    def to_dicts(self) -> list[dict[str, Any]]:
        """One plain dict per game (lists instead of tuples), ready for json or a DataFrame."""
        return [row.to_dict() for row in self.rows]

    def csv_rows(self) -> list[dict[str, Any]]:
        """Rows for ``csv.DictWriter``: list-valued columns are written as JSON text."""
        out = []
        for row in self.to_dicts():
            out.append({k: json.dumps(v) if isinstance(v, list) else v for k, v in row.items()})
        return out

    def to_csv(self, target: str | Path | TextIO | None = None) -> str:
        """Write the table as CSV to a path or open file; also return the text."""
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=CSV_FIELDS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(self.csv_rows())
        text = buffer.getvalue()
        if isinstance(target, str | Path):
            Path(target).write_text(text, encoding="utf-8")
        elif target is not None:
            target.write(text)
        return text

    def to_pandas(self) -> Any:
        """A pandas DataFrame of the rows (pandas is optional: ImportError if missing)."""
        import pandas as pd

        return pd.DataFrame(self.to_dicts(), columns=list(CSV_FIELDS))
