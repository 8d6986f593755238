"""Wolf and Sheep: the wolves try to pen the sheep in; the sheep tries to slip past them.

Squares are ints ``row * 16 + column`` with row 0 = row 1 (the sheep's side) and column 0 =
file A, on every board size, so that a move prints the same without knowing the board.
Pieces stand on the dark squares, those with ``row + column`` even (A1 is dark, as in chess).
Everything a state needs per board size (steps from each square, who can reach what) is
built once in a :class:`Layout` and shared, which keeps random playouts fast.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

from ...core import Game, InvalidRules, Outcome, Rules, State, cached, rule

if TYPE_CHECKING:
    from typing_extensions import Self

SHEEP, WOLVES = 0, 1
STRIDE = 16
FILES = "ABCDEFGHIJKLMNOP"
BOARD_SIZES = (6, 8, 10, 12)
SHEEP_STARTS = ("A1", "C1", "E1", "G1", "I1", "K1")  # the dark squares of row 1


def square(column: int, row: int) -> int:
    """The square at 0-based ``column`` (A = 0) and ``row`` (row 1 = 0)."""
    return row * STRIDE + column


def _name(sq: int) -> str:
    row, column = divmod(sq, STRIDE)
    return f"{FILES[column]}{row + 1}" if 0 <= sq < STRIDE * STRIDE else f"?{sq}"


_NAMES = tuple(_name(sq) for sq in range(STRIDE * STRIDE))


def square_name(sq: int) -> str:
    """``square_name(4) == "E1"``."""
    return _NAMES[sq] if 0 <= sq < len(_NAMES) else f"?{sq}"


# Digits 0-9 only: \d would also read Arabic-Indic and other digits ("E١" as E1).
_SQUARE = re.compile(r"([A-Pa-p])([0-9]{1,2})")
_MOVE = re.compile(r"\s*([A-Za-z][0-9]{1,2})\s*-\s*([A-Za-z][0-9]{1,2})\s*")


def parse_square(text: str, size: int) -> int:
    """The square named ``text`` (e.g. "E1", case-insensitive) on a ``size`` board."""
    match = _SQUARE.fullmatch(text.strip())
    if not match:
        raise ValueError(f"{text!r} is not a square: write a letter and a number, like E1")
    column, row = FILES.index(match[1].upper()), int(match[2]) - 1
    if not (column < size and 0 <= row < size):
        raise ValueError(
            f"{text.strip().upper()} is not on the {size}x{size} board "
            f"(files A-{FILES[size - 1]}, rows 1-{size})"
        )
    return square(column, row)


class Step(NamedTuple):
    """A move: one piece goes from ``source`` to ``target``. ``str(step) == "E1-D2"``."""

    source: int
    target: int

    def __str__(self) -> str:
        return f"{square_name(self.source)}-{square_name(self.target)}"


@dataclass(frozen=True)
class WolfAndSheepRules(Rules):
    """The rules of Wolf and Sheep, with the two-round match and the lesson's what-ifs."""

    board: int = rule(
        8,
        "Size of the square board: 8 is a chess board with 4 wolves, 10 a draughts board "
        "with 5 wolves (one wolf per two columns).",
        choices=BOARD_SIZES,
        label="Board size",
        choice_labels={6: "6x6", 8: "8x8", 10: "10x10", 12: "12x12"},
        setup=True,
    )
    auto_victory: bool = rule(
        True,
        "The sheep wins at once when the wolves can no longer get in front of it (no wolf "
        "can reach one of its empty forward squares, or only one wolf can reach both).",
        label="Auto-victory",
    )
    rounds: int = rule(
        1,
        "1: one game, player 1 is the Sheep. 2: a match of two rounds in which the players swap "
        "sides; most rounds won wins, then the round won in fewer moves.",
        choices=(1, 2),
        label="Rounds",
        choice_labels={1: "One game", 2: "A match of two rounds"},
        setup=True,
    )
    first: str = rule(
        "sheep",
        "Who moves first in each round (the text: the sheep).",
        choices=("sheep", "wolves"),
        label="First to move",
    )
    sheep_start: str = rule(
        "middle",
        "The sheep's starting square on row 1: the dark square nearest the middle (E1 on 8x8 "
        "and 10x10) or another dark square of row 1.",
        choices=("middle", *SHEEP_STARTS),
        label="Sheep starts on",
    )

    def check(self) -> None:
        if self.sheep_start != "middle":
            column = FILES.index(self.sheep_start[0])
            if column >= self.board:
                raise InvalidRules(
                    f"rule 'sheep_start' must be a dark square of row 1 of the {self.board}x"
                    f"{self.board} board; {self.sheep_start} is off the board",
                    "sheep_start",
                )


class Layout:
    """Everything about one board size that never changes during a game."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.far_row = size - 1
        on_board = range(size)
        self.squares = tuple(square(c, r) for r in on_board for c in on_board if (r + c) % 2 == 0)
        # One wolf on every dark square of the far row; the sheep on the dark square of row 1
        # nearest the middle (2 * (size // 4) is the nearest even column to (size - 1) / 2):
        # E1 on 8x8 and 10x10 as the text says, C1 on 6x6, G1 on 12x12.
        self.wolves_start = tuple(square(c, size - 1) for c in range(1, size, 2))
        self.sheep_start = square(2 * (size // 4), 0)

        def steps(sq: int, rows: Iterable[int]) -> tuple[tuple[int, Step], ...]:
            col = sq % STRIDE
            return tuple(
                (square(c, r), Step(sq, square(c, r)))
                for r in rows
                for c in (col - 1, col + 1)
                if 0 <= r < size and 0 <= c < size
            )

        blank: tuple[tuple[int, Step], ...] = ()
        self.sheep_steps = [blank] * (STRIDE * STRIDE)
        self.wolf_steps = [blank] * (STRIDE * STRIDE)
        self.forward = [blank] * (STRIDE * STRIDE)  # the sheep's forward diagonals
        self.guards: list[frozenset[int]] = [frozenset()] * (STRIDE * STRIDE)
        for sq in self.squares:
            row, col = divmod(sq, STRIDE)
            self.sheep_steps[sq] = steps(sq, (row + 1, row - 1))
            self.wolf_steps[sq] = steps(sq, (row - 1,))  # wolves only go towards row 1
            self.forward[sq] = steps(sq, (row + 1,))
            # A wolf on row R, column C can ever reach (r, c) only if r < R and
            # |c - C| <= R - r: it moves one row down and at most one column per move.
            self.guards[sq] = frozenset(
                w
                for w in self.squares
                if w // STRIDE > row and abs(w % STRIDE - col) <= w // STRIDE - row
            )

    def contains(self, sq: int) -> bool:
        row, col = divmod(sq, STRIDE)
        return sq >= 0 and row < self.size and col < self.size

    def auto_victory(self, sheep: int, wolves: tuple[int, ...]) -> str | None:
        """Why the sheep wins by auto-victory here, or None.

        Only the sheep's empty forward squares count; if it has none, the test does not apply.
        Plain loops rather than comprehensions: this runs before every turn.
        """
        free: list[int] = []
        sole: list[int] = []  # the only wolf that can reach each free square, or -1 if several
        for target, _ in self.forward[sheep]:
            if target in wolves:
                continue
            cone = self.guards[target]
            count, guard = 0, -1
            for w in wolves:
                if w in cone:
                    count += 1
                    guard = w
                    if count > 1:
                        guard = -1
                        break
            if count == 0:
                return (
                    f"Auto-victory: no wolf can reach {square_name(target)} in front of the sheep."
                )
            free.append(target)
            sole.append(guard)
        if len(free) == 2 and sole[0] != -1 and sole[0] == sole[1]:
            a, b = (square_name(t) for t in free)
            return (
                f"Auto-victory: only the wolf on {square_name(sole[0])} can reach {a} and "
                f"{b} in front of the sheep, and one wolf cannot block both."
            )
        return None

    def status(
        self, sheep: int, wolves: tuple[int, ...], turn: int, auto_victory: bool
    ) -> tuple[tuple[Step, ...], tuple[int, str] | None]:
        """The mover's legal moves, or the winner and the reason when the game is over.

        The end checks run before every turn, in this order: the sheep on the far row wins;
        a player with no legal move loses; then the auto-victory test, if it is on.
        """
        if sheep // STRIDE == self.far_row:
            return (), (SHEEP, f"The sheep reached the far row ({square_name(sheep)}).")
        if turn == SHEEP:
            moves = tuple([m for t, m in self.sheep_steps[sheep] if t not in wolves])
            if not moves:
                return (), (WOLVES, "The wolves have blocked the sheep: it cannot move.")
        else:
            moves = tuple(
                [m for w in wolves for t, m in self.wolf_steps[w] if t != sheep and t not in wolves]
            )
            if not moves:
                return (), (SHEEP, "The wolves cannot move any more.")
        if auto_victory:
            reason = self.auto_victory(sheep, wolves)
            if reason is not None:
                return (), (SHEEP, reason)
        return moves, None


#: A position's judgement: the mover's legal moves, or (winning side, reason) once it is over.
Status = tuple[tuple[Step, ...], tuple[int, str] | None]


@cache
def layout(size: int) -> Layout:
    return Layout(size)


class WolfAndSheep(Game[WolfAndSheepRules, Step, "WolfAndSheepState"]):
    """Wolf and Sheep. Player 0 is the Sheep and moves first; player 1 is the Wolves.

    With ``rounds=2`` the players are two people who swap sides: player 0 is the Sheep in
    round 1 and the Wolves in round 2. ``state.turn`` is always the side (SHEEP or WOLVES)
    to move, ``state.to_move`` the person.
    """

    name = "wolf_and_sheep"
    title = "Wolf and Sheep"
    rules_type = WolfAndSheepRules
    min_players = max_players = 2

    def __init__(self, rules: WolfAndSheepRules | None = None, **changes: Any) -> None:
        super().__init__(rules, **changes)
        rules = self.rules
        self.layout = layout(rules.board)
        self.auto_victory = rules.auto_victory
        self.rounds = rules.rounds
        self.first_turn = SHEEP if rules.first == "sheep" else WOLVES
        if rules.sheep_start == "middle":
            self.sheep_start = self.layout.sheep_start
        else:
            self.sheep_start = parse_square(rules.sheep_start, rules.board)

    @property
    def max_length(self) -> int:
        # Every wolf move takes a wolf one row nearer row 1, and no wolf ever moves back, so
        # the wolves make at most wolves * (size - 1) moves in all. The sheep moves first and
        # the turns alternate, so it makes at most one move more than the wolves.
        size = self.rules.board
        wolf_moves = (size // 2) * (size - 1)
        return (2 * wolf_moves + 1) * self.rules.rounds

    def new_game(self) -> WolfAndSheepState:
        lay = self.layout
        return WolfAndSheepState.make(self, self.sheep_start, lay.wolves_start, self.first_turn)

    def parse_move(self, text: str) -> Step:
        if not isinstance(text, str):
            raise ValueError(f"a move is written as text like E1-D2, not {text!r}")
        match = _MOVE.fullmatch(text)
        if not match:
            raise ValueError(
                f"cannot read {text!r} as a move: write the square a piece leaves, a dash and "
                "the square it goes to, like E1-D2"
            )
        size = self.rules.board
        return Step(parse_square(match[1], size), parse_square(match[2], size))

    def player_name(self, player: int) -> str:
        if self.rounds == 2:
            return f"Player {player + 1}"
        return ("Sheep", "Wolves")[player]

    # -- positions for tests and lessons ---------------------------------------------------
    def position(
        self, sheep: str | int, wolves: Iterable[str | int], to_move: int = SHEEP
    ) -> WolfAndSheepState:
        """A position with the pieces on the given squares and an empty history.

        For tests and lessons only: its record replays from the real start, so
        ``sheepkit.replay(state.record())`` does not give this position back.
        """
        size = self.rules.board

        def place(where: str | int) -> int:
            sq = parse_square(where, size) if isinstance(where, str) else where
            if not self.layout.contains(sq) or sum(divmod(sq, STRIDE)) % 2:
                raise ValueError(f"{square_name(sq)} is not a dark square of this board")
            return sq

        flock = tuple(sorted(place(w) for w in wolves))
        lamb = place(sheep)
        if len(set(flock)) != len(flock) or lamb in flock:
            raise ValueError("two pieces cannot share a square")
        count = len(self.layout.wolves_start)
        if len(flock) != count:
            raise ValueError(f"a {size}x{size} board has {count} wolves, not {len(flock)}")
        # An int, not True or 1.0 (which equal 1 but would be stored as the mover).
        if to_move.__class__ is not int or to_move not in (SHEEP, WOLVES):
            raise ValueError(f"to_move is 0 (the Sheep) or 1 (the Wolves), not {to_move!r}")
        return WolfAndSheepState.make(self, lamb, flock, to_move)  # round 1: seat = side

    def from_text(self, diagram: str, to_move: int = SHEEP) -> WolfAndSheepState:
        """A position drawn like ``str(state)``: one line per row, W, S and dots."""
        if not isinstance(diagram, str):
            raise ValueError(f"a diagram is text, one line per row, not {type(diagram).__name__}")
        size = self.rules.board
        sheep: list[int] = []
        wolves: list[int] = []
        for line in diagram.splitlines():
            parts = line.split()
            if not parts or not (parts[0].isascii() and parts[0].isdigit()):
                continue  # the file letters, whose-turn line, blank lines
            if len(parts[0]) > 2 or not 1 <= int(parts[0]) <= size:
                raise ValueError(
                    f"row {parts[0][:10]}{'...' if len(parts[0]) > 10 else ''} is not on the "
                    f"{size}x{size} board: rows are 1 to {size}"
                )
            row = int(parts[0]) - 1
            if len(parts) - 1 > size:
                raise ValueError(
                    f"row {row + 1} has {len(parts) - 1} squares; the board has {size} columns"
                )
            for col, mark in enumerate(parts[1:]):
                if mark in "Ww":
                    wolves.append(square(col, row))
                elif mark in "Ss":
                    sheep.append(square(col, row))
        if len(sheep) != 1:
            raise ValueError(f"a diagram needs exactly one sheep (S), found {len(sheep)}")
        return self.position(sheep[0], wolves, to_move)


@dataclass(frozen=True)
class WolfAndSheepState(State[WolfAndSheep, Step]):
    sheep: int
    wolves: tuple[int, ...]  # sorted, so equal positions are equal states
    turn: int  # the side to move unless the round is over: SHEEP or WOLVES
    round: int = 1  # 1, or 2 in the second round of a two-round match
    # Each finished round of a match: (winning side, its plies, the reason in words).
    finished: tuple[tuple[int, int, str], ...] = ()

    @cached
    def _status(self) -> Status:
        """The mover's legal moves, or the round's winning side and the reason: judged once,
        on the first question (every state is asked whose turn it is at once). A ``cached``
        value is not a field, so equality, hashing, repr and ``replace`` ignore it."""
        game = self.game
        return game.layout.status(self.sheep, self.wolves, self.turn, game.auto_victory)

    @property
    def to_move(self) -> int | None:
        if self._status[1] is not None:
            return None
        # self.seat(self.turn), inlined: every step of a playout asks this several times.
        return self.turn if self.round == 1 else 1 - self.turn

    def seat(self, side: int) -> int:
        """The player (person) playing ``side`` in this round: the sides swap in round 2."""
        return side if self.round == 1 else 1 - side

    @property
    def round_ending(self) -> tuple[int, str] | None:
        """(winning side, reason) when this round is over, else None."""
        status: Status = self._status
        return status[1]

    def _legal_moves(self) -> tuple[Step, ...]:
        status: Status = self._status
        return status[0]

    def play(self, move: Step | str) -> Self:
        # A fast path for the usual case, a move taken from legal_moves() (that very object);
        # everything else (text, plain tuples, lookalikes, errors) goes through core's play.
        # Measured: random playouts on 8x8 are about 10 % faster with it (the core's play also
        # looks up the cached legal moves and handles chance nodes, which this game has none of).
        moves: tuple[Step, ...] = self._status[0]
        for listed in moves:
            if listed is move:
                # core's _advance, inlined: this is every ply of a playout, and a call per
                # ply costs a few percent (benchmarks/engine_speed.py)
                after = self._apply(listed)
                after.__dict__["history"] = self.history + (listed,)  # noqa: RUF005 - faster
                return after
        return super().play(move)

    def legal_moves(self) -> tuple[Step, ...]:
        # The judged moves themselves, skipping core's cached copy of them (``_legal``).
        # Measured: random playouts about 8 % faster with it (8x8 and 10x10).
        moves: tuple[Step, ...] = self._status[0]
        return moves

    def legal_option(self, move: object) -> Step | None:
        """As in every game, plus a documented convenience: a plain tuple of two int squares
        (``(4, 19)``) is read as that Step, and so played and stored as one. A value equal to a
        move but of other types (``(4.0, 19.0)``, ``True``) is still not a move."""
        if isinstance(move, tuple) and move.__class__ is tuple and len(move) == 2:
            source, target = move
            if source.__class__ is int and target.__class__ is int:
                move = Step(source, target)
        return super().legal_option(move)

    def _apply(self, move: Step) -> Self:
        source, target = move
        game = self.game
        if self.turn == SHEEP:
            after = self.make(game, target, self.wolves, WOLVES, self.round, self.finished)
        else:
            wolves = tuple(sorted([target if w == source else w for w in self.wolves]))
            after = self.make(game, self.sheep, wolves, SHEEP, self.round, self.finished)
        ending: tuple[int, str] | None = after._status[1]  # hot: no property call
        if ending is not None and after.round < game.rounds:
            # The round is over: the next one starts at once with the sides swapped (the
            # finished round's result travels with the state, for the score and the app).
            plies = len(self.history) + 1 - sum(f[1] for f in self.finished)
            finished = (*self.finished, (ending[0], plies, ending[1]))
            return self.make(
                game,
                game.sheep_start,
                game.layout.wolves_start,
                game.first_turn,
                after.round + 1,
                finished,
            )
        return after

    def results(self) -> tuple[tuple[int, int, int, str], ...]:
        """Every finished round: (winning player, winning side, plies, reason)."""
        done = [(side, plies, why) for side, plies, why in self.finished]
        if self.round_ending is not None:
            plies = len(self.history) - sum(f[1] for f in self.finished)
            done.append((self.round_ending[0], plies, self.round_ending[1]))
        # Round i (from 1): player 0 is the sheep in odd rounds.
        return tuple(
            (side if i % 2 == 0 else 1 - side, side, plies, why)
            for i, (side, plies, why) in enumerate(done)
        )

    def scores(self) -> tuple[float, ...]:
        """Rounds won by each player (in a one-round game: 1 for the winner)."""
        won = [0.0, 0.0]
        for player, *_ in self.results():
            won[player] += 1
        return tuple(won)

    def _outcome(self) -> Outcome | None:
        ending = self.round_ending
        if ending is None:
            return None
        if self.round == 1:
            return Outcome((self.seat(ending[0]),), ending[1], self.scores())
        return self._match_outcome()

    def _match_outcome(self) -> Outcome:
        """Most rounds won, then the round won in fewer moves (plies of that round)."""
        name = self.game.player_name
        (p1, _, n1, _), (p2, _, n2, why) = self.results()
        scores = self.scores()
        winners: tuple[int, ...]
        if p1 == p2:
            winners, reason = (p1,), f"{name(p1)} won both rounds."
        elif n1 != n2:
            best, worst = sorted([(n1, p1), (n2, p2)])
            winners = (best[1],)
            reason = (
                f"Each player won one round; {name(best[1])} won theirs in fewer moves "
                f"({best[0]} against {worst[0]})."
            )
        else:
            winners = (0, 1)
            reason = f"Each player won one round in {n1} moves: the match is drawn."
        return Outcome(winners, f"{reason} Round 2: {why}", scores)

    def key(self) -> tuple[int, tuple[int, ...], int]:
        """A compact hashable position (no history): sheep, sorted wolves, side to move."""
        return (self.sheep, self.wolves, self.turn)

    def why_illegal(self, move: Step) -> str:
        lay = self.game.layout
        try:
            source, target = move
            ok = isinstance(source, int) and isinstance(target, int)
        except (TypeError, ValueError):
            ok = False
        if not ok:
            return f"{move} is not a Wolf and Sheep move: write moves like E1-D2."
        for sq in (source, target):
            if not lay.contains(sq):
                return f"{square_name(sq)} is not on the {lay.size}x{lay.size} board."
        mover = self.game.player_name(self.turn)
        a, b = square_name(source), square_name(target)
        if self.turn == SHEEP and source != self.sheep:
            return f"There is no piece of yours on {a}: the sheep is on {square_name(self.sheep)}."
        if self.turn == WOLVES and source not in self.wolves:
            where = ", ".join(square_name(sq) for sq in self.wolves)
            return f"There is no piece of yours on {a}: the wolves are on {where}."
        (r1, c1), (r2, c2) = divmod(source, STRIDE), divmod(target, STRIDE)
        if abs(r2 - r1) != 1 or abs(c2 - c1) != 1:
            return f"{b} is not a diagonal step from {a}: pieces move one square diagonally."
        if self.turn == WOLVES and r2 > r1:
            return f"Wolves cannot move backwards: {a}-{b} goes away from row 1."
        if target == self.sheep or target in self.wolves:
            piece = "the sheep" if target == self.sheep else "a wolf"
            return f"{b} is occupied by {piece}: pieces never share a square or capture."
        return f"{move} is not a legal move for the {mover}."

    def __str__(self) -> str:
        size = self.game.rules.board
        width = len(str(size))
        lines = []
        for row in range(size - 1, -1, -1):
            marks = []
            for col in range(size):
                sq = square(col, row)
                marks.append("S" if sq == self.sheep else "W" if sq in self.wolves else ".")
            lines.append(f"{row + 1:>{width}} " + " ".join(marks))
        lines.append(" " * (width + 1) + " ".join(FILES[:size]))
        game = self.game
        if game.rounds > 1:
            for number, (player, side, plies, why) in enumerate(
                self.results()[: len(self.finished)], 1
            ):
                winner = f"{game.player_name(player)} ({('Sheep', 'Wolves')[side]})"
                lines.append(f"Round {number}: {winner} won in {plies} moves. {why}")
        outcome = self.outcome()
        if outcome is not None:
            lines.append(f"Game over: {outcome.reason}")
        elif game.rounds > 1:
            side_name = ("Sheep", "Wolves")[self.turn]
            who = game.player_name(self.seat(self.turn))
            lines.append(f"Round {self.round} of {game.rounds}: {who} ({side_name}) to move.")
        else:
            lines.append(f"{game.player_name(self.turn)} to move.")
        return "\n".join(lines)
