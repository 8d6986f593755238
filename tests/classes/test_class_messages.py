"""Every class message is read and checked before anything acts on it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheepkit.classes import messages as m
from sheepkit.classes.messages import MessageError, read

GOOD: list[m.Message] = [
    m.Join(code="K7QXM", name="Sam"),
    m.Rejoin(token="abc"),
    m.Answer(lesson="wolf_and_sheep", question="who-wins", text="Who wins?", guess="the sheep"),
    m.Result(lesson="l", question="q", result="the wolves", game="wolf_and_sheep", seed=3),
    m.Result(lesson="l", question="q", result="r", rules={"die": [[1, 2], [3, "howl"]]}),
    m.Run(lesson="rule_lab", experiment="e", change="stall 3", result="43%", value=0.43),
    m.Ping(),
]


@pytest.mark.parametrize("message", GOOD, ids=lambda x: x.OP)
def test_each_message_reads_back_as_itself(message: m.Message) -> None:
    assert read(message.to_json()) == message


@pytest.mark.parametrize(
    "message",
    [
        m.Joined(code="K", class_name="9B", name="Sam", token="t"),
        m.Pace(paused=True, held=["a/b"], revealed=["c/d"]),
        m.Saved(what="answer", lesson="l", question="q"),
        m.Spread(lesson="l", question="q", guesses=["1", "2"], result="3"),
        m.Refused(reason="no", refused="join"),
        m.Ended(reason="closed"),
    ],
    ids=lambda x: x.OP,
)
def test_the_services_messages_read_back_on_the_pupils_side(message: m.Message) -> None:
    assert read(message.to_json(), m.TO_PUPIL) == message


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (b"{}", "not binary"),
        ("[1]", "a JSON object"),
        ('{"code": "x"}', 'no "op"'),
        ('{"op": "teach"}', "no op 'teach'"),
        ('{"op": "join", "code": "K"}', "join needs 'name'"),
        ('{"op": "join", "code": "K", "name": 5}', "'name' should be text of 1 to 30"),
        ('{"op": "join", "code": "K", "name": ""}', "'name' should be text of 1 to 30"),
        ('{"op": "join", "code": "K", "name": "' + "x" * 31 + '"}', "1 to 30 characters"),
        ('{"op": "join", "code": "K", "name": "a\\u0000b"}', "without control characters"),
        ('{"op": "join", "code": "K", "name": "Sam", "admin": true}', "join takes no 'admin'"),
        ('{"op": "result", "lesson": "l", "question": "q", "result": "r", "seed": 1.5}', "whole"),
        ('{"op": "result", "lesson": "l", "question": "q", "result": "r", "seed": true}', "whole"),
        (
            '{"op": "run", "lesson": "l", "experiment": "e", "result": "r", "value": "NaN"}',
            "number",
        ),
        ('{"op": "result", "lesson": "l", "question": "q", "result": "r", "rules": [1]}', "object"),
        ("[" * 9 + "]" * 9, "nests deeper than 8"),
        ("x" * (m.MAX_MESSAGE + 1), "longer than"),
        ("{nope", "not JSON"),
    ],
)
def test_a_bad_message_is_refused_in_words(text: Any, says: str) -> None:
    with pytest.raises(MessageError, match=None) as refused:
        read(text)
    assert says in refused.value.reason


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=40),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=30,
)


@settings(max_examples=400, deadline=None)
@given(
    op=st.sampled_from([*m.TO_SERVICE, "", "JOIN", "join ", "joined"]),
    fields=st.dictionaries(
        st.sampled_from(
            [
                "code",
                "name",
                "token",
                "lesson",
                "question",
                "guess",
                "reason",
                "result",
                "rules",
                "seed",
                "value",
                "text",
                "extra",
            ]
        ),
        JSON,
        max_size=8,
    ),
)
def test_arbitrary_messages_are_read_or_refused_in_words(op: str, fields: dict[str, Any]) -> None:
    text = json.dumps({"op": op, **fields})
    try:
        message = read(text)
    except MessageError as refused:
        assert (refused.reason and refused.reason[0].islower()) or refused.reason[0] == "'"
        return
    assert op == message.OP
    assert read(message.to_json()) == message  # what was accepted is a valid message


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300) | st.binary(max_size=50) | st.integers() | st.none())
def test_arbitrary_frames_are_refused_in_words(frame: Any) -> None:
    try:
        read(frame)
    except MessageError as refused:
        assert refused.reason
