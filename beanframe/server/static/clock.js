// The table around the game (issue 25): each seat's clock ticking down from the state's moment
// (the deciding seat's emphasised), who a bot plays for, the table's own log, giving a seat up,
// handing an absent seat to a bot, and "play again" at the end, which every seat's page follows
// to the next room with the same token (the protocol's rematch: no new links).
// table.js calls decorate(table, ctx) after each drawing; everything here reads the seat's state.

import { h } from "./dom.js";
import { t, withLanguage } from "./i18n.js";

const ticking = new WeakMap();  // table -> {clocks, at}: the clocks as received, and when

/** "4:05", "0:09", "2 h 05", "1 d 3 h" (the units in the page's language) */
export function clockText(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  if (s >= 86400) return t("{days} d {hours} h", { days: Math.floor(s / 86400), hours: Math.floor((s % 86400) / 3600) });
  if (s >= 3600) return t("{hours} h {minutes}", { hours: Math.floor(s / 3600), minutes: String(Math.floor((s % 3600) / 60)).padStart(2, "0") });
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function secondsNow(table, seat) {
  const kept = ticking.get(table);
  const state = table.state;
  if (!kept || !state.clocks || !(seat in state.clocks)) return null;
  const passed = state.clock_running.includes(seat) ? (performance.now() - kept.at) / 1000 : 0;
  return Math.max(0, kept.clocks[seat] - passed);
}

function tick(table) {
  for (const el of table.root.querySelectorAll("[data-clock]")) {
    const left = secondsNow(table, el.dataset.clock);
    if (left !== null) el.textContent = `⏱ ${clockText(left)}`;
    el.classList.toggle("low", left !== null && left < 20);
  }
}

async function post(table, path) {
  const token = table.conn.token;
  const response = await fetch(withLanguage(new URL(`api/rooms/${encodeURIComponent(table.room)}/${path}`, table.base).href), {
    method: "POST", headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: "{}",
  });
  let data = {};
  try { data = await response.json(); } catch { /* an empty answer */ }
  if (!response.ok) table.say(data.error || t("refused ({status})", { status: response.status }), "error");
  return response.ok ? data : null;
}

function follow(table, room) {
  const token = table.conn.token;
  location.hash = `room=${encodeURIComponent(room)}${token ? `&token=${encodeURIComponent(token)}` : ""}`;
}

/** Add the table's parts to what table.js drew. */
export function decorate(table, ctx) {
  const state = table.state;
  const kept = ticking.get(table);
  if (!kept || kept.clocks !== state.clocks) ticking.set(table, { clocks: state.clocks, at: performance.now() });
  if (!table.clockTimer) table.clockTimer = setInterval(() => tick(table), 250);
  const botPlays = new Set(state.bot_plays || []);
  for (const [p, seat] of ctx.seats) {
    const name = `p${p + 1}`;
    const header = seat.panel.querySelector("header");
    if (!header) continue;
    if (state.clocks && name in state.clocks) {
      const running = state.clock_running.includes(name);
      header.append(h("span.clock", { "data-clock": name, class: running ? "running" : "", title: running ? t("this seat's time is running") : t("time left") }, ""));
    }
    if (botPlays.has(name)) header.append(h("span.botplays", { "data-bot-plays": name }, (state.given_up || []).includes(name) ? t("gave up: a bot plays") : t("a bot plays for now")));
    const info = state.seats[p] || {};
    if (ctx.me !== null && p !== ctx.me && info.player === "human" && !info.connected && !botPlays.has(name) && !state.over) {
      header.append(h("button.handover", { type: "button", "data-hand-over": name, title: t("its person is gone: let a bot play until they are back"),
        onclick: async () => { if (await post(table, `seats/${name}/bot`)) table.conn.refresh(); } }, t("bot plays")));
    }
  }
  tick(table);
  const bar = tableBar(table, ctx, botPlays);
  // below the trade panel while it shows: a trade stays visible without scrolling (issue 24 §1)
  const anchor = table.root.querySelector("div.panelarea") || table.root.querySelector("section.turn");
  if (bar && anchor) anchor.after(bar);
  const over = table.root.querySelector("section.over");
  if (over) {
    for (const seat of state.given_up || []) over.append(h("p.gaveup", t("{seat} gave up: a bot played {seat} to the end", { seat })));
    over.append(rematchRow(table));
  }
  if (state.next_room && !table.followTimer) {  // every seat's page follows to the next game
    table.followTimer = setTimeout(() => follow(table, state.next_room), table.askedRematch ? 0 : 4000);
  }
}

function tableBar(table, ctx, botPlays) {
  const state = table.state;
  const me = state.seat;
  const lines = state.table_log || [];
  const parts = [];
  if (me && botPlays.has(me) && !(state.given_up || []).includes(me)) {
    parts.push(h("p.takeback", { "data-take-back": "yes" }, h("b", t("a bot plays for you now")), (": " + (t("make any move to take your seat back")))));
  }
  if (state.open_seats && state.open_seats.length) {
    parts.push(h("p.waiting", t("waiting for players: {seats} open", { seats: state.open_seats.join(", ") }),
      me ? h("button", { type: "button", "data-fill": "yes", onclick: async () => { if (await post(table, "fill")) table.conn.refresh(); } }, t("start now with bots")) : null));
  }
  if (lines.length) parts.push(h("ul.tablelog", { "aria-label": t("the table") }, lines.slice(-3).map((line) => h("li", line))));
  if (me && !state.over && !(state.given_up || []).includes(me)) {
    parts.push(h("button.leave", { type: "button", "data-leave": "yes",
      onclick: async () => { if (confirm(t("Leave the game? A bot plays your seat to the end.")) && await post(table, "leave")) table.conn.refresh(); } }, t("leave the game")));
  }
  return parts.length ? h("section.tablebar", { "aria-label": t("the table") }, parts) : null;
}

function rematchRow(table) {
  const state = table.state;
  if (state.next_room) return h("p.rematch", t("the next game is in room {room}: following…", { room: state.next_room }));
  if (!state.seat) return null;
  return h("p.rematch", h("button.primary", { type: "button", "data-rematch": "yes", onclick: async () => {
    const data = await post(table, "rematch");
    if (data) { table.askedRematch = true; follow(table, data.room); }
  } }, t("play again")), (" (" + (t("everyone follows to the next game, one seat on")) + ")"));
}
