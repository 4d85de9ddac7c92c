"""``beanframe agent`` (issue 26 §3, §4) against fake OpenAI-compatible models: one on loopback
HTTP (the real transport), others as an injected transport (no wall-clock waits)."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from beanframe.core.game import compose
from beanframe.modelseat import agent as agent_module
from beanframe.modelseat.agent import MAX_REFUSALS, ChatModel, ModelError, play_seat, post_json
from beanframe.modelseat.seat import LocalSeat


def first_move_number(messages) -> str:
    """A fake model's choice: the first numbered move of the state it is sent."""
    found = re.findall(r"^(\d+)\. ", messages[-1]["content"], flags=re.M)
    return found[0] if found else "1"


class FakeEndpoint:
    """An OpenAI-compatible ``/v1/chat/completions`` on loopback; ``tools`` says whether it takes
    the move tool (if not, a request with tools is a 400, as some servers answer)."""

    def __init__(self, tools: bool) -> None:
        self.tools = tools
        self.requests: list[tuple[dict, dict]] = []
        endpoint = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:
                pass

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                endpoint.requests.append((dict(self.headers), body))
                if "tools" in body and not endpoint.tools:
                    self.send_response(400)
                    self.end_headers()
                    self.wfile.write(b'{"error": "tools are not supported"}')
                    return
                move = first_move_number(body["messages"])
                if "tools" in body:
                    message = {"role": "assistant", "content": None, "tool_calls": [
                        {"id": "c1", "type": "function", "function": {"name": "move", "arguments": json.dumps({"move": move})}}]}
                else:
                    message = {"role": "assistant", "content": f"I think about it.\nThe first move looks fine.\n{move}"}
                data = json.dumps({"choices": [{"index": 0, "message": message}]}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> FakeEndpoint:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()


def run_agent(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    import os

    return subprocess.run([sys.executable, "-m", "beanframe_cli.app", "agent", *args], capture_output=True, text=True,
                          timeout=600, env={**os.environ, **(env or {})})  # fmt: skip


@pytest.mark.parametrize("tools", [True, False], ids=["tool-calls", "plain-text"])
def test_a_whole_game_through_an_openai_endpoint(tmp_path, tools):  # issue 26 §3
    transcript = tmp_path / "t.jsonl"
    with FakeEndpoint(tools) as fake:
        done = run_agent("--endpoint", fake.url, "--model", "fake", "--api-key-env", "FAKE_KEY", "--transcript", str(transcript),
                         "--variants", "al_cabohne", "--players", "1", "--seed", "3", "-o", "al_cabohne.run_outs=1",
                         env={"FAKE_KEY": "sekrit"})  # fmt: skip
    assert done.returncode == 0, done.stderr
    summary = done.stdout.strip()
    moves = int(re.search(r"p1 played by fake: (\d+) moves", summary).group(1))
    assert moves > 10 and f"{moves}/{moves} first answers legal" in summary and "Game over. Scores: p1" in summary
    entries = [json.loads(line) for line in transcript.read_text().splitlines()]
    assert entries[-1]["over"] and entries[-1]["tally"]["moves"] == moves
    assert all(e["via"] == ("tool" if tools else "text") for e in entries[:-1])
    for headers, body in fake.requests:  # each turn the state alone: no growing transcript
        assert [m["role"] for m in body["messages"]] == ["system", "user", "assistant", "user"] and body["model"] == "fake"
        assert body["messages"][:3] == fake.requests[0][1]["messages"][:3]  # the rules and the worked example, the same every turn
        assert headers["Authorization"] == "Bearer sekrit"
    assert "sekrit" not in transcript.read_text()  # the key is never written down
    if not tools:  # asked once with the tool, then plain text only
        assert sum("tools" in body for _, body in fake.requests) == 1


def scripted(answers):
    """A fake transport answering the given texts in turn (the last one forever); the requests kept."""
    seen = []

    def post(url, body, headers, timeout):
        seen.append(body)
        answer = answers[min(len(seen) - 1, len(answers) - 1)]
        if isinstance(answer, Exception):
            raise answer
        return {"choices": [{"message": {"role": "assistant", "content": answer}}]}

    return post, seen


def solo_seat() -> LocalSeat:
    game = compose(["al_cabohne"], 1, {"al_cabohne": {"run_outs": 1}}).new_game(seed=3)
    return LocalSeat(game, 0, {})


def test_garbage_is_refused_in_one_line_and_the_greedy_choice_played_after_three(tmp_path):  # issue 26 §3, §4
    post, seen = scripted(["I like beans very much"])
    said = []
    with open(tmp_path / "t.jsonl", "w") as out:
        tally = asyncio.run(play_seat(solo_seat(), ChatModel("http://unused/v1", "m", tools=False, post=post), out, say=said.append))
    entries = [json.loads(line) for line in (tmp_path / "t.jsonl").read_text().splitlines()]
    assert tally.moves == 0 and tally.first_legal == 0 and tally.fallbacks == tally.decisions > 10
    assert tally.refusals == MAX_REFUSALS * tally.fallbacks
    refusal = seen[1]["messages"][-1]["content"].split("Your last answer was ", 1)[1]
    reason = refusal.splitlines()[0]  # the reason in one line, then the legal moves
    assert reason.startswith("refused: unknown action") and refusal.splitlines()[1] == "Your legal moves:"
    assert said[0].startswith(f"p1: after {MAX_REFUSALS} refusals in a row, played the variant's greedy choice: ")
    assert all("fallback" in e for e in entries[MAX_REFUSALS - 1:-1:MAX_REFUSALS])
    assert entries[-1]["over"]


def test_a_model_that_never_answers_is_timed_out(monkeypatch):  # issue 26 §4
    def no_answer(request, timeout):
        raise TimeoutError("timed out")

    monkeypatch.setattr(agent_module.urllib.request, "urlopen", no_answer)
    with pytest.raises(ModelError, match=r"^the model did not answer within 2.5 s$"):
        post_json("http://127.0.0.1:9/v1/chat/completions", {}, {}, 2.5)
    post, _ = scripted([ModelError("the model did not answer within 2.5 s"), "1"])
    tally = asyncio.run(play_seat(solo_seat(), ChatModel("http://unused/v1", "m", tools=False, post=post)))
    assert tally.decisions > 10 and tally.first_legal == tally.decisions - 1 and tally.refusals == 1 and tally.fallbacks == 0


def test_a_missing_key_is_one_line():  # issue 26 §3: keys from the environment only
    done = run_agent("--endpoint", "http://127.0.0.1:9/v1", "--model", "m", "--api-key-env", "NO_SUCH_KEY_VAR", "--variants", "al_cabohne")
    assert done.returncode == 2 and done.stderr == "error: the environment variable NO_SUCH_KEY_VAR holds no API key\n"


def test_the_answers_last_line_is_the_move():  # issue 26 §3
    text = {"choices": [{"message": {"content": "Let me think.\n\nMove: harvest f1\n"}}]}
    assert agent_module.answer_move(text) == ("harvest f1", "text")
    with pytest.raises(ModelError, match="not a chat completion"):
        agent_module.answer_move({"error": "overloaded"})


def test_a_move_is_a_number_a_copied_list_line_or_a_code():  # issue 26 §2, §3
    from beanframe.errors import BeanframeError
    from beanframe.modelseat.seat import move_code

    legal = [("plant f1", "plant"), ("done", "end planting")]
    assert [move_code(m, legal) for m in ("2", "#2", "2.", "2. done - end planting", "1) plant f1")] == ["done", "done", "done", "done", "plant f1"]
    assert move_code("offer p3 give h2 for 2 fire", legal) == "offer p3 give h2 for 2 fire"  # a one-line command as given
    with pytest.raises(BeanframeError, match=r"^no move number 3 \(the moves are numbered 1 to 2\)$"):
        move_code("3", legal)


def test_a_prose_answer_is_read_leniently_but_exactly():  # issue 26 §3: a small model's answers
    from beanframe.modelseat.agent import read_move

    legal = [("plant f1", "plant"), ("harvest f2", "harvest field 2"), ("done", "end planting")]
    assert read_move("2", legal) == "2"
    assert read_move("Let me think.\nMove: harvest f2", legal) == "harvest f2"  # the last line is a move
    assert read_move("offer p3 give h2 for 2 fire", legal, ["offer"]) == "offer p3 give h2 for 2 fire"  # a one-line command as given
    assert read_move("I would choose move 3 because it ends planting.", legal) == "3"  # prose: the first whole number in range
    assert read_move("Field 7 is full, so number 2 is best.", legal) == "2"  # 7 is out of range: not a move
    assert read_move("The best is 3.\nIt is good.", legal) == "3"  # no number in the last line: the whole answer
    assert read_move("I think you should harvest f2 now.", legal) == "harvest f2"  # a legal code quoted
    assert read_move("9", legal) == "9"  # a bare number out of range stays itself (and is refused)
    assert read_move("I cannot decide.", legal) == "I cannot decide."  # nothing in it: refused with the reason


def test_prose_around_a_number_plays_that_move(tmp_path):  # issue 26 §3: the lenient reading in the loop
    game = compose(["al_cabohne"], 1).new_game(seed=3)
    sent = []

    def post(url, body, headers, timeout):
        if "tools" in body:
            raise ModelError("the endpoint answered HTTP 400: no tools")
        sent.append(body["messages"])
        n = len(re.findall(r"^\d+\. ", body["messages"][-1]["content"].split("Your moves:")[-1], flags=re.M))
        return {"choices": [{"message": {"content": f"Looking at the table, I pick move {n} of {n}, it seems best."}}]}

    model = ChatModel("http://model.invalid/v1", "fake", post=post)
    tally = asyncio.run(play_seat(LocalSeat(game, 0, {}), model, wait=0))
    assert game.is_over and tally.refusals == 0 and tally.first_legal == tally.decisions == tally.moves > 0
    last = sent[0][-1]["content"]
    assert last.endswith("Answer with the number of your move only.") and "\nYour moves:\n1. " in last
    assert sent[0][0]["role"] == "system" and [m["role"] for m in sent[0][1:3]] == ["user", "assistant"]  # the worked example
