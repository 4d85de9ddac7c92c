from tests.browser.helpers import play_to_end, wait_ready


def test_smoke(server, pages):
    with server.client() as c:
        room = c.post("/api/rooms", json={"variants": ["bohnanza"], "players": 3, "seats": ["human", "bot:random", "bot:random"], "options": {"bohnanza": {"run_outs": 1}}}).json()
    page = pages(room["seats"][0]["url"])
    wait_ready(page)
    page.screenshot(path="/tmp/smoke1.png")
    play_to_end(page)
    page.screenshot(path="/tmp/smoke2.png", full_page=True)
