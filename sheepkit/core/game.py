"""The common contract: a Game (rules + how to start) and its immutable States.

Modelled on OpenSpiel's state API: chance is a player (``CHANCE``) whose outcomes come with
exact probabilities, hidden information is handled by per-player views, and every state
carries its full history so that it can be written out as a record and replayed.
"""

from __future__ import annotations

import dataclasses
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Final, Generic, TypeVar, cast, overload

from .errors import IllegalMove, shown
from .rules import Rules

if TYPE_CHECKING:
    from typing_extensions import Self  # typing.Self from Python 3.11; only mypy reads this

    from .contract import PlayerView

#: ``state.to_move`` at a chance node (a die roll, a card draw, a shuffle).
CHANCE: Final = -1

#: What a move is to the contract: any hashable value that prints as its notation. Engines use
#: NamedTuples (``Step(4, 19)``) or small ints; a game's own move type is its ``M`` below.
Move = Hashable

#: The type parameters of the contract: a game's rules, its move (and chance outcome) type, and
#: its state type. ``class Hunt(Game[HuntRules, Step, "HuntState"])`` and
#: ``class HuntState(State["Hunt", Step])`` tie the three together for the type checker.
R = TypeVar("R", bound=Rules)
M = TypeVar("M", bound=Hashable)
S = TypeVar("S", bound="State[Any, Any]")
G = TypeVar("G", bound="Game[Any, Any, Any]")


#: The owner and value types of a ``cached`` property.
C = TypeVar("C")
T = TypeVar("T")


class cached(Generic[C, T]):  # lower case: used like functools.cached_property
    """A lock-free cached property (Python 3.11's cached_property takes a lock on every read).

    It stores the value in the instance dict on first use; later reads find it there without
    calling this descriptor at all. States are immutable, so the value never goes stale.
    Typed like a property: ``@cached def _legal(self) -> tuple[M, ...]`` reads as that tuple.
    """

    def __init__(self, function: Callable[[C], T]) -> None:
        self.function = function
        self.name = function.__name__
        self.__doc__ = function.__doc__

    def __set_name__(self, owner: type[C], name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type[C] | None = None) -> Self: ...

    @overload
    def __get__(self, instance: C, owner: type[C] | None = None) -> T: ...

    def __get__(self, instance: C | None, owner: type[C] | None = None) -> T | Self:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.function(instance)
        return value


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: who won and why, in words (after python-chess's Outcome)."""

    winners: tuple[int, ...]
    reason: str
    scores: tuple[float, ...]

    def __str__(self) -> str:
        return self.reason


class Game(ABC, Generic[R, M, S]):
    """A game with fixed rules. Cheap to create; equal when name and rules are equal.

    Generic in its rules type ``R``, move type ``M`` and state type ``S``."""

    name: ClassVar[str]
    title: ClassVar[str]
    rules_type: ClassVar[type[Rules]]
    rules: R
    #: True when some player may not see everything (hands, face-down cards, hidden bets).
    hidden_information: ClassVar[bool] = False
    #: The fewest and the most players the game takes under any rules (OpenSpiel's
    #: MinPlayers and MaxPlayers): equal for a game of a fixed number of players.
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    #: The rule that chooses how many play (an int rule between min_players and max_players),
    #: or None when the number is fixed. The app's set-up row offers it as the player count.
    players_rule: ClassVar[str | None] = None

    def __init__(self, rules: R | None = None, **changes: Any) -> None:
        base: Rules = rules if rules is not None else self.rules_type()
        if not isinstance(base, self.rules_type):
            raise TypeError(f"{self.name} needs {self.rules_type.__name__}, not {base!r}")
        # rules_type is R's class (a ClassVar cannot name a type variable): checked just above.
        self.rules = cast(R, base.replace(**changes) if changes else base)

    @property
    def num_players(self) -> int:
        """How many play under these rules (the ``players_rule``'s value, else min_players)."""
        if self.players_rule is None:
            return self.min_players
        return int(getattr(self.rules, self.players_rule))

    @classmethod
    def player_counts(cls) -> tuple[int, ...]:
        """Every number of players some rules of this game allow, fewest first."""
        counts = range(cls.min_players, cls.max_players + 1)
        if cls.players_rule is None:
            return tuple(counts)
        info = next(i for i in cls.rules_type.infos() if i.name == cls.players_rule)
        low = info.min if info.min is not None else cls.min_players
        high = info.max if info.max is not None else cls.max_players
        return tuple(
            n for n in counts if low <= n <= high and (info.choices is None or n in info.choices)
        )

    @property
    @abstractmethod
    def max_length(self) -> int:
        """A proven upper bound on ``len(state.history)`` for any game under these rules."""

    @abstractmethod
    def new_game(self) -> S:
        """The starting state (possibly a chance node, e.g. a shuffle or the first roll)."""

    def random_playout(self, rng: random.Random) -> S:
        """A whole game of random moves and dice, drawn from ``rng``; its final state. The
        reference playout: ``check_game`` replays it, benchmarks and tests time and sample it.
        A bare loop, not a ``sheepkit.session.Session`` as ``play_game`` is: it is the engines'
        hot path (rollouts, fuzzing), with no seats, bots or timeline to keep."""
        state = self.new_game()
        while not state.is_over:
            if state.to_move == CHANCE:
                state = state.play(state.sample_chance(rng))
            else:
                state = state.play(rng.choice(state.legal_moves()))
        return state

    def parse_move(self, text: str) -> M:
        """Optional: other spellings of a move (case, spaces, the order of a pair), read as the
        move they mean; ValueError if unreadable. A move's own notation, ``str(move)``, needs
        no reader: ``state.parse`` finds it among the options first. By default nothing else
        reads."""
        raise ValueError("the text names none of the options here")

    def player_name(self, player: int) -> str:
        return f"Player {player + 1}"

    def check_played(self, finals: Sequence[State[Any, Any]]) -> str | None:
        """Optional: the game's own check of the games ``check_game`` played under one rule
        variant (their final states): what is wrong, in words, or None. The board kit's games
        say here which goal no test game reached."""
        return None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and (self.name, self.rules) == (other.name, other.rules)

    def __hash__(self) -> int:
        return hash((self.name, self.rules))

    def __repr__(self) -> str:
        changes = ", ".join(f"{k}={v!r}" for k, v in self.rules.changes().items())
        return f"sheepkit.load({self.name!r}{', ' if changes else ''}{changes})"


def _shown(move: object) -> str:
    """``str(move)`` for a message, or a short repr when a malformed value cannot print itself
    (a lookalike such as Card("deal", 1.0), a list nested a thousand deep, a huge integer)."""
    try:
        text = str(move)
    except Exception:
        return shown(move)
    return text if len(text) <= 80 else shown(move)


#: How deep lists, tuples, sets and dicts may nest, and how many values they may hold, in a
#: value that is refused as a move: every game's moves are a level or two of small tuples, and
#: a deeper value would overflow the stack in any message that prints it.
MAX_MOVE_DEPTH = 20
MAX_MOVE_VALUES = 10_000


def _too_big(value: object) -> bool:
    """True when ``value`` nests deeper than MAX_MOVE_DEPTH or holds more than
    MAX_MOVE_VALUES values (walked without recursion, so any depth is safe to ask about)."""
    stack: list[tuple[object, int]] = [(value, 0)]
    count = 0
    while stack:
        item, depth = stack.pop()
        count += 1
        if depth > MAX_MOVE_DEPTH or count > MAX_MOVE_VALUES:
            return True
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for pair in item.items() for v in pair)
        elif isinstance(item, list | tuple | set | frozenset):
            stack.extend((v, depth + 1) for v in item)
    return False


def same_move(a: object, b: object) -> bool:
    """True when ``a`` and ``b`` are equal and of the same type, field by field (tuples are
    compared element by element), so that ``Step(4, 19)`` is ``Step(4, 19)`` but neither
    ``(4, 19)`` nor ``Step(4.0, 19.0)``, and ``Split(a, b, True)`` is not ``Split(a, b, 1)``."""
    if a.__class__ is not b.__class__:
        return False
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(map(same_move, a, b))
    return bool(a == b)


def state_class_problem(cls: type) -> str | None:
    """Why ``cls`` cannot be a game's State class, in words, or None when it can: a State is a
    frozen dataclass, and each class is decorated itself (an undecorated subclass would have
    only its base's fields, and ``make`` would refuse its own)."""
    params = cls.__dict__.get("__dataclass_params__")
    if "__dataclass_fields__" not in cls.__dict__ or params is None:
        return (
            f"{cls.__name__} must be decorated with @dataclass(frozen=True): a State's fields "
            "are dataclass fields"
        )
    if not params.frozen:
        return f"{cls.__name__} must be a frozen dataclass: @dataclass(frozen=True)"
    return None


def _fields_of(cls: type[State[Any, Any]]) -> tuple[str, ...]:
    """The dataclass field names of a state class, in order (read once per class, by its
    first make() and its first replace(), which keep what they need)."""
    problem = state_class_problem(cls)
    if problem is not None:
        raise TypeError(problem)
    return tuple(f.name for f in dataclasses.fields(cls))


def _copier_of(cls: type[State[Any, Any]]) -> tuple[frozenset[str], int, tuple[str, ...]]:
    """What ``replace`` needs of a state class: its field names as a set, how many there are,
    and the names of its ``cached`` values (found on the class and its bases)."""
    names = _fields_of(cls)
    caches = tuple(
        dict.fromkeys(
            name for k in cls.__mro__ for name, v in vars(k).items() if isinstance(v, cached)
        )
    )
    copier = (frozenset(names), len(names), caches)
    cls._copier = copier
    return copier


def _first_make(cls: type[State[Any, Any]], *args: Any, **named: Any) -> State[Any, Any]:
    """The first make() on a class writes its fast constructor, then makes the state."""
    return _write_make(cls)(*args, **named)


#: ``make`` is written per class at run time, so it is set with setattr: a type checker
#: (rightly) refuses an assignment to a method.
_MAKE = "make"


def _write_make(cls: type[State[Any, Any]]) -> Callable[..., State[Any, Any]]:
    """Write ``cls.make`` as code with the dataclass fields as parameters (as dataclasses
    writes ``__init__``), but storing them straight into the instance dict."""
    names = _fields_of(cls)
    params: list[str] = []
    keywords: list[str] = []
    defaults: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        into = keywords if f.kw_only else params  # ``history`` (and any keyword-only field)
        if f.default is not dataclasses.MISSING:
            defaults[f"_default_{f.name}"] = f.default
            into.append(f"{f.name}=_default_{f.name}")
        elif f.default_factory is not dataclasses.MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: a state field takes a value, not a factory")
        else:
            into.append(f.name)
    if keywords:
        params += ["*", *keywords]
    # One update from a dict display, not a store per field: CPython then gives the state a
    # dict of its own (not the class's shared-key table), whose attribute reads are faster
    # (measured: field reads about 35 % quicker, playouts 5 % quicker on Python 3.11).
    fields = ", ".join(f"{name!r}: {name}" for name in names)
    post = "    s.__post_init__()\n" if hasattr(cls, "__post_init__") else ""
    # A staticmethod with the class written in, not a classmethod: ``self.make(...)`` then
    # calls the function itself, with no bound method made per state.
    source = (
        f"def make({', '.join(params)}):\n"
        f"    s = _new(_cls)\n    s.__dict__.update({{{fields}}})\n{post}    return s\n"
    )
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls, **defaults}
    exec(source, namespace)
    made: Callable[..., State[Any, Any]] = namespace["make"]
    setattr(cls, _MAKE, staticmethod(made))
    return made


@dataclass(frozen=True, eq=True)
class State(ABC, Generic[G, M]):
    """An immutable game state. Subclasses are frozen dataclasses that add their own fields.

    Generic in its game type ``G`` and move type ``M``. States are made with :meth:`make` and
    copied with some fields changed by :meth:`replace` (both from core, for every engine: see
    CONTRACT.md). ``history`` is core's too: a new game starts with none, and :meth:`play`
    sets the history of the state ``_apply`` returns (OpenSpiel's ApplyAction does the same),
    so an engine never passes it. Derived values (legal moves, chance tables, the outcome) are
    computed once per state and cached with ``cached`` (a lock-free cached_property), which
    writes to the instance dict and so never alters a field; ``replace`` copies fields only,
    so a cached value never reaches another state.
    """

    game: G
    #: Every move and chance outcome so far. Keyword-only, after the game's own fields in
    #: ``make`` and the constructor; only made-up positions and replays pass it.
    history: tuple[M, ...] = field(default=(), kw_only=True)

    #: For ``replace``: the field names as a set, their count and the cached names (first use).
    _copier: ClassVar[tuple[frozenset[str], int, tuple[str, ...]] | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # The fast constructor is written on a class's first make(), once its dataclass
        # fields exist (@dataclass runs after this hook).
        if "make" not in cls.__dict__:
            setattr(cls, _MAKE, classmethod(_first_make))
        cls._copier = None  # each class's own, found on its first replace()

    # -- what subclasses provide -----------------------------------------------------------
    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """The player to move, ``CHANCE`` at a chance node, or None when the game is over."""

    @abstractmethod
    def _legal_moves(self) -> tuple[M, ...]:
        """Moves of the player to move (empty at chance nodes and at the end)."""

    def _chance_outcomes(self) -> tuple[tuple[M, Fraction], ...]:
        """At a chance node: every outcome with its exact probability."""
        return ()

    @abstractmethod
    def _apply(self, move: M) -> Self:
        """A new state after a move or chance outcome already known to be legal. Its history
        need not be set: core sets it to this one's plus ``move``."""

    @abstractmethod
    def scores(self) -> tuple[float, ...]:
        """Each player's score now (final scores once the game is over)."""

    @abstractmethod
    def _outcome(self) -> Outcome | None:
        """Winners and the reason in words once the game is over, else None (called once per
        state: :meth:`outcome` caches it)."""

    @abstractmethod
    def __str__(self) -> str:
        """A plain-text picture of the state."""

    # -- making and replacing states (the one way, for every engine) -----------------------
    @classmethod
    def make(cls, game: G, *fields: Any, **named: Any) -> Self:
        """A new state from the game and every field of its own, positional in dataclass order
        or by name (``history`` by name only, default none), like the class's own constructor
        but several times faster: a frozen dataclass's ``__init__`` pays an
        ``object.__setattr__`` per field, and a playout makes hundreds of states. The values
        are not checked (engines pass values they computed); fields with a default may be left
        out."""
        raise NotImplementedError  # replaced per subclass by __init_subclass__

    def replace(self, **changes: Any) -> Self:
        """This state with some fields changed (as ``dataclasses.replace``, and as
        ``Rules.replace`` for rules): the rest, history included, are copied. Values cached on
        this state are not copied, so nothing derived from the old fields survives."""
        cls = self.__class__
        known, count, caches = cls._copier or _copier_of(cls)
        state = object.__new__(cls)
        new = state.__dict__
        # Copying the whole instance dict is one fast C call (a field-by-field copy made the
        # Race's playouts a fifth slower); what is not a field is then taken out again.
        new.update(self.__dict__)
        if len(new) != count:
            for name in caches:
                new.pop(name, None)
            if len(new) != count:  # values an engine keeps beside its fields (__post_init__)
                for name in [k for k in new if k not in known]:
                    del new[name]
        new.update(changes)
        if len(new) != count:
            unknown = changes.keys() - known
            raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(unknown))}")
        return state

    def why_illegal(self, move: M) -> str:
        """A game-specific explanation of why ``move`` is not legal here."""
        return f"{move} is not a legal move for {self.game.player_name(self.to_move or 0)}."

    # -- the public contract ---------------------------------------------------------------
    @property
    def acting_player(self) -> int | None:
        """Whose turn it is in the story: the mover, or at a chance node the player who rolls
        or draws (None when nobody does, e.g. a shuffle). Apps use it to let that seat roll."""
        to_move = self.to_move
        return None if to_move == CHANCE else to_move

    @property
    def rolled_in_the_open(self) -> bool:
        """True at a chance node that ``acting_player`` performs for all to see (a die roll),
        so that a human does it with the Roll button. False for shuffles, and by default for
        every chance node of a game with hidden information, whose deals and draws the apps
        make by themselves; such a game overrides this for its public rolls."""
        return (
            self.to_move == CHANCE
            and self.acting_player is not None
            and not self.game.hidden_information
        )

    @property
    def is_over(self) -> bool:
        return self.to_move is None

    @property
    def is_chance(self) -> bool:
        return self.to_move == CHANCE

    @cached
    def _legal(self) -> tuple[M, ...]:
        return self._legal_moves() if self.to_move not in (None, CHANCE) else ()

    @cached
    def _legal_map(self) -> dict[Hashable, M]:
        """Each legal move keyed by itself: a lookup finds the listed object for an equal one."""
        return {m: m for m in self._legal}

    @cached
    def _chance(self) -> tuple[tuple[M, Fraction], ...]:
        return self._chance_outcomes() if self.to_move == CHANCE else ()

    @cached
    def _cached_outcome(self) -> Outcome | None:
        return self._outcome()

    def outcome(self) -> Outcome | None:
        """Winners and the reason in words once the game is over, else None."""
        return self._cached_outcome

    def legal_moves(self) -> tuple[M, ...]:
        return self._legal

    def chance_outcomes(self) -> tuple[tuple[M, Fraction], ...]:
        return self._chance

    def options(self) -> tuple[M, ...]:
        """What may come next: the legal moves, or the chance outcomes at a chance node."""
        if self.to_move == CHANCE:
            return tuple(o for o, _ in self._chance)
        return self._legal

    def legal_option(self, move: object) -> M | None:
        """The listed option (legal move, or chance outcome) that ``move`` is, else None.

        ``move`` must be the option itself or built alike: equal, and of the same type field by
        field (see :func:`same_move`). A value that merely compares equal, such as a plain
        tuple for a NamedTuple move, ``True`` for ``1`` or ``4.0`` for ``4``, is not a move."""
        if self.to_move == CHANCE:
            # Only a value of the outcome's own class is compared: ``==`` against another
            # type may not even give a bool (numpy.int64(1) == a tuple is an array).
            kind = move.__class__
            found = next(
                (o for o, _ in self._chance if o is move or (o.__class__ is kind and o == move)),
                None,
            )
        else:
            moves = self._legal
            try:
                if len(moves) < 16:  # short tuples are searched directly (index: identity first)
                    found = moves[moves.index(move)]
                else:
                    found = self._legal_map.get(move)
            except (ValueError, TypeError):  # not listed, or unhashable: not a move
                found = None
        if found is None or not (found is move or same_move(found, move)):
            return None
        return found

    def play(self, move: M | str) -> Self:
        """The state after ``move`` (a move, or an outcome at a chance node). Self is untouched.

        ``move`` is an option of this state (see :meth:`legal_option`) or text that names one
        in any spelling the game reads (``parse``)."""
        to_move = self.to_move
        if to_move is None:
            raise IllegalMove(
                f"The game is over ({self.outcome()}); {_shown(move)} cannot be played."
            )
        found: M | None
        if to_move != CHANCE:  # the common case first: a move taken from legal_moves()
            moves = self._legal
            try:
                if len(moves) < 16:
                    found = moves[moves.index(move)]
                else:
                    found = self._legal_map.get(move)
            except (ValueError, TypeError):
                found = None
            if found is move and found is not None:
                after = self._apply(found)
                after.__dict__["history"] = self.history + (found,)  # noqa: RUF005 - faster
                return after
        found = self.legal_option(move)
        if found is not None:
            return self._advance(found)
        if isinstance(move, str):  # python-chess style: state.play("E1-D2")
            return self._advance(self.parse(move))
        raise self._refusal(move)

    def _advance(self, move: M) -> Self:
        """The state after ``move``, an option of this state: the engine's ``_apply`` with the
        history set (into the instance dict: the new state is frozen, and no one has it yet).
        Every path that plays a move comes here (or inlines it), engines' fast paths too."""
        after = self._apply(move)
        after.__dict__["history"] = self.history + (move,)  # noqa: RUF005 - faster
        return after

    def _refusal(self, move: object) -> IllegalMove:
        """The IllegalMove for a value that is not an option here (text aside)."""
        if _too_big(move):
            return IllegalMove(
                f"a {type(move).__name__} nested more than {MAX_MOVE_DEPTH} levels deep or "
                f"holding more than {MAX_MOVE_VALUES:,} values is not a move of "
                f"{self.game.title}.",
                move,
                self.options(),
            )
        if self.to_move == CHANCE:
            options = self.options()
            name = _shown(move)
            if any(str(o) == name for o in options):  # a lookalike prints as an outcome does
                name = f"{shown(move)}, built of other values or types than the listed one,"
            return IllegalMove(
                f"{name} is not a possible outcome at this chance node.", move, options
            )
        twin = self._equal_option(move)
        if twin is not None:
            return IllegalMove(
                f"{shown(move)} is not a move: it equals the legal move {twin} but is built of "
                "other types; play the move from legal_moves() or its text.",
                move,
                self._legal,
            )
        try:
            # Any value reaches here: the game's explanation reads it as a move of its own,
            # and a value of another shape trips it (caught below).
            why = self.why_illegal(cast(M, move))
        except (TypeError, KeyError, IndexError, AttributeError, ValueError, RecursionError):
            # A value of no known shape trips the game's explanation; the refusal stands.
            why = f"{shown(move)} is not a move of {self.game.title}."
        return IllegalMove(why, move, self._legal)

    def _equal_option(self, move: object) -> M | None:
        try:
            return next((o for o in self.options() if o == move), None)
        except (TypeError, ValueError):
            return None

    def sample_chance(self, rng: random.Random) -> M:
        """Draw a chance outcome with its exact probability, reproducibly from ``rng``."""
        outcomes = self._chance
        if not outcomes:
            raise IllegalMove("This is not a chance node; nothing to sample.")
        return rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]

    def winners(self) -> tuple[int, ...]:
        outcome = self.outcome()
        return outcome.winners if outcome else ()

    def view(self, player: int) -> PlayerView:
        """What ``player`` may see. With no hidden information, a state is its own view."""
        return self

    def determinize(self, rng: random.Random) -> Self:
        """A full state consistent with this view (itself when nothing is hidden)."""
        return self

    def parse(self, text: str) -> M:
        """The move or chance outcome written ``text`` among the options here.

        The printed notation is matched first; any other spelling the game reads
        (``game.parse_move``: case, spaces, order of a pair) names the same option. Text that
        reads as a move which is not an option here gets the game's explanation."""
        if not isinstance(text, str):
            raise IllegalMove(f"{shown(text)} is not text; write a move as its notation.", text)
        if self.to_move is None:
            raise IllegalMove(
                f"The game is over ({self.outcome()}); {shown(text.strip())} cannot be played."
            )
        text = text.strip()
        for option in self.options():
            if str(option) == text:
                return option
        if any(c.isdigit() and not c.isascii() for c in text):
            # int() reads Arabic-Indic and other digits ("E١-D٢" would play E1-D2): numbers
            # in a move are written with 0-9 only, so that a record reads one way.
            raise IllegalMove(
                f"{shown(text)} is not a move of {self.game.title}: write numbers with the "
                "digits 0-9.",
                text,
                self.options(),
            )
        try:
            move = self.game.parse_move(text)
        except ValueError as e:
            raise IllegalMove(
                f"{shown(text)} is not a move of {self.game.title}: {e}.", text, self.options()
            ) from None
        found = self.legal_option(move)
        if found is not None:
            return found
        raise self._refusal(move)

    def record(self, **extra: Any) -> dict[str, Any]:
        """A JSON-able record of this game; ``sheepkit.replay`` rebuilds this exact state."""
        return make_record(self, **extra)

    @property
    def ply(self) -> int:
        return len(self.history)


#: A record's format and version (``sheepkit.core.record`` reads them back).
FORMAT = "sheepkit-record"
VERSION = 1


def make_record(state: State[Any, Any], **extra: Any) -> dict[str, Any]:
    """The JSON-able record of ``state`` (``sheepkit.replay`` rebuilds it)."""
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": state.game.name,
        "rules": state.game.rules.to_dict(),
        "history": [str(m) for m in state.history],
    }
    outcome = state.outcome()
    if outcome is not None:
        record["result"] = {"winners": list(outcome.winners), "reason": outcome.reason}
    record.update(extra)
    return record
