"""What the docs say is checked against what the code does, so the docs cannot drift (issue 20.6).

tests/test_docs.py checks that names appear in the docs; this file checks what the docs *say*:

- every action code written in README.md and docs/*.md (``discard s<k>``, ``take-coin n<k>``,
  ``sales-done``) is an action of a composed ruleset, with those parameter prefixes: every
  installed variant set at every player count, with each of its yes/no options switched on, and
  the worked examples of docs/plugins.md;
- every event the docs list with its arguments (``show_hand`` (player, cards), the tuple form
  ``("reject", id, player)``) is emitted with that many arguments in random games of the variant
  sets, and every event the docs name is one some ruleset emits or describes;
- every Python block of the docs compiles, and runs against the real package unless it is listed
  below with the reason it cannot (the ``# plugin:``/``# check:`` examples run in
  tests/test_plugin_guide.py);
- no doc edits a parameter record in place (docs/plugins.md 4.1: records are replaced with
  ``attrs.evolve``).
"""

from __future__ import annotations

import random
import re
import sys
from functools import cache
from pathlib import Path

import attrs
import pytest

import beanframe
from beanframe.adapters import variant_sets
from beanframe.core.compose import discover, variant_info
from beanframe.core.records import linked_items

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
GUIDE = ROOT / "docs" / "plugins.md"

# --------------------------------------------------------------------------------------------
# Reading the docs
# --------------------------------------------------------------------------------------------

FENCE = re.compile(r"```(\w*)\n(.*?)```", re.S)
# a parameter of a code as the docs write it: a prefix and a number, a placeholder or "?"
PARAM = r"[a-z]{0,2}(?:<[^>\s]+>|\d+|\?)"
CODE_WITH_PARAMS = re.compile(rf"[a-z][a-z-]*(?: {PARAM})+")
HYPHENATED = re.compile(r"[a-z]+(?:-[a-z]+)+")
# words written like codes that are not actions: commands of the command line and the table
NOT_ACTIONS = {
    "new-plugin": "the command `beanframe new-plugin NAME`",
    "end-trading": "a command of the terminal table (it sends `pass` for every trade step)",
    "sit-out": "a command of the front ends (the terminal's, and the table server's: beanframe.server.sitting)",
}


def _prose(text: str) -> str:
    return FENCE.sub("", text)


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def documented_codes() -> list[tuple[str, str]]:
    """``(doc, code)`` for every code span of the docs that is written like an action code."""
    out: dict[tuple[str, str], None] = {}
    for path in DOCS:
        for span in re.findall(r"`([^`\n]+)`", _prose(path.read_text(encoding="utf-8"))):
            if CODE_WITH_PARAMS.fullmatch(span) or (HYPHENATED.fullmatch(span) and span not in NOT_ACTIONS):
                out[(_rel(path), span)] = None
    return list(out)


def code_form(code: str) -> tuple[str, tuple[str, ...]]:
    """``"give h<k> b<j>"`` and ``"give h2 b1"`` -> ``("give", ("h", "b"))``."""
    name, *params = code.split()
    return name, tuple(re.match(r"[a-z]*", p).group(0) for p in params)


# --------------------------------------------------------------------------------------------
# The composed rulesets
# --------------------------------------------------------------------------------------------


def _guide_plugins() -> list:
    """The worked examples of docs/plugins.md, loaded as plugin modules (as ``--plugin`` does)."""
    import tempfile

    from beanframe_cli.config import load_plugin_file

    blocks = re.findall(r"```python\n(# plugin: (\w+)\n.*?)```", GUIDE.read_text(encoding="utf-8"), re.S)
    modules = []
    with tempfile.TemporaryDirectory() as tmp:
        for code, name in blocks:
            path = Path(tmp) / f"docs_truth_{name}.py"
            path.write_text(code, encoding="utf-8")
            modules.append(load_plugin_file(path))
    return modules


def _switched_options(names: tuple[str, ...]) -> list[dict]:
    """The default options, and each yes/no option of the set switched on alone."""
    out: list[dict] = [{}]
    installed = discover()
    for name in names:
        options = variant_info(installed[name]).options
        if options is None:
            continue
        for f in attrs.fields(options):
            if f.default is False:
                out.append({name: {f.name: True}})
    return out


@cache
def rulesets() -> tuple:
    out = []
    for names, players in variant_sets():
        for options in _switched_options(names):
            try:
                out.append(beanframe.compose(list(names), players, options=options))
            except beanframe.ConfigError:
                continue  # an option this player count does not allow
    for plugin in _guide_plugins():
        for players in (1, 2):
            out.append(beanframe.compose(["al_cabohne", plugin], players))
    return tuple(out)


@cache
def action_forms() -> dict[str, set[tuple[str, ...]]]:
    """Action name -> the parameter prefixes its codes have, over every ruleset."""
    forms: dict[str, set[tuple[str, ...]]] = {}
    for ruleset in rulesets():
        for action in ruleset.actions:
            name, prefixes = code_form(action.code)
            forms.setdefault(name, set()).add(prefixes)
            forms[name].add(code_form(action.public_code)[1])
    return forms


def _play(ruleset, seed: int, frames: dict[str, set[str]], limit: int = 4000):
    """A random game; ``frames`` gets, per frame kind, the names of the actions legal there."""
    rng = random.Random(seed)
    game = ruleset.new_game(seed=seed)
    while not game.is_over and game.state.n_actions < limit:
        legal = game.legal_actions()
        frame = game.frame
        if frame is not None:
            frames.setdefault(frame.kind, set()).update(code_form(a.code)[0] for a in legal)
        game.apply(rng.choice(legal))
    return game


@cache
def observed() -> tuple[dict[str, set[int]], dict[str, set[str]]]:
    """Over two random games of every variant set (and option switched on): event kind -> the
    numbers of arguments it was emitted with (whole, and the public form of a private event), and
    frame kind -> the names of the actions legal in it."""
    from beanframe.core.records import PrivateEvent

    seen: dict[str, set[int]] = {}
    frames: dict[str, set[str]] = {}
    done: set[tuple] = set()
    for ruleset in rulesets():
        key = (ruleset.order, ruleset.config.players, repr(ruleset.options))
        if key in done:
            continue
        done.add(key)
        for seed in (1, 2):
            game = _play(ruleset, seed, frames)
            for event in linked_items(game.state.events):
                forms = [event]
                if isinstance(event, PrivateEvent):
                    whole, _, public = event
                    forms = [whole] + ([public] if public is not None else [])
                for form in forms:
                    seen.setdefault(form[0], set()).add(len(form) - 1)
    return seen, frames


def emitted_events() -> dict[str, set[int]]:
    return observed()[0]


def frame_actions() -> dict[str, set[str]]:
    return observed()[1]


@cache
def described_events() -> set[str]:
    return {kind for ruleset in rulesets() for kind in ruleset.event_formats}


# --------------------------------------------------------------------------------------------
# Action codes
# --------------------------------------------------------------------------------------------


def test_the_docs_write_action_codes_to_check():
    codes = {code for _, code in documented_codes()}
    assert {"discard s<k>", "buy c<k>", "take-coin n<k>", "sales-done", "give h<k> b<j>"} <= codes


@pytest.mark.parametrize(("doc", "code"), documented_codes())
def test_every_action_code_in_the_docs_is_a_real_action(doc, code):
    forms = action_forms()
    name, prefixes = code_form(code)
    assert name in forms, f"{doc} writes `{code}`, but no composed ruleset has an action {name!r}"
    if not prefixes:  # a bare name may name an action that takes parameters (`plant-pile`)
        return
    assert prefixes in forms[name], (
        f"{doc} writes `{code}`, but action {name!r} takes parameters "
        f"{' or '.join(' '.join(p + '<k>' for p in f) or 'none' for f in sorted(forms[name]))}"
    )


def test_the_action_check_fails_on_the_old_claims():
    forms = action_forms()
    # issue 20.6: what the docs said before
    for old in ("discard-leftover p<k>", "take-coin c<bean>"):
        name, prefixes = code_form(old)
        assert name not in forms or prefixes not in forms[name], old
    assert "done" in forms and "sales-done" in forms


# classes the docs call that are not the project's (none of ours has the name)
FOREIGN_CLASSES = {"Box": "gymnasium.spaces.Box (the PettingZoo adapter's spaces)"}


def _sources() -> str:
    """The project's code and the docs' own code blocks (worked examples define classes too)."""
    files = [p for d in ("beanframe", "plugins", "cli", "examples") for p in sorted((ROOT / d).rglob("*.py"))]
    blocks = [m.group(2) for path in DOCS for m in FENCE.finditer(path.read_text(encoding="utf-8"))]
    return "\n".join([*(p.read_text(encoding="utf-8") for p in files), *blocks])


def documented_calls() -> list[tuple[str, str, str]]:
    """``(doc, class name, arguments)`` for every class the docs' prose calls: `Buy(card)`."""
    out: dict[tuple[str, str, str], None] = {}
    for path in DOCS:
        for span in re.findall(r"`([^`\n]+)`", _prose(path.read_text(encoding="utf-8"))):
            for name, args in re.findall(r"(?<![\w.])([A-Z][a-z]+(?:[A-Z][A-Za-z]*)?)\(([^()]*)\)", span):
                out[(_rel(path), name, args)] = None
    return list(out)


def test_every_class_the_docs_call_exists():
    source = _sources()
    calls = documented_calls()
    missing = sorted({f"{doc}: {name}" for doc, name, _ in calls
                      if name not in FOREIGN_CLASSES and not re.search(rf"^\s*class {name}\b", source, re.M)})
    assert not missing, f"the docs name classes that do not exist: {missing}"
    assert {"Buy", "TakeCoin", "BuyRazzia"} <= {name for _, name, _ in calls}
    # issue 20.6: docs/architecture.md named BuyBuilding(kind, price) and BuyPolice(level)
    assert not re.search(r"^\s*class (BuyBuilding|BuyPolice)\b", source, re.M)


def test_every_action_class_the_docs_call_has_those_fields():
    classes = {type(a).__name__: type(a) for ruleset in rulesets() for a in ruleset.actions}
    wrong = []
    for doc, name, args in documented_calls():
        if name not in classes:
            continue
        fields = [f.name for f in attrs.fields(classes[name])]
        written = [a.split("=")[0].strip() for a in _split_args(args)]
        # an argument is a field's name, or a value (`Harvest(field=0)`, `Toss(0)`)
        names = [w for w in written if w.isidentifier()]
        if len(written) != len(fields) or any(w not in fields for w in names):
            wrong.append(f"{doc}: {name}({args}) (fields: {', '.join(fields) or 'none'})")
    assert not wrong, f"the docs call action classes with other fields than they have: {wrong}"


def frame_claims() -> list[tuple[str, str, str]]:
    """``(doc, frame kind, action name)`` for what the docs say a frame offers: "`take_coin`
    frame: actions `take-coin n<k>`", "`last_sales` offers ... and `sales-done`", and the rows of
    docs/plugins.md's frame table (kind | pushed by | args | the player decides)."""
    forms = action_forms()
    patterns = (
        re.compile(r"`(\w+)` frame:? \(?actions? ([^;|]*?)(?:\.(?:\s|$)|;|\|)"),
        re.compile(r"`(\w+)` offers ([^|]*?)(?:\.(?:\s|$)|\|)"),
        re.compile(r"^\| `(\w+)` \|[^\n]*\| ([^|\n]*) \|$", re.M),
    )
    out: dict[tuple[str, str, str], None] = {}
    for path in DOCS:
        text = _prose(path.read_text(encoding="utf-8"))
        for pattern in patterns:
            for kind, said in pattern.findall(text):
                for span in re.findall(r"`([^`]+)`", said):
                    name = span.split()[0]
                    if name in forms and (CODE_WITH_PARAMS.fullmatch(span) or re.fullmatch(r"[a-z][a-z-]*", span)):
                        out[(_rel(path), kind, name)] = None
    return list(out)


def test_the_docs_say_what_frames_offer():
    claims = frame_claims()
    frames = frame_actions()
    wrong = [f"{doc}: `{kind}` offers `{name}`, but its legal actions are {sorted(frames[kind])}"
             for doc, kind, name in claims if kind in frames and name not in frames[kind]]
    assert not wrong, f"the docs name actions a frame never offers: {wrong}"
    assert {("docs/architecture.md", "last_sales", "sales-done"), ("docs/plugins.md", "plant", "give-pile")} <= set(claims)
    assert ("docs/architecture.md", "attack", "stop-attacking") in claims
    # issue 20.6: docs/architecture.md said the last sales end with `done`
    assert "done" not in frames["last_sales"] and "sales-done" in frames["last_sales"]


# --------------------------------------------------------------------------------------------
# Events
# --------------------------------------------------------------------------------------------


def _split_args(args: str) -> list[str]:
    return [a for a in (x.strip() for x in args.split(",")) if a]


def guide_event_signatures() -> list[tuple[str, int, int | None]]:
    """``(kind, arguments, public arguments)`` from the "Event kinds" list of docs/plugins.md:
    `` `draw` (player, card; private: the others get `draw` (player)) ``."""
    text = GUIDE.read_text(encoding="utf-8")
    para = re.search(r"\*\*Event kinds\*\*.*?\n\n", text, re.S)
    assert para, "docs/plugins.md has no **Event kinds** paragraph"
    body = para.group(0).split(":", 1)[1].split("The core emits")[0]  # then who emits what
    out = []
    pattern = re.compile(r"`([a-z_]+)`(?:\s*\(((?:[^()]|\([^()]*\))*)\))?")
    for kind, args in pattern.findall(body):
        public = None
        if ";" in args:
            args, rest = args.split(";", 1)
            inner = re.search(r"\(([^()]*)\)", rest)
            public = len(_split_args(inner.group(1))) if inner else 0
        out.append((kind, len(_split_args(args)), public))
    return out


def documented_event_tuples() -> list[tuple[str, str, int]]:
    """``(doc, kind, arguments)`` for every event written as a tuple, `` `("reject", id, player)` ``."""
    known = set(emitted_events()) | described_events()
    out = []
    for path in DOCS:
        for kind, args in re.findall(r'`\("([a-z_]+)"((?:, [^,`()]+)*)\)`', _prose(path.read_text(encoding="utf-8"))):
            if kind in known:  # other tuples in the docs are offer items: ("bandit", card)
                out.append((_rel(path), kind, len(_split_args(args))))
    return out


def test_the_guide_lists_events_with_their_arguments():
    kinds = {kind: n for kind, n, _ in guide_event_signatures()}
    assert kinds.get("show_hand") == 2 and kinds.get("harvest") == 5 and "game_over" in kinds


@pytest.mark.parametrize(("kind", "n", "public"), guide_event_signatures())
def test_every_event_in_the_guide_is_emitted_with_those_arguments(kind, n, public):
    seen = emitted_events()
    assert kind in seen, f"docs/plugins.md lists event {kind!r}, which no random game emitted"
    assert n in seen[kind], f"docs/plugins.md gives event {kind!r} {n} arguments; the games emit it with {sorted(seen[kind])}"
    if public is not None:
        assert public in seen[kind], f"docs/plugins.md gives the public form of {kind!r} {public} arguments; seen {sorted(seen[kind])}"


def test_every_event_tuple_in_the_docs_has_the_emitted_arguments():
    tuples = documented_event_tuples()
    assert {"show_hand", "reject", "withdraw"} <= {kind for _, kind, _ in tuples}
    seen = emitted_events()
    wrong = [f"{doc}: ({kind!r}, {n} arguments), emitted with {sorted(seen.get(kind, ()))}"
             for doc, kind, n in tuples if n not in seen.get(kind, ())]
    assert not wrong, f"event tuples in the docs that no game emits: {wrong}"


def test_every_event_the_architecture_doc_lists_exists():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    listed = re.search(r"Event kinds emitted by the bean family and Al Cabohne:(.*?)\.\n", text, re.S)
    assert listed
    names = re.findall(r"`([a-z_]+)`", listed.group(1))
    row = re.search(r"^\| events \| (.*)$", text, re.M)  # Bohnanza's table
    assert row
    names += re.findall(r"`([a-z_]+)`", row.group(1))
    known = set(emitted_events()) | described_events()
    assert len(names) > 15
    missing = sorted(set(names) - known)
    assert not missing, f"docs/architecture.md lists events no ruleset emits or describes: {missing}"


def test_the_event_check_fails_on_the_old_claim():
    # issue 20.6: docs/plugins.md said `show_hand` (player)
    assert 1 not in emitted_events()["show_hand"]


# --------------------------------------------------------------------------------------------
# Python blocks
# --------------------------------------------------------------------------------------------

# blocks that are compiled but not run, by their doc and how their first line starts, with the reason
COMPILE_ONLY = {
    ("README.md", "from beanframe.search import ISMCTSBot, decide, play_game as play_searching"): "a 20-game tournament of search bots: minutes of work",
    ("README.md", "from beanframe.adapters.pettingzoo import env        # a PettingZoo AEC environment"): "the optional rl extra; tests/adapters run the adapters",
    ("README.md", "from beanframe.testing import conformance_suite"): "the house rule's conformance run; tests/test_house_rule.py runs it",
    ("docs/protocol.md", '"""Play one seat of a beanframe table'): "a client that needs a running server; tests/server run it",
    ("docs/plugins.md", "from beanframe.testing import ConformanceTests, conformance_suite"): "a test module for a plugin package; tests/test_house_rule.py runs the kit",
}
# blocks that show part of a plugin module: run after these imports, then composed as a plugin
PLUGIN_PRELUDE = "import attrs\nfrom beanframe import VariantInfo, hookimpl\n"


def _compile_only(doc: str, code: str) -> tuple[str, str] | None:
    first = code.splitlines()[0]
    return next((key for key in COMPILE_ONLY if key[0] == doc and first.startswith(key[1])), None)


def python_blocks() -> list[tuple[str, int, str]]:
    out = []
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        for m in FENCE.finditer(text):
            if m.group(1) not in ("python", "py"):
                continue
            code = m.group(2)
            if code.startswith(("# plugin:", "# check:")):
                continue  # tests/test_plugin_guide.py
            out.append((_rel(path), text[: m.start()].count("\n") + 2, code))
    return out


def test_the_docs_have_python_blocks_to_run():
    blocks = python_blocks()
    assert len(blocks) >= 8
    assert sum(_compile_only(doc, code) is None for doc, _, code in blocks) >= 5
    gone = [key for key in COMPILE_ONLY if not any(_compile_only(doc, code) == key for doc, _, code in blocks)]
    assert not gone, f"COMPILE_ONLY names blocks that are gone: {gone}"


@pytest.mark.parametrize(("doc", "line", "code"), python_blocks(), ids=lambda v: v if isinstance(v, (str, int)) and len(str(v)) < 20 else "")
def test_every_python_block_compiles(doc, line, code):
    compile("\n" * (line - 1) + code, doc, "exec")


@pytest.mark.parametrize("doc", sorted({doc for doc, _, _ in python_blocks()}))
def test_the_python_blocks_of_a_doc_run_in_order(doc, capsys, monkeypatch, tmp_path):
    """A doc's blocks share one namespace, as a reader pastes them one after another."""
    monkeypatch.chdir(tmp_path)
    namespace: dict = {"__name__": "docs_truth_block"}
    for d, line, code in python_blocks():
        if d != doc or _compile_only(d, code):
            continue
        if "@hookimpl" in code:  # part of a plugin module
            module = type(sys)("docs_truth_plugin_" + str(line))
            exec(compile(PLUGIN_PRELUDE + code, f"{doc}:{line}", "exec"), module.__dict__)
            namespace.setdefault("plugin_blocks", []).append(module)
            continue
        exec(compile("\n" * (line - 1) + code, doc, "exec"), namespace)


def test_the_readme_house_rule_does_what_it_says():
    # README "Writing a house-rule plugin": the third field costs `cost` (2) coins
    block = next(code for doc, _, code in python_blocks() if doc == "README.md" and "cheap_field" in code and "@hookimpl" in code)
    module = type(sys)("docs_truth_cheap_field")
    exec(compile(PLUGIN_PRELUDE + block, "README.md", "exec"), module.__dict__)
    ruleset = beanframe.compose(["al_cabohne", module], 2, options={"cheap_field": {"cost": 1}})
    assert ruleset.config.params["beans"].third_field_cost == 1


# --------------------------------------------------------------------------------------------
# Records are replaced, not edited
# --------------------------------------------------------------------------------------------

IN_PLACE = re.compile(r'config\.params\["\w+"\]\.\w+\s*=(?!=)')
# the guide shows one in-place edit on purpose: as the mistake that is a ConfigError
MEANT_AS_A_MISTAKE = '`config.params["al_cabohne"].third_field_cost = 2`) is a `ConfigError`'


@pytest.mark.parametrize("path", DOCS, ids=_rel)
def test_no_doc_edits_a_parameter_record_in_place(path):
    # docs/plugins.md 4.1: replace a record with a changed copy (attrs.evolve)
    text = path.read_text(encoding="utf-8").replace(MEANT_AS_A_MISTAKE, "")
    found = IN_PLACE.findall(text)
    assert not found, f"{_rel(path)} edits parameter records in place (use attrs.evolve): {found}"
    assert IN_PLACE.search('`config.params["beans"].hand_size = 7`')
