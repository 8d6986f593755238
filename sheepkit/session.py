"""Session: a game in progress, apart from any widget.

A session holds the timeline of states (states are immutable, so keeping them all is cheap and
exact) and a cursor on it, the seats (a human or a bot each, changeable at any time), who rolls
and who deals, whose device must be covered, and the random streams of the dice and of each
seat's bot. ``play_game`` (and so the lab) runs on it; the app (``sheepkit.ui.GameApp``) draws
one and forwards clicks to it; a view elsewhere (a table served to several devices) can follow
one through its events. It imports no widget library.

Seeding is the one of ``play_game``: chance draws from ``chance_rng(seed)`` and seat ``s``'s
bot from ``seat_rng(seed, s)``, so a game played in the app with bots in the seats is the game
``play_game(game, bots, seed)`` plays, move for move.

Undo, redo and ``goto`` move the cursor; a move made from an earlier position cuts the timeline
there. Bots play only at the end of the timeline (``pending``), so browsing never changes
history; setting the seat to move to a bot while browsing continues the game from there.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Literal, TypeVar

from .bots import Bot, BotFactory, for_game
from .bots.specs import BotSpec, bot_maker, make_bot, spec_name
from .core import CHANCE, BadRecord, Game, Move, SheepkitError, State, load, replay
from .core.contract import GameWords
from .core.game import FORMAT, VERSION
from .core.record import parse_json
from .core.registry import game_type
from .core.rules import Rules
from .game_log import LogMemo, log_entries
from .live import EVENTS, LOCAL, Event, EventKind, Listener, LiveGame, Offers

HUMAN = "Human"

S = TypeVar("S", bound=State[Any, Any])

#: Told of every move a bot makes: the state before it, the moves it chose among, the state
#: after (the lab counts real choices and traces the scores with it).
MoveObserver = Callable[[S, tuple[Move, ...], S], None]


def seat_rng(seed: int, seat: int) -> random.Random:
    """Each seat's own random stream, so one bot's choices never shift another's dice."""
    return random.Random(f"sheepkit-seat-{seed}-{seat}")


def chance_rng(seed: int) -> random.Random:
    """The stream of a game's dice, shuffles and draws."""
    return random.Random(f"sheepkit-chance-{seed}")


#: Who sits in a seat: "Human" or a bot spec (``sheepkit.bots.specs``: the name of a bot offered
#: for the game, a bot class, a bot object, or a plain function).
SeatSpec = BotSpec

# The longest record text a session reads. A saved record is a few kilobytes (the longest games
# here are a few hundred moves of a dozen characters); anything far longer is refused before it
# is parsed, so a pasted novel or a crafted file cannot tie up the kernel.
MAX_RECORD_CHARS = 100_000


class SessionError(SheepkitError, ValueError):
    """Something the session refuses (a move on a bot's turn, a seat that does not exist, an
    unknown bot). Nothing is changed."""


def own_bot(game: Game[Any, Any, Any]) -> str:
    """The name of the game's own first bot (Random where it has none)."""
    return next((n for n in for_game(game) if n not in ("Random", "MCTS")), "Random")


def default_seats(game: Game[Any, Any, Any]) -> list[str]:
    """A human against the game's own first bot (Random where it has none)."""
    return [HUMAN] + [own_bot(game)] * (game.num_players - 1)


def read_record(text: str | dict[str, Any]) -> dict[str, Any]:
    """The JSON object of a record's text, refused (BadRecord) before parsing when too long."""
    if not isinstance(text, dict) and len(text) > MAX_RECORD_CHARS:
        raise BadRecord(
            f"the record has {len(text):,} characters, and a record has at most "
            f"{MAX_RECORD_CHARS:,}"
        )
    return parse_json(text)


def load_refused(load: Callable[[str], Any], text: str) -> str | None:
    """Load a record's ``text`` with ``load`` (a session's ``load_record``, say): None once
    loaded, else one line that says why not. ``read_record`` refuses what it can foresee as
    BadRecord; anything else a strange record provokes is named by its kind, never a
    traceback on a pupil's page."""
    try:
        load(text)
    except SheepkitError as e:
        return " ".join(f"Not loaded: {e}".split())  # one line, however the error was worded
    except (RecursionError, MemoryError, ValueError, TypeError) as e:
        return f"Not loaded: this record could not be read ({type(e).__name__})."
    return None


class Session:
    """A game in progress: timeline, seats, chance and curtain policy, and events.

    ``Session("wolf_and_sheep", ["Human", "Sensible"], seed=1)``; then ``play(move)`` for the
    human to move, ``step()`` / ``run_bots()`` for the bots, ``undo()``, ``set_seat(1,
    "MCTS")``, ``on("moved", listener)``. ``claims_chance`` may be set by a view whose own
    controls settle some chance nodes (a race pupils win by pressing buttons).

    ``keep_timeline=False`` keeps, of a run of bots (``run_bots`` with no human seat), only
    its last position: ``play_game`` plays thousands of games, and holding every position of
    each slowed long games down (the final state's history still holds every move)."""

    def __init__(
        self,
        game: Game[Any, Any, Any] | str,
        seats: Sequence[SeatSpec] | None = None,
        *,
        seed: int | None = None,
        start: State[Any, Any] | None = None,
        keep_timeline: bool = True,
    ) -> None:
        self.keep_timeline = keep_timeline
        self.game: Game[Any, Any, Any] = load(game) if isinstance(game, str) else game
        self.seed: int = seed if seed is not None else random.randrange(10**9)
        self.bot_factories: dict[str, BotFactory] = for_game(self.game)
        specs = list(seats) if seats is not None else default_seats(self.game)
        self._check_seat_count(len(specs))
        self._specs: list[SeatSpec] = [self._checked(s) for s in specs]
        self.claims_chance: Callable[[State[Any, Any]], bool] | None = None
        #: False where each human has a device of their own (a table): no curtain is raised.
        self.curtains = True
        self._listeners: dict[EventKind, list[Listener]] = {kind: [] for kind in EVENTS}
        self._quiet = False
        self.timeline: list[State[Any, Any]] = []
        self.cursor = 0
        self.curtain_for: int | None = None  # a human seat the device must be passed to
        self._curtain_changed = False
        self._last_viewer: int | None = None
        self._bots: dict[int, Bot] = {}
        self._log_memos: dict[int | None, LogMemo] = {}  # the log's words, per viewer
        self._restart(self.game.new_game() if start is None else start)

    # ----------------------------------------------------------------------- the timeline --
    @property
    def state(self) -> State[Any, Any]:
        """The position at the cursor."""
        return self.timeline[self.cursor]

    @property
    def at_end(self) -> bool:
        return self.cursor == len(self.timeline) - 1

    @property
    def ply(self) -> int:
        """How many plies the game shown has had."""
        return self.state.ply

    def view(self, seat: int) -> Any:
        """What ``seat`` may see of the position at the cursor (``state.view(seat)``)."""
        return self.state.view(self._seat_index(seat))

    def undo(self) -> None:
        """Back to the previous position where a human decides (or the start)."""
        index = self.cursor - 1
        while index > 0 and not self.human_decides(self.timeline[index]):
            index -= 1
        self.goto(max(index, 0))

    def redo(self) -> None:
        """Forward to the next position where a human decides (or the end)."""
        index = self.cursor + 1
        while index < len(self.timeline) - 1 and not self.human_decides(self.timeline[index]):
            index += 1
        self.goto(min(index, len(self.timeline) - 1))

    def goto(self, index: int) -> None:
        """Show position ``index`` of the timeline (clamped to it); history is unchanged."""
        index = max(0, min(index, len(self.timeline) - 1))
        if index != self.cursor:
            self.cursor = index
            self._emit("browsed")

    def new_game(self, game: Game[Any, Any, Any] | Rules | dict[str, Any] | None = None) -> None:
        """Start again, with the same seats and seed; with new rules if given (a Game, a Rules
        object or a dict of changes). A seat whose bot the new rules do not offer gets the
        game's own first bot."""
        if isinstance(game, dict):
            game = self.game.rules.replace(**game)
        if isinstance(game, Rules):
            game = type(self.game)(game)
        if isinstance(game, Game):
            self._set_game(game)
        self._restart(self.game.new_game())
        self._emit("started")

    def load_record(self, text: str | dict[str, Any]) -> None:
        """Continue from a saved record (BadRecord if it is too long, corrupt or foreign).

        The cheap checks come first: the text's length, its JSON, then the format and the game
        it names. Only a record of this session's game is replayed (its rules may differ)."""
        record = read_record(text)
        name = record.get("game")
        ours = record.get("format") == FORMAT and record.get("version") == VERSION
        if ours and name != self.game.name:  # (replay names a wrong format or version itself)
            try:
                title = game_type(name).title if isinstance(name, str) else repr(name)
            except KeyError:
                title = f"an unknown game {name!r}"
            raise BadRecord(f"this record is of {title}, not {self.game.title}; open it there")
        state = replay(record, game_class=type(self.game))  # registered or not
        timeline: list[State[Any, Any]] = [state.game.new_game()]
        for move in state.history:
            timeline.append(timeline[-1].play(move))
        self._set_game(state.game)
        self._restart(timeline[0])
        self.timeline = timeline
        self.cursor = len(timeline) - 1
        self._emit("started")

    def record(self) -> dict[str, Any]:
        """The record of the game up to the cursor, with the seats and the seed."""
        return self.state.record(seats=self.seats, seed=self.seed)

    def save_record(self) -> str:
        return json.dumps(self.record(), indent=1)

    def dice_state(self) -> tuple[Any, ...]:
        """Where the dice's stream is (``random.Random.getstate``): a table server keeps it,
        so that a game it resumes after a restart rolls on as it would have."""
        return self._dice.getstate()

    def set_dice_state(self, state: tuple[Any, ...]) -> None:
        """Put the dice's stream back where ``dice_state`` found it (after ``load_record``,
        which starts it again from the seed)."""
        self._dice.setstate(state)

    # --------------------------------------------------------------------------- the seats --
    @property
    def seats(self) -> list[str]:
        """Each seat's name: "Human" or the bot's name (a copy: use ``set_seat`` to change)."""
        return [spec_name(self.game, s) for s in self._specs]

    def is_human(self, player: int | None) -> bool:
        specs = self._specs
        return player is not None and 0 <= player < len(specs) and specs[player] == HUMAN

    def set_seat(self, seat: int, who: SeatSpec) -> None:
        """Put a human or a bot in ``seat``, at any time. Set to a bot while browsing, the seat
        that is to move continues the game from the position shown (the rest is cut)."""
        seat = self._seat_index(seat)
        who = self._checked(who)
        if self._specs[seat] == who:
            return
        self._specs[seat] = who
        self._bots.pop(seat, None)
        if not self.at_end and who != HUMAN and self.state.acting_player == seat:
            # A bot plays only at the end of the timeline; the class that undid a move and
            # then handed the seat to a bot means "play from here" (issue 26: it hung).
            del self.timeline[self.cursor + 1 :]
        self._emit("seat", seat)

    # ------------------------------------------------------------------------------ moves --
    def play(self, move: Hashable | str) -> State[Any, Any]:
        """A human's move (or, at a chance node, the outcome, as ``roll`` takes it), from the
        position shown: a move from an earlier position cuts the timeline there."""
        state = self.state
        mover = state.to_move
        if mover is not None and mover != CHANCE and not self.is_human(mover):
            raise SessionError(
                f"it is {self.game.player_name(mover)}'s turn, played by the "
                f"{self.seats[mover]} bot: use step() to let it move"
            )
        if self.curtain_for is not None:
            raise SessionError(
                f"the device must pass to {self.game.player_name(self.curtain_for)} first "
                "(lift_curtain)"
            )
        following = state.play(move)
        self._push(following)
        return following

    def roll(self, outcome: Hashable | None = None) -> State[Any, Any]:
        """At a chance node: roll (from the session's dice), or use ``outcome`` (the host rigs
        it, to demonstrate a rule)."""
        state = self.state
        if state.to_move != CHANCE:
            raise SessionError("there is nothing to roll: it is not a chance node")
        following = state.play(outcome if outcome is not None else state.sample_chance(self._dice))
        self._push(following)
        return following

    def step(self) -> bool:
        """One bot move or roll, if it is a bot's turn (or a roll nobody human makes); a run of
        hidden deals and draws is made at once. False (and nothing done) if a human must act,
        the game is over or the curtain is up."""
        state = self.state
        if state.is_over or self.curtain_for is not None:
            return False
        if state.to_move == CHANCE:
            if self.human_decides(state) or self.claimed(state):
                return False
            if self.deals(state):
                self._deal()
            else:
                self.roll()
            return True
        mover = state.to_move
        if mover is None or self.is_human(mover):
            return False
        move = self._bot(mover).choose(state.view(mover), state.legal_moves(), self._rngs[mover])
        self._push(state.play(move))
        return True

    def bot_thinks(self) -> Callable[[], Hashable] | None:
        """When a bot is to move at the end of the timeline (not at a chance node): a function
        that thinks and returns the bot's move, touching only that bot and its random stream,
        so that a server can run it in a thread and then hand the move to ``play_bot``. None
        when no bot is to move."""
        state = self.state
        mover = state.to_move
        if self.pending() != "bot" or mover is None or mover == CHANCE:
            return None
        bot, rng = self._bot(mover), self._rngs[mover]
        return lambda: bot.choose(state.view(mover), state.legal_moves(), rng)

    def play_bot(self, before: State[Any, Any], move: Hashable) -> bool:
        """Play the move a bot chose (``bot_thinks``) at ``before``, if the game is still
        there and that seat is still the bot's; False (nothing done) if not."""
        mover = before.to_move
        if self.state is not before or not self.at_end or mover is None or self.is_human(mover):
            return False
        self._push(before.play(move))
        return True

    def run_bots(
        self,
        limit: int = 10_000,
        *,
        max_plies: int | None = None,
        observe: MoveObserver[Any] | None = None,
    ) -> int:
        """Let bots (and their rolls) play until a human must act or the game ends, at most
        ``limit`` steps, and not past ply ``max_plies``; ``observe(before, legal, after)`` is
        told of every bot move. Listeners hear one "moved" at the end. The number of plies
        played (from an earlier position, the timeline is cut there first, as by a move)."""
        start = self.state
        if self._only_bots():
            self._run_bots_only(limit, max_plies, observe)
        else:
            self._quiet = True  # one "moved" for the run, below
            try:
                steps = 0
                while steps < limit and (max_plies is None or self.state.ply < max_plies):
                    state, legal = self.state, self._legal_if_bot(observe)
                    if not self.step():
                        break
                    if legal is not None and observe is not None:
                        observe(state, legal, self.state)
                    steps += 1
            finally:
                self._quiet = False
        if self.state is not start:
            self._announce_move()
        return self.state.ply - start.ply

    def pending(self) -> Literal["deal", "bot"] | None:
        """What ``step`` would do by itself now: "deal" (hidden deals and draws, made at once
        whatever the auto-play), "bot" (a bot's move or roll), or None: a human must act, the
        game is over, the curtain is up, a view's control settles the chance node, or the
        timeline is being browsed. A view schedules its bots' steps by this."""
        state = self.state
        if not self.at_end or state.is_over or self.curtain_for is not None:
            return None
        if self.human_decides(state):
            return None
        if state.to_move == CHANCE:
            if self.claimed(state):
                return None
            return "deal" if self.deals(state) else "bot"
        return "bot"

    # ---------------------------------------------------------------------- chance policy --
    def may_roll(self, state: State[Any, Any] | None = None) -> bool:
        """Whether a Roll control works here: at any chance node of an open game (a teacher
        may roll for anyone) and at a public roll of any game, but never at a deal or draw of
        a game with hidden cards, which the session makes by itself."""
        state = self.state if state is None else state
        return state.to_move == CHANCE and (
            not self.game.hidden_information or state.rolled_in_the_open
        )

    def claimed(self, state: State[Any, Any] | None = None) -> bool:
        """True when a view's own controls settle this chance node (``claims_chance``)."""
        state = self.state if state is None else state
        return self.claims_chance is not None and self.claims_chance(state)

    def deals(self, state: State[Any, Any] | None = None) -> bool:
        """A deal or draw of hidden cards, which the session makes by itself."""
        state = self.state if state is None else state
        return state.to_move == CHANCE and not self.may_roll(state) and not self.claimed(state)

    def human_decides(self, state: State[Any, Any] | None = None) -> bool:
        """A human must act here: the human mover, or the human who rolls in the open. (With
        hidden cards, deals and draws happen by themselves: a human who "rolled" for each
        card would only be handed more pass-the-device screens.)"""
        state = self.state if state is None else state
        if state.to_move == CHANCE:
            return state.rolled_in_the_open and self.is_human(state.acting_player)
        return self.is_human(state.to_move)

    # ------------------------------------------------------------- what a screen shows --
    @property
    def offers(self) -> Offers:
        """Every control of a screen acts on a session (``sheepkit.live.Offers``)."""
        return LOCAL

    def moves(self) -> tuple[Hashable, ...]:
        """The legal moves, when a human at this device must choose one (none at a chance
        node, while browsing a bot's turn, or behind the curtain)."""
        state = self.state
        if self.curtain_for is not None or state.to_move == CHANCE:
            return ()
        return tuple(state.legal_moves()) if self.human_decides(state) else ()

    def status(self, takes_clicks: bool) -> str:
        """Whose turn it is and what to do, in words (``takes_clicks``: the board reads
        clicks, so a move may be picked there too)."""
        state, name = self.state, self.game.player_name
        seat = state.to_move
        if state.is_over or seat is None:  # (to_move is None exactly when the game is over)
            text = f"Game over. {state.outcome()}"
        elif self.curtain_for is not None:
            text = f"Pass the device to {name(self.curtain_for)}."
        elif seat == CHANCE:
            who = state.acting_player
            roller = name(who) if who is not None else "Chance"
            if self.claimed(state):
                text = "A race! Use the buttons below."
            elif not self.may_roll(state):  # a card game deals and draws by itself
                text = "The cards are being dealt or drawn…"
            elif self.human_decides(state):
                text = f"{roller}: roll!"
            else:
                text = f"{roller} ({self.seats[who] if who is not None else 'auto'}) rolls…"
        elif self.is_human(seat):
            where = " or on the board" if takes_clicks else ""
            text = f"{name(seat)} to move: pick a move below{where}."
        else:
            text = f"{name(seat)} ({self.seats[seat]} bot) is thinking…"
        if not self.at_end:
            text += f" (Showing move {self.cursor} of {len(self.timeline) - 1}: play a move to "
            text += "continue from here, or Redo.)"
        return text

    def log_entries(self, words: GameWords, viewer: int | None) -> list[tuple[int, int, str]]:
        """(first ply, last ply, words) per line of the game log as ``viewer`` may read it
        (``sheepkit.game_log``); each call words only the moves new since the last."""
        memo = self._log_memos.setdefault(viewer, [])
        return log_entries(words, self.timeline, viewer, self.deals, memo)

    # --------------------------------------------------------------------- curtain policy --
    def lift_curtain(self) -> None:
        """The player the device passed to is holding it: show them their board."""
        if self.curtain_for is not None:
            self.curtain_for = None
            self._emit("curtain")

    def viewer(self) -> int | None:
        """Whose eyes the position is shown for: None shows everything (no hidden information,
        or a finished game, or no human seat)."""
        if not self.game.hidden_information:
            return None
        acting = self.state.acting_player
        if self.is_human(acting):
            return acting
        humans = [p for p in range(len(self._specs)) if self.is_human(p)]
        if self.state.is_over or not humans:
            return None
        return self._last_viewer if self._last_viewer is not None else humans[0]

    # ----------------------------------------------------------------------------- events --
    def on(self, kind: EventKind, listener: Listener) -> Callable[[], None]:
        """Call ``listener(event)`` on every event of ``kind`` (see EVENTS); returns a function
        that stops it."""
        if kind not in self._listeners:
            raise SessionError(f"no event {kind!r}; the events are: {', '.join(EVENTS)}")
        self._listeners[kind].append(listener)
        return lambda: self._listeners[kind].remove(listener)

    def _emit(self, kind: EventKind, seat: int | None = None) -> None:
        listeners = self._listeners[kind]
        if listeners and not self._quiet:
            event = Event(kind, self, seat)
            for listener in tuple(listeners):
                listener(event)

    def _announce_move(self) -> None:
        if self._quiet:
            return  # run_bots announces its run once
        self._emit("moved")
        if self._curtain_changed:
            self._curtain_changed = False
            self._emit("curtain")
        if self.state.is_over:
            self._emit("over")

    # -------------------------------------------------------------------------- internals --
    def _restart(self, state: State[Any, Any]) -> None:
        """A new timeline from ``state``: the dice and the seats' streams start again from the
        seed, and bots named by a name or a class are made anew."""
        self.timeline = [state]
        self.cursor = 0
        self._dice = chance_rng(self.seed)
        self._rngs = [seat_rng(self.seed, s) for s in range(self.game.num_players)]
        self._bots = {}
        self.curtain_for = None
        self._curtain_changed = False
        self._last_viewer = None

    def _set_game(self, game: Game[Any, Any, Any]) -> None:
        factories = for_game(game)
        if game.num_players != len(self._specs):
            specs = default_seats(game)  # as many seats as players, humans kept where they sat
            self._specs = [
                HUMAN if p < len(self._specs) and self._specs[p] == HUMAN else specs[p]
                for p in range(game.num_players)
            ]
        if list(factories) != list(self.bot_factories):
            # New rules may offer other bots (Wolf and Sheep offers Perfect only where it is
            # perfect): a seat whose bot is gone gets the game's own first bot.
            fallback = own_bot(game)
            self._specs = [
                s if not isinstance(s, str) or s == HUMAN or s in factories else fallback
                for s in self._specs
            ]
        self.game = game
        self.bot_factories = factories

    def _check_seat_count(self, count: int) -> None:
        if count != self.game.num_players:
            raise SessionError(
                f"{self.game.title} has {self.game.num_players} players; {count} seats were given"
            )

    def _seat_index(self, seat: int) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(self._specs):
            raise SessionError(
                f"no seat {seat!r}: {self.game.title} has seats 0 to {len(self._specs) - 1}"
            )
        return seat

    def _checked(self, who: SeatSpec) -> SeatSpec:
        """``who`` if it is "Human" or a bot spec the seat can take (``bot_maker``'s checks,
        against the bots this session offers): an unknown name is a SessionError, what is no
        bot a TypeError."""
        if isinstance(who, str) and who == HUMAN:
            return who
        try:
            bot_maker(self.game, who, self.bot_factories)
        except ValueError as e:
            raise SessionError(f"{e}, or {HUMAN}") from None
        return who

    def _bot(self, player: int) -> Bot:
        """The seat's bot: made when first needed (a new one each game for a name or a class;
        a bot object plays as itself)."""
        bot = self._bots.get(player)
        if bot is None:
            bot = self._bots[player] = make_bot(self.game, self._specs[player], self.bot_factories)
        return bot

    def _only_bots(self) -> bool:
        return self.claims_chance is None and HUMAN not in self._specs

    def _legal_if_bot(self, observe: MoveObserver[Any] | None) -> tuple[Any, ...] | None:
        """The legal moves when a bot is to move and someone observes (else None)."""
        state = self.state
        if observe is None or state.to_move in (None, CHANCE) or self.is_human(state.to_move):
            return None
        return state.legal_moves()

    def _run_bots_only(
        self, limit: int, max_plies: int | None, observe: MoveObserver[Any] | None
    ) -> None:
        """``run_bots`` with no human seat and no claimed chance: every chance node is rolled
        from the dice and every move is its seat's bot's, as ``step`` would, without asking
        each time (the lab plays thousands of games through here)."""
        if not self.at_end:
            del self.timeline[self.cursor + 1 :]
        timeline, dice, rngs = self.timeline, self._dice, self._rngs
        bots = [self._bot(p) for p in range(len(self._specs))]
        keep, state = self.keep_timeline, timeline[-1]
        steps = 0
        while steps < limit and not state.is_over:
            if max_plies is not None and state.ply >= max_plies:
                break
            mover = state.to_move
            if mover is None:  # not over, so someone (or chance) moves: the contract
                break
            if mover == CHANCE:
                state = state.play(state.sample_chance(dice))
            else:
                legal = state.legal_moves()
                following = state.play(bots[mover].choose(state.view(mover), legal, rngs[mover]))
                if observe is not None:
                    observe(state, legal, following)
                state = following
            if keep:
                timeline.append(state)
            steps += 1
        if not keep and state is not timeline[-1]:
            timeline.append(state)
        self.cursor = len(timeline) - 1

    def _deal(self) -> None:
        """Every deal and draw in a row at once, announced once: for a human, dealing a hand
        is one moment, not a card every bot delay."""
        while self.deals(self.state):
            state = self.state
            self._push(state.play(state.sample_chance(self._dice)), announce=False)
        self._announce_move()

    def _push(self, state: State[Any, Any], announce: bool = True) -> None:
        del self.timeline[self.cursor + 1 :]
        self.timeline.append(state)
        self.cursor += 1
        self._maybe_curtain()
        if announce:
            self._announce_move()

    def _maybe_curtain(self) -> None:
        """With hidden information, cover the board when the device passes to another human."""
        if not self.game.hidden_information or not self.curtains:
            return
        state = self.state
        if state.to_move == CHANCE and not state.rolled_in_the_open:
            return  # deals and draws are made by themselves: no one decides yet
        # A public roll is its roller's first act of a turn: the device passes before it.
        player = state.acting_player
        if not self.is_human(player):
            return
        # Remember who saw the board last even while they are the only human: seats can turn
        # human later (a class joins after the deal), and the next human needs the curtain.
        others = sum(map(self.is_human, range(len(self._specs)))) > 1
        if others and self._last_viewer is not None and player != self._last_viewer:
            self.curtain_for = player
            self._curtain_changed = True
        self._last_viewer = player


# -- races ----------------------------------------------------------------------------------
#: How long a bot takes to claim a race, in seconds: quick, but a child can beat it (the app,
#: a table's bots, and a pupil's bot joined to a table alike).
RACE_BOT_DELAY = (0.4, 1.5)
#: How long a table's race waits for a claim before chance settles it (so that a device that
#: is away cannot stall the game).
RACE_WAIT = 10.0
#: How a race waits: ``later(seconds, callback)`` calls ``callback()`` after ``seconds`` (an
#: event loop's ``call_later``, a test's fake clock) and may return a handle with
#: ``cancel()``.
Later = Callable[[float, Callable[[], None]], object]


def race_claims(state: State[Any, Any]) -> dict[int, Hashable]:
    """At a race, each racer's seat and the chance outcome that says they won it; empty at any
    other position. A race is a chance node nobody rolls (``acting_player`` None) whose every
    outcome says which player's claim picks it (``outcome.claimed_by``, a game's opt-in):
    Shave a Sheep's howl (``howl N``). (A draw for who goes first names a player too, but
    nobody claims it.)"""
    if state.to_move != CHANCE or state.acting_player is not None or state.is_over:
        return {}
    claims: dict[int, Hashable] = {}
    for outcome, _ in state.chance_outcomes():
        player = getattr(outcome, "claimed_by", None)
        if not isinstance(player, int) or isinstance(player, bool):
            return {}
        claims[player] = outcome
    return claims


class Race:
    """A race under way at the session's position: the first claim wins it.

    Each racer's seat may ``claim`` its own outcome; each bot seat claims by itself after a
    random ``RACE_BOT_DELAY`` (drawn from ``rng``), and nobody's claim within ``wait`` seconds
    settles it at random (None: it waits for a claim), both through ``later``, the injected
    scheduler (None: no bot claims by itself and nothing times out; a test or a script
    claims). When it is won, ``settle(outcome, note)`` is called once: the winner's outcome
    (None: chance chooses) and, if it timed out, the words that say so; the caller rolls it
    (the app's ``roll``, a table's session). Later claims, and the timers left, do nothing.
    """

    def __init__(
        self,
        session: LiveGame,
        settle: Callable[[Hashable | None, str], None],
        *,
        later: Later | None,
        rng: random.Random,
        wait: float | None = None,
    ) -> None:
        state = session.state
        self.ply = state.ply
        self.claims = race_claims(state)
        self.settle = settle
        self.wait = wait
        self.over = False
        self._handles: list[object] = []
        if later is None:
            return
        for seat in self.claims:
            if not session.is_human(seat):
                delay = rng.uniform(*RACE_BOT_DELAY)
                self._handles.append(later(delay, functools.partial(self._bot_claims, seat)))
        if wait is not None:
            self._handles.append(later(wait, self._timed_out))

    def claim(self, seat: int) -> bool:
        """``seat`` claims the race: True if it won it (the first claim, and ``seat`` races)."""
        if self.over or seat not in self.claims:
            return False
        self._end(self.claims[seat], "")
        return True

    def cancel(self) -> None:
        """The race is no more (the position changed otherwise): nobody wins it."""
        self.over = True
        for handle in self._handles:
            cancel = getattr(handle, "cancel", None)
            if callable(cancel):
                cancel()
        self._handles.clear()

    def _bot_claims(self, seat: int) -> None:
        self.claim(seat)

    def _timed_out(self) -> None:
        if not self.over:
            self._end(None, f"Nobody claimed the race in {self.wait:g} s: chance chose")

    def _end(self, outcome: Hashable | None, note: str) -> None:
        self.cancel()
        self.settle(outcome, note)
