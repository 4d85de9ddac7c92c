"""A house rule at the browser table (issue 19): its new action is a button with its own label
even though the house rule draws nothing of its own (its part is drawn by the generic drawer).
The house rule is the plugin guide's worked example `mulligan`, loaded with ``--plugin``."""

from __future__ import annotations

import re
from pathlib import Path

from tests.browser.helpers import create_room, state_of, wait_ready
from tests.server.helpers import ServerProcess

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "plugins.md"


def test_a_house_rules_action_has_its_label_on_the_table(tmp_path, pages):  # issue 19
    code = re.search(r"```python\n(# plugin: mulligan\n.*?)```", GUIDE.read_text(encoding="utf-8"), re.S).group(1)
    plugin = tmp_path / "mulligan.py"
    plugin.write_text(code, encoding="utf-8")
    server = ServerProcess(str(tmp_path / "rooms.db"))
    server.command[3:3] = ["--plugin", str(plugin)]  # a global option: before `serve`
    with server:
        room = create_room(server, ["al_cabohne", "mulligan"], ["human", "bot:greedy"], seed=3)
        page = pages(room["seats"][0]["url"])
        wait_ready(page)
        labels = {a["code"]: a["label"] for a in state_of(server, room["room"], room["seats"][0]["token"])["legal"]}
        assert "mulligan" in labels
        button = page.locator("section.moves .group button.move[data-code='mulligan']")
        assert labels["mulligan"] in button.inner_text()
        assert page.locator("[data-part=mulligan]").count() == 1  # its part, drawn by the generic drawer
        page.close()  # before its server stops (else it would try to reconnect)
