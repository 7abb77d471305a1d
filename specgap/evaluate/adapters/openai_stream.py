"""The read loop of an OpenAI Chat JSONL stream, fused: one loop from the line's bytes to
the events, for the lines an agent log is made of.

`reader._jsonl` hands a stream over to `openai_jsonl` once it knows the input is OpenAI
Chat (and has fed the lines it held back to sniff it). For each line the loop reads the
bytes, decodes them (orjson; a line of 19 digits or more with the reader's own decoder,
as `reader._decode_line` does) and, when the value is a usual message, does what
`reader._Lines.next_value_line`, `OpenAIChatAdapter.line` and `Conversation.message` do,
without the calls between them, a `Doc` per line, or the line's text (an assistant line
gets a `LineDoc`, which decodes its text only for a diagnostic). Anything else goes, with
what was already read of it, to the general path the reader gave: a line that is not
ASCII, not an object, not the usual shape, or that does not decode (the general path
decodes it again and reports why); a reply or an assistant line `openai_fast` declines; a
message whose content is not a string. Line numbers and byte offsets are counted as
`_Lines` counts them, so origins and diagnostics do not change.

`tests/test_openai_stream.py` holds the fused loop to the general one (same events,
fields set and diagnostics) on the reference traces, the edges of `openai_fast`, lines
made to sit at each edge of this loop, and fuzzed mutants.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from specgap.evaluate.adapters.base import EXTENSION, ROLES, Doc, Step, whole_json
from specgap.evaluate.adapters.conversation import Conversation
from specgap.evaluate.fast import _MESSAGE_FIELDS, set_dict, set_extra, set_fields, set_private
from specgap.events import Message

if TYPE_CHECKING:
    from specgap.evaluate.adapters.openai import OpenAIChatAdapter
    from specgap.evaluate.adapters.reader import _Lines

_loads: Callable[[bytes], Any] | None
try:
    from orjson import loads as _loads
except ImportError:  # pragma: no cover - installed with specgap
    _loads = None

ENABLED = _loads is not None
"""Whether the reader uses this loop (tests turn it off to compare with the general one)."""

_DIGITS = b"0123456789"
_CONTAINER_KEYS = frozenset(("messages", "choices", "request", "response"))
# roles read as a plain message (`OpenAIChatAdapter.line`'s `_CHAT_ROLES`), and what each is
_MESSAGE_ROLES = {
    role: ROLES[role]
    for role in ("system", "developer", "user", "human", "ai", "model", "reviewer")
}


class LineDoc(Doc):
    """A `Doc` of one ASCII JSONL line, its text decoded from the line's bytes only if a
    diagnostic asks for it (an assistant line's calls keep their `Doc`, and seldom use it)."""

    __slots__ = ("_raw", "_text")

    def __init__(self, display: str, raw: bytes, line: int, byte: int) -> None:
        self.display = display
        self._raw = raw
        self._text: str | None = None
        self.line = line
        self.byte = byte
        self._ranges = None

    @property
    def text(self) -> str:
        """The line without its line break, as `_Lines.next_value_line` gives it."""
        if self._text is None:
            self._text = self._raw.decode("ascii").rstrip("\r\n")
        return self._text

    @text.setter
    def text(self, value: str) -> None:
        self._text = value


Entry = tuple[int, int, str]
"""(line number, byte offset, text): what `_Lines.next_value_line` returns."""


def openai_jsonl(
    lines: _Lines,
    adapter: OpenAIChatAdapter,
    display: str,
    ahead: Entry | None,
    entry_steps: Callable[[Entry, bytes | None], Iterator[Step]],
    value_steps: Callable[[Any, Doc], Iterator[Step]],
) -> Iterator[Step]:
    """The steps of the rest of `lines` (not the adapter's `close`), starting with `ahead`,
    the line the reader had read ahead (`lines.raw` its bytes, if it kept them).
    `entry_steps(entry, raw)` is the general path of a line as `_Lines` returns it (raw:
    its bytes, when it came the fast way); `value_steps(value, doc)` that of a line
    already decoded.

    As in the reader's loop, each line is read (and an undecodable one reported) before
    the line before it is decided, so diagnostics and steps come in the same order."""
    from specgap.evaluate.adapters import openai
    from specgap.evaluate.adapters.reader import _DECODER as decoder
    from specgap.evaluate.adapters.reader import _too_complex as too_complex

    # the one-step readers as the adapter's module has them (a test may turn them off)
    assistant_line = openai.assistant_line
    tool_line = openai.tool_line

    exact = _exact(decoder)
    assert _loads is not None
    loads = _loads
    readline = lines._stream.readline
    ctx = adapter.ctx
    roles = _MESSAGE_ROLES
    containers = _CONTAINER_KEYS
    # the line read ahead: its bytes when ASCII and read here, else as `_Lines` gave it
    c_raw: bytes | None = None
    c_number = c_byte = 0
    c_entry, c_eraw = ahead, lines.raw
    # `_Lines`' count and offset, kept here between calls to its methods
    count, offset = lines._number, lines._byte
    general = bool(lines._peeked) or lines.recording is not None  # it reads the next line
    first = True
    try:
        while True:
            if c_raw is None and c_entry is None and not first:
                return
            first = False
            raw, number, byte = c_raw, c_number, c_byte
            entry, entry_raw = c_entry, c_eraw
            c_raw = c_entry = c_eraw = None
            # read the next line ahead (`_Lines.next_value_line`, its usual line inlined)
            if general:
                lines._number, lines._byte = count, offset
                c_entry = lines.next_value_line()
                c_eraw = lines.raw
                count, offset = lines._number, lines._byte
                general = bool(lines._peeked) or lines.recording is not None
            else:
                while True:
                    got = readline()
                    if not got:
                        break
                    count += 1
                    c_number, c_byte = count, offset
                    offset += len(got)
                    if not got.isascii():
                        lines._number, lines._byte = count, offset
                        lines._peeked.append((c_number, c_byte, got))  # decoded there
                        c_entry = lines.next_value_line()
                        c_eraw = lines.raw
                        count, offset = lines._number, lines._byte
                        general = bool(lines._peeked) or lines.recording is not None
                        break
                    if got[0] == 123 or got.strip():  # `{`, or not blank: blank ones are skipped
                        c_raw = got
                        break
            if raw is None:
                if entry is not None:
                    yield from entry_steps(entry, entry_raw)
                continue
            # orjson's reading, used as it is where only strings are read from it: json's
            # reading differs only in numbers (an integer of 19 digits or more), so
            # whatever reads other values first takes `exact(raw, value)`, json's reading
            # (`quick_json_bytes`, `_decode_line`); undecodable: the general path
            try:
                value: Any = loads(raw)
            except ValueError:
                value = None
            if len(raw) >= _SHORT and value is not None:
                value = exact(raw, value)  # deep enough for json to give up: its reading now
            if type(value) is not dict:
                yield from entry_steps((number, byte, raw.decode("ascii").rstrip("\r\n")), raw)
                continue
            role = value.get("role")
            if (
                type(role) is not str
                or not containers.isdisjoint(value)
                or (role == "tool" and type(value.get("content")) is not str)
            ):  # values other than strings are read: the exact reading
                value = exact(raw, value)
                if type(value) is not dict:
                    yield from entry_steps((number, byte, raw.decode("ascii").rstrip("\r\n")), raw)
                    continue
                role = value.get("role")
                if type(role) is not str or not containers.isdisjoint(value):
                    text = raw.decode("ascii").rstrip("\r\n")
                    yield from value_steps(value, Doc(display, text, number, byte))
                    continue
            stream = adapter._stream
            if stream is None:
                stream = adapter._stream = Conversation(display, ctx)
            made: Message | None = None  # the line's one event, when nothing else is waiting
            try:
                if role == "tool":
                    done = EXTENSION not in value and tool_line(value, stream)
                elif role in roles:
                    content = value.get("content")
                    done = type(content) is str
                    if done and content:  # `Conversation.message`, for text content
                        mapped = roles[role]
                        if mapped != "assistant" and stream._pending:
                            stream.flush()
                        made = _message(mapped, content, None, f"{display}:{number}")
                elif role == "assistant":
                    if (
                        value.get("tool_calls") is None
                        and EXTENSION not in value
                        and "function_call" not in value
                    ):
                        # `assistant_line` for a turn without calls: no `Doc` needed
                        content = value.get("content")
                        done = content is None or type(content) is str
                        if done:
                            if stream._pending:  # `new_turn`
                                stream.flush()
                            stream.turn = turn = stream.turn + 1
                            if content:
                                made = _message("assistant", content, turn, f"{display}:{number}")
                    else:  # its calls keep the line, for their diagnostics
                        done = assistant_line(
                            value,
                            LineDoc(display, raw, number, byte),
                            stream,
                            f"{display}:{number}",  # the `LineDoc`'s `origin("")`
                        )
                else:
                    done = False
            except RecursionError as exc:  # as the reader's loop reports it: nothing undone
                too_complex(
                    ctx, Doc(display, raw.decode("ascii").rstrip("\r\n"), number, byte), exc
                )
                continue
            if not done:
                # the general path, on the exact reading; what declined above (reading
                # strings only) changed nothing
                value = exact(raw, value)
                if type(value) is not dict:
                    yield from entry_steps((number, byte, raw.decode("ascii").rstrip("\r\n")), raw)
                    continue
                text = raw.decode("ascii").rstrip("\r\n")
                yield from value_steps(value, Doc(display, text, number, byte))
                continue
            out = stream._out
            if made is not None:
                if not out:
                    yield stream.key, made
                    continue
                out.append(made)
            if out:
                key = stream.key
                if len(out) == 1:
                    yield key, out.pop()
                    continue
                stream._out = []
                for event in out:
                    yield key, event

    finally:  # `_Lines` counts on from here (the reader's loop does not, but be exact)
        lines._number, lines._byte = count, offset


# A line this short nests fewer than 256 levels, which json's decoder reads as orjson does
# (unless the caller's own stack is within that of the recursion limit); a longer line
# gets json's reading at once, so a line json finds too deep is reported as before.
_SHORT = 512


def _exact(decoder: Any) -> Callable[[bytes, Any], Any]:
    def exact(raw: bytes, value: Any) -> Any:
        """json's reading of an ASCII line orjson read as `value`: `value` itself when the
        line holds fewer than 19 digits (`quick_json_bytes`), else the reader's decoder
        (`_decode_line`); None when that fails."""
        if len(raw) - len(raw.translate(None, _DIGITS)) < 19:
            return value
        try:
            return whole_json(decoder, raw.decode("ascii").rstrip("\r\n"))
        except (ValueError, RecursionError):
            return None

    return exact


_new = object.__new__


def _message(role: str, content: str, turn: int | None, origin: str) -> Message:
    """`fast.message(...)`, inlined (one is made per message line)."""
    made = _new(Message)
    set_dict(
        made, {"type": "message", "role": role, "content": content, "turn": turn, "origin": origin}
    )
    set_fields(made, set(_MESSAGE_FIELDS))
    set_extra(made, None)
    set_private(made, None)
    return made
