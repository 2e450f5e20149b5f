"""What a client may send on the play websocket: one pydantic model per message type, and
`read_message`, the one place a frame becomes a message (or a ProtocolError with a sentence for
the player). Everything a message carries that the server may send back (`ref`) is checked
here to be encodable, so no frame can stop a connection's writer. `schema()` is the JSON schema
written in docs/protocol.md."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import orjson
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

#: Longest frame read, in characters; a longer one closes the socket (code 1009).
MAX_FRAME = 16_000
MAX_ACTION = 2_000
MAX_CHAT = 500
MAX_TOKEN = 200
MAX_REF = 64
#: A ref that is a number stays within what every JSON reader holds exactly (2^53).
REF_LIMIT = 2**53

TYPES = ("hello", "act", "undo", "chat", "resync", "ping")

Ref = Annotated[
    Annotated[int, Field(gt=-REF_LIMIT, lt=REF_LIMIT)] | Annotated[str, Field(max_length=MAX_REF)] | None,
    Field(description="anything short to match the answer with; echoed as `ref` (or `ack`)"),
]


class ProtocolError(ValueError):
    """A frame the server does not accept; the message is for the player."""


class _Message(BaseModel):
    # Unknown fields are ignored (a newer client may send more); values are never coerced.
    model_config = ConfigDict(extra="ignore", strict=True, frozen=True)


class Hello(_Message):
    """The first message: a seat token, or null to watch."""

    type: Literal["hello"]
    token: str | None = Field(None, max_length=MAX_TOKEN)


class Act(_Message):
    """A move, written as the text on its action button."""

    type: Literal["act"]
    text: str = Field(max_length=MAX_ACTION)
    ref: Ref = None
    step: int | None = Field(
        None,
        ge=0,
        le=10**9,
        description="the table's step the move was made at (from the last state or update); a move "
        "made at an older step is refused with the fresh state, or acknowledged if it was already played",
    )


class Undo(_Message):
    """Take back your last move (BGA's policy: see the server README)."""

    type: Literal["undo"]
    ref: Ref = None


class Chat(_Message):
    type: Literal["chat"]
    text: str = Field(max_length=MAX_CHAT)
    ref: Ref = None


class Resync(_Message):
    """Ask for the full state again."""

    type: Literal["resync"]
    ref: Ref = None


class Ping(_Message):
    type: Literal["ping"]
    ref: Ref = None


AnyMessage = Hello | Act | Undo | Chat | Resync | Ping
_BY_TYPE = Field(discriminator="type")  # outside the type form: mypy would read "type" as a forward reference
# pydantic types the argument as a TypeForm (PEP 747), which mypy reads only in part: from a
# fresh cache it accepts this Annotated union, from a warm one it refuses it (hence unused-ignore).
_ADAPTER: TypeAdapter[AnyMessage] = TypeAdapter(Annotated[AnyMessage, _BY_TYPE])  # type: ignore[arg-type, unused-ignore]
_OBJECT_HINT = 'messages are JSON objects, like {"type": "act", "text": "..."}'


def read_message(raw: str) -> AnyMessage:
    """The message in frame `raw`. Raises ProtocolError saying what is wrong."""
    data = read_object(raw)
    kind = data.get("type")
    if kind not in TYPES:
        shown = kind if isinstance(kind, str) and len(kind) <= 20 else type(kind).__name__
        raise ProtocolError(f"unknown message type {shown!r}; types: {', '.join(TYPES)}")
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as err:
        raise ProtocolError(_explain(err)) from None


def read_object(raw: str) -> dict[str, Any]:
    """Frame `raw` as a JSON object (any websocket of the server). Raises ProtocolError."""
    if len(raw) > MAX_FRAME:
        raise ProtocolError(f"messages are at most {MAX_FRAME} characters")
    try:
        # orjson refuses lone surrogates and nesting past 1,024 levels (json.loads would
        # raise RecursionError, or hand on strings no encoder can write back).
        data = orjson.loads(raw)
    except orjson.JSONDecodeError as err:
        raise ProtocolError(f"{_OBJECT_HINT} ({_first_line(err)})") from None
    if not isinstance(data, dict):
        raise ProtocolError(_OBJECT_HINT)
    return data


def safe_ref(raw: str) -> int | str | None:
    """The ref of a refused frame if it can be echoed as it is, else None (the error then still
    reaches the client, unmatched)."""
    try:
        data = orjson.loads(raw) if len(raw) <= MAX_FRAME else None
    except orjson.JSONDecodeError:
        return None
    ref = data.get("ref") if isinstance(data, dict) else None
    if isinstance(ref, bool):
        return None
    if isinstance(ref, int) and -REF_LIMIT < ref < REF_LIMIT:
        return ref
    if isinstance(ref, str) and len(ref) <= MAX_REF:
        return ref
    return None


def schema() -> dict[str, Any]:
    """The JSON schema of every message a client may send."""
    return _ADAPTER.json_schema()


def _explain(err: ValidationError) -> str:
    """One sentence per field at fault (a union's alternatives are not listed one by one)."""
    said: dict[str, str] = {}
    for e in err.errors(include_url=False, include_input=False):
        field = str(e["loc"][1]) if len(e["loc"]) > 1 else "message"
        if field == "ref":
            said[field] = f"ref is a text of at most {MAX_REF} characters or a whole number of magnitude below 2^53"
        else:
            said.setdefault(field, f"{field}: {e['msg']}")
    return "; ".join(said.values())


def _first_line(err: Exception) -> str:
    return str(err).splitlines()[0][:120] if str(err) else type(err).__name__


if __name__ == "__main__":  # python -m glyphhall.server.play.protocol: the schema for docs/protocol.md
    print(orjson.dumps(schema(), option=orjson.OPT_INDENT_2).decode())
