// One seat's connection to its room (docs/protocol.md): the WebSocket with its hello, the
// updates merged into the seat's state, reconnection with a growing delay, and requests over
// HTTP with the token in the Authorization header (never in an address). Every answer comes in
// the page's language (the hello's "language", ?lang= on HTTP).

import { language, t, withLanguage } from "./i18n.js";

const DELAYS = [200, 400, 800, 1600, 3200, 5000];

export class Connection {
  /** base: the page's base address ("http://host:8000/"); room, token: from the invitation. */
  constructor(base, room, token, { onState, onStatus, onMessage }) {
    this.base = base;
    this.room = room;
    this.token = token || null;
    this.onState = onState;      // (state, why) after every change: "state", "update", "presence"
    this.onStatus = onStatus;    // ("connecting" | "open" | "reconnecting" | "closed", detail)
    this.onMessage = onMessage;  // other messages: error, why, output, accepted
    this.state = null;
    this.ws = null;
    this.attempt = 0;
    this.stopped = false;
    this.refs = 0;
  }

  api(path) {
    return withLanguage(new URL(`api/rooms/${encodeURIComponent(this.room)}/${path}`, this.base).href);
  }

  headers() {
    const out = { "Content-Type": "application/json" };
    if (this.token) out.Authorization = `Bearer ${this.token}`;
    return out;
  }

  /** GET or POST one of the room's addresses; {ok, status, data}. */
  async request(path, body) {
    const init = { headers: this.headers(), cache: "no-store" };
    if (body !== undefined) Object.assign(init, { method: "POST", body: JSON.stringify(body) });
    try {
      const response = await fetch(this.api(path), init);
      let data = null;
      try { data = await response.json(); } catch { data = { error: t("the server answered {status}", { status: response.status }) }; }
      return { ok: response.ok, status: response.status, data };
    } catch {
      return { ok: false, status: 0, data: { error: t("the server cannot be reached") } };
    }
  }

  start() {
    this.stopped = false;
    this.open();
  }

  stop() {
    this.stopped = true;
    if (this.ws) this.ws.close();
  }

  open() {
    const url = new URL(`api/rooms/${encodeURIComponent(this.room)}/ws`, this.base);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    this.onStatus(this.attempt ? "reconnecting" : "connecting", this.attempt);
    const ws = new WebSocket(url.href);
    this.ws = ws;
    ws.addEventListener("open", () => ws.send(JSON.stringify({ type: "hello", token: this.token, language: language() })));
    ws.addEventListener("message", (event) => {
      if (ws !== this.ws) return;
      let message;
      try { message = JSON.parse(event.data); } catch { return; }
      this.receive(message);
    });
    ws.addEventListener("close", (event) => {
      if (ws !== this.ws) return;
      this.ws = null;
      this.drop();
      if (this.stopped) return this.onStatus("closed", "");
      if (event.code === 4403 || event.code === 4404) {
        this.stopped = true;
        return this.onStatus("closed", this.lastError || t("this link opens no seat here"));
      }
      const delay = DELAYS[Math.min(this.attempt, DELAYS.length - 1)];
      this.attempt += 1;
      this.onStatus("reconnecting", this.attempt);
      setTimeout(() => { if (!this.stopped) this.open(); }, delay);
    });
  }

  receive(message) {
    if (message.type === "state") {
      this.attempt = 0;
      this.onStatus("open", "");
      this.state = message;
      this.onState(this.state, "state");
    } else if (message.type === "update") {
      const state = this.state;
      if (!state || message.version <= state.version) return;  // already have it (a whole state came first)
      if (message.history_from !== state.history.length || message.log_from !== state.log.length) {
        this.send({ type: "state" });  // lost track: ask for the whole state
        return;
      }
      const parts = { ...state.view.parts, ...message.view.parts };
      for (const [key, value] of Object.entries(message)) {
        if (!["history", "log", "history_from", "log_from", "type", "view"].includes(key)) state[key] = value;
      }
      state.view = { ...message.view, parts };
      state.history = state.history.concat(message.history);
      state.log = state.log.concat(message.log);
      this.onState(state, "update");
    } else if (message.type === "table") {  // the table changed, not the game: clocks, seats, rematch
      if (!this.state) return;
      for (const [key, value] of Object.entries(message)) if (key !== "type") this.state[key] = value;
      this.onState(this.state, "table");
    } else if (message.type === "presence") {
      if (!this.state) return;
      this.state.seats = message.seats;
      this.state.spectators = message.spectators;
      this.onState(this.state, "presence");
    } else {
      if (message.type === "error") this.lastError = message.error;
      if (this.settle(message)) return;
      this.onMessage(message);
    }
  }

  /** Send a message over the WebSocket; false when it is not open. */
  send(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  /** Act: the code (or one-line command) against the version it was chosen at. Over the
   * WebSocket when it is open (the answer comes as a message with our ref), else over HTTP.
   * Resolves to {ok, status, error}. */
  act(code, version) {
    const ref = `a${++this.refs}`;
    if (this.send({ type: "action", code, version, ref })) {
      return new Promise((resolve) => { this.pending = { ref, resolve }; });
    }
    return this.request("actions", { code, version }).then(({ ok, status, data }) => {
      if (ok) { this.state = data; this.onState(data, "state"); }
      return { ok, status, error: ok ? "" : data.error };
    });
  }

  /** Settle a pending action when its answer arrives (the page calls this for each message). */
  settle(message) {
    if (!this.pending || message.ref !== this.pending.ref) return false;
    const { resolve } = this.pending;
    this.pending = null;
    if (message.type === "accepted") resolve({ ok: true, status: 200, error: "" });
    else resolve({ ok: false, status: message.status || 400, error: message.error || t("refused") });
    return true;
  }

  /** Forget a pending action (the connection dropped before its answer). */
  drop() {
    if (!this.pending) return;
    const { resolve } = this.pending;
    this.pending = null;
    resolve({ ok: false, status: 0, error: t("the connection dropped: the table shows the game as it is now") });
  }

  /** Ask for the whole state again (after a refusal; with `lang`, in that language from now on). */
  refresh(lang = null) {
    if (!this.send(lang ? { type: "state", language: lang } : { type: "state" })) {
      this.request("state").then(({ ok, data }) => { if (ok) { this.state = data; this.onState(data, "state"); } });
    }
  }
}
