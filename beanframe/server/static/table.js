// The table of one room, as one seat (or a spectator) sees it: drawn ONLY from that seat's
// state (GET .../state and the WebSocket's pushes), never from a save. What every game has is
// drawn here (seats, whose decision, the prompt, the moves, the log, the end); each variant's
// modules draw its parts (registered with beanframe_register_web), in dependency order.

import { decorate } from "./clock.js";
import { Connection } from "./connection.js";
import * as dom from "./dom.js";
import { h } from "./dom.js";
import { bind, closeChooser, mentions, moveList, verb } from "./moves.js";
import { composer, offersPanel } from "./offers.js";
import { builder, pickState, toggle, tradePanel } from "./panel.js";
import { genericPart } from "./parts.js";
import { addStrings, selector, t, tn } from "./i18n.js";

// the log lines a page shows (the newest; the heading counts them all)
const LOG_LINES = 300;

const STATUS_TEXT = {
  connecting: () => t("connecting…"),
  open: () => t("connected"),
  reconnecting: () => t("connection lost: reconnecting…"),
  closed: () => t("not connected"),
};

export async function openTable(root, base, room, token) {
  const table = new Table(root, base, room, token);
  await table.start();
  return table;
}

class Table {
  constructor(root, base, room, token) {
    this.root = root;
    this.base = base;
    this.room = room;
    this.kept = new Map();  // what modules keep between redraws (a composer's picks)
    this.notice = "";
    this.noticeKind = "";
    this.busy = false;
    this.status = "connecting";
    this.seenOffers = null;  // the trade panel's offers at the last drawing, by key
    this.fresh = new Set();  // offers to this seat announced and still open
    this.notes = [];  // short notes on offers that went (withdrawn, answered, stale)
    this.goneCheck = null;  // an answer refused: was its offer gone? (a note, not an error)
    this.idleWaiters = [];
    this.pageTitle = document.title;
    this.conn = new Connection(base, room, token, {
      onState: (state, why) => this.changed(state, why),
      onStatus: (status, detail) => this.setStatus(status, detail),
      onMessage: (message) => this.message(message),
    });
  }

  async start() {
    this.root.replaceChildren(h("p.loading", t("opening the table…")));
    const web = await this.conn.request("web");
    if (!web.ok) {
      this.root.replaceChildren(h("p.error", { role: "alert" }, web.data.error || t("this room cannot be opened")));
      return;
    }
    this.data = web.data.data || {};
    addStrings(web.data.strings);
    for (const href of web.data.styles) {
      document.head.append(h("link", { rel: "stylesheet", href: new URL(href, this.base).href }));
    }
    this.modules = [];
    for (const href of web.data.modules) {
      try {
        const module = await import(new URL(href, this.base).href);
        this.modules.push(module.default || module);
      } catch (error) {
        console.warn(`a variant's module failed to load: ${href}`, error);  // (for developers: not translated)  // its parts are shown as plain data
      }
    }
    this.ui = { ...dom, t, tn, bind: null, offersPanel, composer, tradePanel, builder, pickState, toggle };
    for (const module of this.modules) Object.assign(this.ui, module.ui || {});
    this.drawers = {};
    this.claims = new Set();
    for (const module of this.modules) {
      Object.assign(this.drawers, module.parts || {});
      for (const claim of module.claims || []) this.claims.add(claim);
    }
    // what a screen reader is told of offers made to this seat: outside the redrawn page
    this.live = h("div.sr-live", { id: "announce", role: "status", "aria-live": "assertive", "aria-atomic": "true" });
    document.body.append(this.live);
    document.addEventListener("visibilitychange", () => { if (!document.hidden) document.title = this.pageTitle; });
    this.conn.start();
    document.addEventListener("keydown", (event) => this.key(event));
  }

  /** The reader chose another language: the variants' words and the state again, in it. */
  async relanguage(code) {
    const web = await this.conn.request("web");
    if (web.ok) {
      addStrings(web.data.strings);
      this.data = web.data.data || this.data;  // rule data names beans in the reader's language
    }
    this.notice = "";
    this.conn.refresh(code);
  }

  // -- what happens ---------------------------------------------------------------------------
  changed(state, why) {
    this.state = state;
    if (why !== "presence" && this.busy && !this.conn.pending) this.busy = false;
    this.render();
  }

  setStatus(status, detail) {
    this.status = status;
    this.statusDetail = detail;
    if (status !== "open") this.conn.drop();
    this.render();
  }

  message(message) {
    if (message.type === "error") this.say(message.error, "error");
    else if (message.type === "why") this.say(message.text, "why");
  }

  say(text, kind = "") {
    this.notice = text;
    this.noticeKind = kind;
    this.render();
  }

  /** Send an action (or a one-line command) against the version on the screen; a refusal is
   * one line, and after a 409 (the game moved on, or it is not possible now) the page asks for
   * the state again. Resolves to true when it was accepted. */
  async act(code, about = null) {
    if (!this.state || this.busy) return false;
    closeChooser();
    this.busy = true;
    this.notice = "";
    this.render();
    const version = this.state.version;
    const answer = await this.conn.act(code, version);
    if (!answer.ok) {
      this.busy = false;
      if (about && answer.status === 409) {  // an answer to an offer that may have gone meanwhile
        this.goneCheck = { ...about, error: answer.error };
        this.conn.refresh();
        return false;
      }
      this.say(answer.error, "error");
      if (answer.status === 409 || answer.status === 0) this.conn.refresh();
      return false;
    }
    // the update (pushed to every seat) usually comes first; else the page waits for it
    if (this.state.version > version) {
      this.busy = false;
      this.render();
    } else {
      setTimeout(() => { if (this.busy && this.state.version === version) { this.busy = false; this.conn.refresh(); } }, 8000);
    }
    return true;
  }

  /** Several lines, one after the other (an offer to everyone): each waits for the last one's
   * update, and the rest stop when `still(state)` says the cards they name moved meanwhile. */
  async actSeries(codes, still = null) {
    for (const [i, code] of codes.entries()) {
      if (i) {
        await this.idle();
        if (still && !still(this.state)) {
          this.say(t("your cards changed meanwhile: the other offers were not sent"), "note");
          return false;
        }
      }
      if (!(await this.act(code))) return false;
    }
    return true;
  }

  idle() {
    if (!this.busy) return Promise.resolve();
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      setTimeout(resolve, 10000);  // only bounds a hang
    });
  }

  async why(code) {
    const answer = await this.conn.request("why", code ? { code } : {});
    this.say(answer.ok ? answer.data.text : answer.data.error, "why");
  }

  key(event) {
    if (event.key === "Escape") { closeChooser(); return; }
    const target = event.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA")) return;
    if (event.key === "/" ) {  // the command box, like the terminal's prompt
      const box = this.root.querySelector("#command");
      if (box) { event.preventDefault(); box.focus(); }
    }
  }

  // -- drawing --------------------------------------------------------------------------------
  context() {
    const state = this.state;
    const view = state.view;
    const me = state.seat === null ? null : Number(state.seat.slice(1)) - 1;
    const table = this;
    const seats = new Map();
    const ctx = {
      state, view, me, data: this.data, legal: state.legal, players: state.players, h, ui: this.ui, t, tn,
      busy: this.busy,
      deciding: (p) => state.deciders.includes(`p${p + 1}`),
      seatLabel: (p) => (p === me ? t("{seat} (you)", { seat: `p${p + 1}` }) : `p${p + 1}`),
      claimed: (action) => table.claims.has(verb(action.code)),
      /** the legal actions whose code names `ref` ("f1"), optionally only these verbs */
      find: (ref, verbs = null) => state.legal.filter((a) => mentions(a.code, ref) && (!verbs || verbs.includes(verb(a.code)))),
      bind: (el, actions, why = null) => bind(ctx, el, actions, why),
      act: (code, about = null) => table.act(code, about),
      actSeries: (codes, still) => table.actSeries(codes, still),
      why: (code) => table.why(code),
      keep: (key, init) => { if (!table.kept.has(key)) table.kept.set(key, init()); return table.kept.get(key); },
      redraw: () => table.render(),
      seat: (p) => seats.get(p)?.body ?? null,
      badges: (p) => seats.get(p)?.badges ?? null,
      center: h("div.center"),
      hand: h("div.handarea"),
      trade: h("div.tradearea"),
      panel: h("div.panelarea"),  // the trade panel (panel.js), drawn by a variant's module
      panelOffers: [],
      notes: this.notes,
      fresh: this.fresh,
    };
    ctx.seats = seats;
    return ctx;
  }

  render() {
    if (!this.state || !this.ui) {
      if (this.ui) this.root.replaceChildren(this.statusBar(), h("p.loading", STATUS_TEXT[this.status]()));
      return;
    }
    const focused = document.activeElement?.dataset?.key || null;
    const logBox = this.root.querySelector(".log ol");
    const logAtEnd = !logBox || logBox.scrollTop + logBox.clientHeight >= logBox.scrollHeight - 8;
    const ctx = this.context();
    const state = this.state;
    const view = state.view;
    // a panel per seat (this seat's own panel first on a phone: CSS orders them)
    for (let p = 0; p < state.players; p++) {
      const info = state.seats[p] || { player: "?", connected: false };
      const badges = h("div.badges");
      const body = h("div.body");
      const deciding = ctx.deciding(p);
      const kind = info.player === "human" ? "" : info.player.startsWith("bot:") ? t("bot {name}", { name: info.player.slice(4) }) : info.player;
      const panel = h("section.seat", {
        class: [p === ctx.me ? "me" : "other", deciding ? "deciding" : "", p === view.active ? "active" : ""].join(" "),
        "data-seat": `p${p + 1}`, "aria-label": t("seat {seat}", { seat: ctx.seatLabel(p) }),
      },
      h("header",
        h("h2", ctx.seatLabel(p)),
        kind ? h("span.kind", kind) : null,
        h("span.presence", { class: info.connected ? "on" : "off" }, info.connected ? ("● " + (t("online"))) : ("○ " + (t("away")))),
        p === view.active ? h("span.turnmark", t("turn")) : null,
        deciding ? h("span.decides", ("▶ " + (t("deciding")))) : null,
        badges),
      body);
      ctx.seats.set(p, { panel, body, badges });
    }
    // the variants' parts, in the view's order (dependency order)
    for (const [name, part] of Object.entries(view.parts)) {
      const draw = this.drawers[name];
      try {
        if (draw) draw(part, ctx);
        else ctx.center.append(genericPart(name, part, ctx));
      } catch (error) {
        console.warn(`drawing part ${name} failed`, error);
        ctx.center.append(genericPart(name, part, ctx));
      }
    }
    const mine = ctx.me === null ? null : ctx.seats.get(ctx.me).panel;
    if (mine) mine.append(ctx.hand);
    ctx.panelShown = ctx.panel.childNodes.length > 0;
    if (!ctx.panelShown) this.notes.length = 0;
    const others = [...ctx.seats.entries()].filter(([p]) => p !== ctx.me).map(([, s]) => s.panel);
    const children = [
      this.statusBar(),
      this.turnBar(ctx),
      this.noticeBar(),
      state.over ? this.endScreen(ctx) : null,
      ctx.panelShown ? ctx.panel : null,
      h("div.layout",
        h("main.board",
          mine ? h("div.mine", mine) : null,
          h("section.common", { "aria-label": t("the table") }, ctx.center),
          h("div.others", others)),
        h("aside.side",
          ctx.me !== null && !state.over ? this.movesBox(ctx) : null,
          ctx.trade.childNodes.length ? ctx.trade : null,
          this.logBox())),
    ];
    this.root.replaceChildren(...children.filter(Boolean));
    this.root.dataset.version = String(state.version);
    this.root.dataset.seat = state.seat || "spectator";
    this.root.dataset.deciding = ctx.me !== null && ctx.deciding(ctx.me) ? "yes" : "no";
    this.root.dataset.over = state.over ? "yes" : "no";
    this.root.dataset.busy = this.busy ? "yes" : "no";
    this.root.dataset.connection = this.status;
    decorate(this, ctx);  // clocks, the table's log and seats, play again (clock.js)
    this.root.dataset.panel = ctx.panelShown ? "yes" : "no";
    this.watchOffers(ctx);
    if (!this.busy) for (const resolve of this.idleWaiters.splice(0)) resolve();
    // the log follows its end unless the reader scrolled back; the game's end always shows its end
    const box = this.root.querySelector(".log ol");
    if (box && (logAtEnd || (state.over && !this.endShown))) box.scrollTop = box.scrollHeight;
    this.endShown = state.over;
    if (focused) {
      const again = [...this.root.querySelectorAll("[data-key]")].find((el) => el.dataset.key === focused);
      if (again && !again.disabled) again.focus();
    }
  }

  /** Announce the offers made to this seat since the last drawing (highlighted, read by the live
   * region, the tab's title while hidden) and note the ones that went (withdrawn, answered,
   * made stale): a short note, never an error. */
  watchOffers(ctx) {
    const now = new Map(ctx.panelOffers.map((o) => [o.key, o]));
    const before = this.seenOffers || new Map();
    const said = [];
    for (const [key, offer] of now) {
      if (before.has(key) || offer.to !== ctx.me || !offer.answers.length) continue;
      this.fresh.add(key);
      this.root.querySelector(`.tradepanel [data-offer="${offer.name}"]`)?.classList.add("fresh");
      said.push(t("new offer {offer} to you from {seat}: {text}", { offer: offer.name, seat: ctx.seatLabel(offer.maker), text: offer.text }));
    }
    for (const [key, offer] of before) {
      if (now.has(key)) continue;
      this.fresh.delete(key);
      // (when the trade is over, its offers went with it: nothing to note)
      if (ctx.panelShown && (offer.maker === ctx.me || offer.to === ctx.me)) this.note(ctx, offer);
    }
    if (this.goneCheck) {
      const { offer: key, name, error } = this.goneCheck;
      this.goneCheck = null;
      if (now.has(key)) this.say(error, "error");
      else this.say(t("{offer} is no longer open (withdrawn, answered or its cards moved): nothing done", { offer: name }), "note");
    }
    this.seenOffers = now;
    if (said.length) {
      this.live.textContent = said.join(". ");
      if (document.hidden) document.title = ("(" + (said.length) + ") " + (tn("offer to you", "offers to you", said.length)) + " · " + (this.pageTitle));
    }
  }

  note(ctx, offer) {
    const recent = this.state.history.slice(-40).reverse();
    const words = { withdraw: t("was withdrawn"), accept: t("was accepted"), reject: t("was rejected"), decline: t("was declined") };
    const addressee = `p${offer.to + 1}`;  // Ali Baba's answers name no offer: the one on the table
    const found = recent.find(([seat, code]) => Object.keys(words).some((w) => code === `${w} ${offer.name}` || (code === w && seat === addressee)));
    const what = found ? words[found[1].split(" ")[0]] : t("is no longer open (its cards moved)");
    const text = `${offer.name} (${ctx.seatLabel(offer.maker)} → ${ctx.seatLabel(offer.to)}) ${what}`;
    this.notes.push(text);
    this.notes.splice(0, Math.max(0, this.notes.length - 2));
    const box = this.root.querySelector(".tradepanel .tp-notes");
    if (box) box.replaceChildren(...this.notes.map((n) => h("p.tp-note", n)));
    if (!found || found[0] !== this.state.seat) this.live.textContent = text;
  }

  statusBar() {
    const state = this.state;
    const title = state ? ("" + (state.variants.join(" + ")) + " · " + (tn("{n} player", "{n} players", state.players))) : "";
    const detail = this.status === "closed" && this.statusDetail ? `: ${this.statusDetail}` : "";
    return h("header.bar",
      h("a.home", { href: new URL(".", this.base).pathname }, "beanframe"),
      h("span.title", title),
      h("span.room", t("room {room}", { room: this.room })),
      h("span.conn", { class: this.status, role: "status", "aria-live": "polite" },
        this.status === "open" ? "● " : "○ ", STATUS_TEXT[this.status]() + detail),
      selector(this.base, (code) => this.relanguage(code)));
  }

  turnBar(ctx) {
    const state = this.state;
    const view = state.view;
    const nobody = t("nobody");
    const who = state.deciders.map((s) => (s === state.seat ? t("you") : s)).join(", ") || nobody;
    const mine = ctx.me !== null && ctx.deciding(ctx.me);
    return h("section.turn", { class: mine ? "yours" : "", "aria-label": t("the decision") },
      h("div.phase", ("" + (t("turn {n}", { n: view.turn })) + " · " + (state.phase_label))),
      h("div.prompt",
        state.over ? t("the game is over") : mine ? h("b", ("" + (t("your decision:")) + " ")) : h("span", ("" + (t("{seats} to decide:", { seats: who })) + " ")),
        state.over ? null : view.prompt),
      ctx.me !== null && !state.over
        ? h("button.why", { type: "button", onclick: () => this.why(null), title: t("why is a choice I expect not here?") }, t("why not…?"))
        : null);
  }

  noticeBar() {
    return h("div.notice", { role: "alert", class: this.noticeKind }, this.notice || "");
  }

  movesBox(ctx) {
    const mine = ctx.deciding(ctx.me);
    const form = h("form.command", {
      onsubmit: (event) => {
        event.preventDefault();
        const input = form.querySelector("input");
        const text = input.value.trim();
        if (!text) return;
        const n = Number(text);
        const code = Number.isInteger(n) && n >= 1 && n <= ctx.legal.length ? ctx.legal[n - 1].code : text;
        input.value = "";
        this.act(code);
      },
    },
    h("label", { for: "command" }, t("type a move (number, code or one-line command; / goes here)")),
    h("div.row", h("input", { id: "command", "data-key": "command", autocomplete: "off", spellcheck: false, list: "codes", placeholder: mine ? t("e.g. 1, or a move's code") : t("wait for your decision") }),
      h("button", { type: "submit" }, t("do"))),
    h("datalist", { id: "codes" }, ctx.legal.map((a) => h("option", { value: a.code }, a.label))));
    const heading = ctx.panelShown ? t("your moves: in the trade panel above") : t("your moves");
    return h("section.box.movebox", { "aria-label": t("moves") },
      h("h3", mine ? ("" + (heading) + (this.busy ? (" (" + (t("sending…")) + ")") : "")) : t("your moves: not your decision now")),
      moveList(ctx), form);
  }

  logBox() {
    // the last LOG_LINES lines, numbered as in the whole log (a long game's line 343 says 343)
    const lines = this.state.log;
    const shown = lines.slice(-LOG_LINES);
    const first = lines.length - shown.length + 1;
    const label = first > 1 ? t("log, lines {first} to {last}, oldest first", { first, last: lines.length }) : t("log, oldest first");
    return h("section.box.log", { "aria-label": t("what happened") }, h("h3", t("log ({n})", { n: lines.length })),
      h("ol", { tabindex: "0", start: first, "aria-label": label }, shown.map((line) => h("li", line))));
  }

  endScreen(ctx) {
    const result = this.state.result || { scores: {}, winners: [], lines: {} };
    const givenUp = result.given_up || [];
    const you = (s) => (s === this.state.seat ? t("{seat} (you)", { seat: s }) : s);
    const and = t("and");
    const winners = result.winners.map(you);
    const rows = Object.entries(result.scores).map(([seat, score]) => h("tr", { class: result.winners.includes(seat) ? "winner" : "" },
      h("th", { scope: "row" }, you(seat), result.winners.includes(seat) ? (" ★ " + (t("winner"))) : "",
        givenUp.includes(seat) ? h("span.gaveup", { "data-given-up": seat }, (" (" + (t("given up: a bot played it")) + ")")) : ""),
      h("td", String(score)),
      h("td", (result.lines[seat] || []).map(([label, points]) => `${label} ${points}`).join(", "))));
    const save = new URL(`api/rooms/${encodeURIComponent(this.room)}/save`, this.base).href;
    return h("section.over", { "aria-label": t("the end") },
      h("h2", winners.length ? t("game over: {winners} won", { winners: winners.join(" " + and + " ") }) : t("game over")),
      h("table.scores", h("thead", h("tr", h("th", t("seat")), h("th", t("score")), h("th", t("lines")))), h("tbody", rows)),
      h("p", h("a.replay", { href: save, download: `beanframe-${this.room}.json` }, t("download the replay (save file)")),
        (" · " + (t("watch it again with")) + " "), h("code", `beanframe replay beanframe-${this.room}.json --step`),
        this.state.seed !== undefined ? (" · " + (t("seed {seed}", { seed: this.state.seed }))) : ""),
      h("p", h("a", { href: new URL(".", this.base).pathname }, t("start another game"))));
  }
}
