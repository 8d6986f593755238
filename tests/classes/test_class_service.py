"""The class service: joining, answers stored before they are acknowledged, the teacher's
pacing reaching every page, and every refusal in words with nothing changed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from class_room import fingerprint, joined, pupil, send, service_at
from hypothesis import given, settings
from hypothesis import strategies as st

from sheepkit.classes import messages as m
from sheepkit.classes.service import BURST, ClassService
from sheepkit.classes.store import ClassStore


def refused(client: Any, service: ClassService, message: Any) -> str:
    before = fingerprint(service)
    count = len(client.refused)
    send(client, message)
    assert len(client.refused) == count + 1, "not refused"
    assert fingerprint(service) == before, "a refusal changed the store"
    return str(client.refused[-1].reason)


def test_a_pupil_joins_answers_and_is_told_only_once_it_is_stored(tmp_path: Path) -> None:
    service, _ = service_at(tmp_path / "c.sqlite3")
    klass = service.open_class("9B game design")
    sam = joined(service, klass, "Sam")
    assert sam.joined is not None and sam.joined.class_name == "9B game design"
    stored_when_told: list[int] = []
    sam.on(
        lambda message: (
            stored_when_told.append(len(service.store.answers(klass.id)))
            if isinstance(message, m.Saved)
            else None
        )
    )
    send(
        sam,
        m.Answer(
            lesson="wolf_and_sheep",
            question="who",
            text="Who wins?",
            guess="the sheep",
            reason="it is quicker",
        ),
    )
    assert stored_when_told == [1]
    # A second connection of the same store (another process) sees it: it is on disk.
    other = ClassStore(tmp_path / "c.sqlite3")
    [answer] = other.answers(klass.id)
    assert (answer.pupil, answer.guess, answer.reason) == ("Sam", "the sheep", "it is quicker")
    send(
        sam,
        m.Result(
            lesson="wolf_and_sheep",
            question="who",
            result="the wolves",
            game="wolf_and_sheep",
            rules={"size": 8},
            seed=1,
        ),
    )
    [answer] = other.answers(klass.id)
    assert (answer.result, answer.rules, answer.seed) == ("the wolves", {"size": 8}, 1)


def test_the_token_brings_a_pupil_back_to_the_same_record_after_a_restart(tmp_path: Path) -> None:
    service, _ = service_at(tmp_path / "c.sqlite3")
    klass = service.open_class("9B")
    sam = joined(service, klass, "Sam")
    assert sam.joined is not None
    token = sam.joined.token
    send(sam, m.Answer(lesson="l", question="q", guess="3"))
    service.store.close()
    again, _ = service_at(tmp_path / "c.sqlite3")  # the server restarted
    back = pupil(again)
    send(back, m.Rejoin(token=token))
    assert back.joined is not None and back.joined.name == "Sam"
    assert [a.guess for a in again.store.answers(klass.id)] == ["3"]
    stranger = pupil(again)
    send(stranger, m.Rejoin(token=token + "x"))
    assert stranger.joined is None and stranger.ended


def test_refusals_say_why_and_change_nothing() -> None:
    service, _ = service_at()
    klass = service.open_class("9B")
    sam = joined(service, klass, "Sam")
    newcomer = pupil(service)
    assert "no class with the code" in refused(newcomer, service, m.Join(code="ZZZZZ", name="Al"))
    assert "already called" in refused(newcomer, service, m.Join(code=klass.code, name="SAM"))
    assert "letter or digit" in refused(newcomer, service, m.Join(code=klass.code, name="!!"))
    assert "letters, digits" in refused(
        newcomer, service, m.Join(code=klass.code, name="Al\u202eice")
    )
    assert "join a class first" in refused(newcomer, service, m.Answer(lesson="l", question="q"))
    assert "after its guess" in refused(
        sam, service, m.Result(lesson="l", question="q", result="3")
    )
    assert "not JSON" in refused(sam, service, "{")
    assert "no op" in refused(sam, service, {"op": "reveal", "lesson": "l"})


def test_a_page_that_floods_is_slowed_in_words() -> None:
    service, clock = service_at()
    page = pupil(service)
    for _ in range(BURST):
        send(page, m.Ping())
    assert not page.refused
    send(page, m.Ping())
    assert "too many messages" in page.refused[-1].reason
    clock.now += 1
    send(page, m.Ping())
    assert len(page.refused) == 1


def test_holding_revealing_and_pausing_reach_every_page_of_the_class_only() -> None:
    service, _ = service_at()
    klass = service.open_class("9B")
    other = service.open_class("9C")
    sam, ada = joined(service, klass, "Sam"), joined(service, klass, "Ada")
    outsider = joined(service, other, "Zed")
    service.set_state(klass.id, "wolf_and_sheep", "who", "held")
    assert sam.pace.held == ["wolf_and_sheep/who"] == ada.pace.held
    assert outsider.pace.held == []
    service.set_state(klass.id, "wolf_and_sheep", "who", "revealed")
    assert sam.pace.held == [] and sam.pace.revealed == ["wolf_and_sheep/who"]
    service.pause(klass.id, True)
    assert sam.pace.paused and ada.pace.paused and not outsider.pace.paused
    late = joined(service, klass, "Bea")  # joins while paused: told at once
    assert late.pace.paused and late.pace.revealed == ["wolf_and_sheep/who"]
    service.pause(klass.id, False)
    assert not sam.pace.paused


def test_a_shared_spread_has_no_names_and_follows_new_answers() -> None:
    service, _ = service_at()
    klass = service.open_class("9B")
    sam, ada = joined(service, klass, "Sam"), joined(service, klass, "Ada")
    send(sam, m.Answer(lesson="l", question="q", guess="60%", reason="Sam thinks"))
    service.share(klass.id, "l", "q", True)
    assert ada.spreads["l/q"].guesses == ["60%"]
    send(ada, m.Answer(lesson="l", question="q", guess="40%"))
    assert sam.spreads["l/q"].guesses == ["40%", "60%"]
    assert "Sam" not in json.dumps([s.to_json() for s in sam.spreads.values()])


def test_watchers_hear_each_change_and_deleting_a_class_ends_its_pages(tmp_path: Path) -> None:
    service, _ = service_at(tmp_path / "c.sqlite3")
    klass = service.open_class("9B")
    heard: list[int] = []
    unwatch = service.watch(heard.append)
    sam = joined(service, klass, "Sam")
    send(sam, m.Answer(lesson="l", question="q", guess="Sam's guess"))
    assert heard == [klass.id, klass.id]
    unwatch()
    service.delete(klass.id)
    assert sam.joined is None and sam.ended == "your teacher has closed this class"
    assert service.store.classes() == [] and service.store.answers(klass.id) == []
    service.store.close()
    raw = b"".join(p.read_bytes() for p in tmp_path.iterdir())
    assert b"Sam's guess" not in raw  # secure_delete: nothing of it stays in the file


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.fixed_dictionaries(
            {"op": st.sampled_from(["join", "rejoin", "answer", "result", "run", "ping", "x"])},
            optional={
                "code": st.text(max_size=8),
                "name": st.text(max_size=40),
                "token": st.text(max_size=30),
                "lesson": st.text(max_size=10),
                "question": st.text(max_size=10),
                "guess": st.text(max_size=10) | st.integers(),
                "result": st.text(max_size=10),
                "rules": st.dictionaries(st.text(max_size=4), st.integers(), max_size=3),
                "seed": st.integers() | st.none() | st.floats(),
            },
        ),
        max_size=12,
    )
)
def test_arbitrary_messages_are_answered_and_never_crash(messages: list[dict[str, Any]]) -> None:
    service, clock = service_at()
    klass = service.open_class("9B")
    page = pupil(service)
    heard: list[m.Message] = []
    page.on(heard.append)
    for message in messages:
        clock.now += 1
        before = len(heard)
        if "code" in message and message["op"] == "join" and len(message["code"]) % 2:
            message["code"] = klass.code
        send(page, message)
        assert len(heard) > before or message["op"] == "ping"
