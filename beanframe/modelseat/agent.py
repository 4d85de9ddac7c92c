"""``beanframe agent``: a seat played by any model behind an OpenAI-compatible chat-completions
endpoint (issue 26 §3).

Each turn the model gets the complete state in words (:func:`~beanframe.modelseat.seat.state_text`;
no growing transcript) and answers with a move: through the ``move`` tool where the endpoint
takes tools, else as plain text, read leniently but exactly (:func:`read_move`). A refused move is answered with the
reason and the legal moves; after :data:`MAX_REFUSALS` refusals in a row the variant's greedy
choice is played, and the transcript says so. A model that does not answer within the timeout,
or answers what is not a chat completion, counts as a refusal. Every request and answer goes to
a JSON-lines transcript. The key comes from the environment only (``--api-key-env VAR``).

Languages (issue 29): the model's instructions and the texts this module adds for it stay English;
the seat's own texts (board, log, why) come in the current language, as every seat's do, and
what a person watching is told (``say``) too."""

from __future__ import annotations

import asyncio
import json
import re
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import IO, Any

import attrs

from beanframe.core.actions import clip
from beanframe.i18n import _
from beanframe.modelseat.seat import Outcome, Seat, moves_text, state_text

MAX_REFUSALS = 3
TIMEOUT = 60.0  # seconds a model may take to answer
WAIT = 60.0  # seconds between looks while the other seats decide
SYSTEM = """\
You play one seat of a bean card game. Each message is the whole table as your seat sees it, then
your numbered legal moves. Answer with the number of your move only."""
ANSWER = "Answer with the number of your move only."
# one worked turn, so that a small model sees the form of an answer (a number, nothing else)
EXAMPLE = [
    {"role": "user", "content": "Your moves:\n1. plant f2 - plant Feuerbohne on field 2\n2. harvest f1 - harvest field 1\n" + ANSWER},
    {"role": "assistant", "content": "1"},
]
PREFIXES = ("move:", "answer:", "my move:")
WHOLE_NUMBER = re.compile(r"(?<![\w.])(\d+)(?![\w])")
BARE_NUMBER = re.compile(r"#?\d+[.)]?")
MOVE_TOOL = {
    "type": "function",
    "function": {
        "name": "move",
        "description": "Make your move: the number of one legal move, its code, or a one-line command.",
        "parameters": {"type": "object", "properties": {"move": {"type": "string"}}, "required": ["move"]},
    },
}

Post = Callable[[str, dict[str, Any], dict[str, str], float], dict[str, Any]]


class ModelError(Exception):
    """The model gave no usable answer (one line: timed out, not a chat completion, ...)."""


def turn_messages(state: str, refusal: str | None, legal: list[tuple[str, str]] | None = None) -> list[dict[str, str]]:
    """What the model is sent for one turn: the rules of answering, one worked example, the
    complete state and, after a refused move, the refusal (its reason and the legal moves); the
    message ends with the numbered moves (``legal``) and "Answer with the number of your move
    only", the last thing a small model reads. Nothing of earlier turns."""
    user = state if refusal is None else f"{state}\nYour last answer was {refusal}"
    if legal:
        user = f"{user.rstrip()}\n\nYour moves:\n{moves_text(legal)}\n{ANSWER}"
    return [{"role": "system", "content": SYSTEM}, *EXAMPLE, {"role": "user", "content": user}]


def read_move(content: str, legal: list[tuple[str, str]], commands: list[str] = ()) -> str:
    """The move in a plain-text answer, read leniently but exactly: its last line (without a
    leading "Move:" or "Answer:") when that line is a move: a number (``3``, ``#3``, ``3.``), a
    line of the list copied, or a line whose first word begins a legal code or is one of the
    game's one-line ``commands``. Otherwise the line is prose, and the move is the first whole
    number from 1 to the number of moves in the answer's last line, else in the whole answer,
    else the first legal code it quotes (as whole words); failing all, the last line as it is
    (refused with the reason). A number out of range is never read as another move."""
    lines = [line.strip() for line in content.strip().splitlines() if line.strip()]
    if not lines:
        return ""
    last = lines[-1]
    for prefix in PREFIXES:
        if last.lower().startswith(prefix):
            last = last[len(prefix):].strip()
    bare = last.strip("`'\" *")
    first = bare.split(" ", 1)[0].lower()
    starts = {code.split(" ", 1)[0].lower() for code, _ in legal} | {c.lower() for c in commands}
    if BARE_NUMBER.fullmatch(bare) or re.match(r"#?\d+[.)]? [-a-z(]", bare, re.I) or first in starts:
        return bare
    for text in (last, content):
        for found in WHOLE_NUMBER.finditer(text):
            if 1 <= int(found.group(1)) <= len(legal):
                return found.group(1)
    quoted = [(m.start(), code) for code, _ in legal for m in [re.search(rf"(?<![\w]){re.escape(code)}(?![\w])", content, re.I)] if m]
    if quoted:
        return min(quoted, key=lambda hit: (hit[0], -len(hit[1])))[1]
    return bare


def post_json(url: str, body: dict[str, Any], headers: dict[str, str], timeout: float) -> dict[str, Any]:
    """POST ``body`` as JSON; the answer as JSON (ModelError of one line for anything else)."""
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json", **headers})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:  # noqa: S310 - the endpoint given
            raw = response.read()
    except urllib.error.HTTPError as exc:
        detail = clip(" ".join(exc.read().decode("utf-8", "replace").split()), 160)
        raise ModelError(f"the endpoint answered HTTP {exc.code}: {detail}") from None
    except TimeoutError:
        raise ModelError(f"the model did not answer within {timeout:g} s") from None
    except OSError as exc:
        reason = getattr(exc, "reason", exc)
        if isinstance(reason, TimeoutError):
            raise ModelError(f"the model did not answer within {timeout:g} s") from None
        raise ModelError(f"cannot reach the endpoint: {clip(str(reason), 120)}") from None
    try:
        return json.loads(raw)
    except ValueError:
        raise ModelError(f"the endpoint's answer is not JSON: {clip(raw.decode('utf-8', 'replace'), 80)}") from None


def answer_move(data: Any) -> tuple[str, str]:
    """(the move, how it came: "tool" or "text") from a chat completion; ModelError if none."""
    try:
        message = data["choices"][0]["message"]
    except (KeyError, IndexError, TypeError):
        raise ModelError(f"not a chat completion: {clip(json.dumps(data)[:200], 120)}") from None
    for call in message.get("tool_calls") or ():
        try:
            arguments = call["function"]["arguments"]
            move = (json.loads(arguments) if isinstance(arguments, str) else arguments)["move"]
        except (KeyError, TypeError, ValueError):
            continue
        return str(move), "tool"
    content = message.get("content")
    if not isinstance(content, str):
        raise ModelError("the model's answer holds no text and no move")
    lines = [line.strip() for line in content.strip().splitlines() if line.strip()]
    if not lines:
        raise ModelError("the model's answer is empty")
    last = lines[-1]
    for prefix in PREFIXES:
        if last.lower().startswith(prefix):
            last = last[len(prefix):].strip()
    return last, "text"


@attrs.define
class ChatModel:
    """A model behind an OpenAI-compatible ``/chat/completions`` endpoint."""

    endpoint: str
    model: str
    api_key: str | None = None
    timeout: float = TIMEOUT
    tools: bool = True  # offered until the endpoint refuses them
    post: Post = post_json  # tests put a fake transport here
    max_tokens: int = 256

    @property
    def url(self) -> str:
        base = self.endpoint.rstrip("/")
        return base if base.endswith("/chat/completions") else f"{base}/chat/completions"

    def ask(self, messages: list[dict[str, str]]) -> tuple[str, str, Any]:
        """(move, how, raw answer); ModelError if the model gave none."""
        headers = {"Authorization": f"Bearer {self.api_key}"} if self.api_key else {}
        body: dict[str, Any] = {"model": self.model, "messages": messages, "max_tokens": self.max_tokens, "temperature": 0}
        if self.tools:
            try:
                data = self.post(self.url, {**body, "tools": [MOVE_TOOL]}, headers, self.timeout)
            except ModelError as exc:
                if "HTTP 4" not in str(exc):
                    raise
                self.tools = False  # this endpoint takes no tools: plain text from now on
            else:
                return (*answer_move(data), data)
        data = self.post(self.url, body, headers, self.timeout)
        return (*answer_move(data), data)


@attrs.define
class Tally:
    """What the agent did: moves made, first answers (one per decision) and how many were legal,
    refusals, the greedy choices played for it, seconds spent waiting for the model."""

    moves: int = 0
    decisions: int = 0
    first_legal: int = 0
    refusals: int = 0
    fallbacks: int = 0
    model_seconds: float = 0.0


async def play_seat(seat: Seat, model: ChatModel, transcript: IO[str] | None = None, say: Callable[[str], None] | None = None,
                    wait: float = WAIT, clock: Callable[[], float] = time.monotonic) -> Tally:  # fmt: skip
    """Play ``seat`` with ``model`` to the end of the game (see the module)."""
    tally = Tally()
    refused = 0
    refusal: str | None = None
    await seat.start()

    def write(entry: dict[str, Any]) -> None:
        if transcript is not None:
            transcript.write(json.dumps(entry, ensure_ascii=False) + "\n")
            transcript.flush()

    while not seat.over():
        if not seat.deciding():
            await seat.wait(wait)
            continue
        state = await state_text(seat)
        legal = seat.legal()
        messages = turn_messages(state, refusal, legal)
        entry: dict[str, Any] = {"seat": seat.seat, "messages": messages}
        started = clock()
        try:
            move, how, raw = await asyncio.to_thread(model.ask, messages)
            if how == "text":  # prose around the move: read leniently (see read_move)
                move = read_move(raw["choices"][0]["message"]["content"], legal, seat.line_commands())
            entry.update(answer=raw, move=move, via=how)
            outcome = await seat.act(move)
        except ModelError as exc:
            entry["error"] = str(exc)
            outcome = Outcome(False, f"refused: {exc}")
        tally.model_seconds += clock() - started
        if refused == 0:
            tally.decisions += 1
            tally.first_legal += outcome.ok
        entry["outcome"] = outcome.text.splitlines()[0]
        if outcome.ok:
            tally.moves += 1
            refused, refusal = 0, None
        else:
            tally.refusals += 1
            refused += 1
            refusal = outcome.text
            if refused >= MAX_REFUSALS:
                code = await seat.fallback()
                played = await seat.act(code)
                note = f"after {MAX_REFUSALS} refusals in a row, played the variant's greedy choice: {code}"
                entry["fallback"] = {"code": code, "outcome": played.text.splitlines()[0], "note": note}
                if say is not None:  # the person watching reads their language; the model, English
                    say(_("{seat}: after {n} refusals in a row, played the variant's greedy choice: {code}").format(
                        seat=seat.seat, n=MAX_REFUSALS, code=code))
                tally.fallbacks += 1
                refused, refusal = 0, None
        write(entry)
    write({"seat": seat.seat, "over": True, "final": await seat.words("board"), "tally": attrs.asdict(tally)})
    return tally
