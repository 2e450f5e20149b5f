"""The protocol models: docs/protocol.md carries their current JSON schema, and each refusal is
a sentence."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from glyphhall.server.play.protocol import Act, Hello, Ping, ProtocolError, read_message, schema

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def test_the_documented_schema_is_the_current_one():
    block = re.search(r"```json\n(.*?)```", DOC.read_text(), re.S)
    assert block, "docs/protocol.md has no json block"
    assert json.loads(block.group(1)) == schema(), "run: python -m glyphhall.server.play.protocol"


def test_messages_are_read_into_their_models():
    assert read_message('{"type": "hello", "token": null}') == Hello(type="hello", token=None)
    act = read_message('{"type": "act", "text": "play 1", "ref": "a", "step": 3, "extra": [1]}')
    assert act == Act(type="act", text="play 1", ref="a", step=3)
    assert isinstance(read_message('{"type": "ping"}'), Ping)


@pytest.mark.parametrize(
    ("frame", "said"),
    [
        ('{"type": "act"}', "text: Field required"),
        ('{"type": "act", "text": 3}', "text: Input should be a valid string"),
        ('{"type": "act", "text": "x", "step": "3"}', "step"),
        ('{"type": "ping", "ref": [1]}', "ref is a text of at most 64 characters"),
        ('{"type": "shout"}', "unknown message type 'shout'"),
        ('{"type": "ping", "ref": "\\udc00"}', "JSON objects"),
        ("[" * 2000 + "]" * 2000, "JSON objects"),
    ],
)
def test_refusals_say_what_is_wrong(frame, said):
    with pytest.raises(ProtocolError) as err:
        read_message(frame)
    assert said in str(err.value)
