// The page without an invitation: the rooms waiting for players (GET api/rooms?open=1), where a
// seat is taken with one click, and the form that creates a game from the variants' own metadata
// (GET api/variants: sets, player counts, bots, options with defaults, help texts and choices,
// clocks), then one invitation link per human seat and a spectator link, each with a copy button.

import { h } from "./dom.js";
import { selector, t, tn, withLanguage } from "./i18n.js";

export async function openLobby(root, base) {
  root.replaceChildren(h("p.loading", t("loading the games on offer…")));
  let sets, clocks;
  try {
    const response = await fetch(withLanguage(new URL("api/variants", base).href), { cache: "no-store" });
    const data = await response.json();
    sets = data.sets;
    clocks = data.clocks || [];
  } catch {
    root.replaceChildren(h("p.error", { role: "alert" }, t("the server cannot be reached")));
    return;
  }
  const waiting = h("section.rooms-open", { "aria-label": t("rooms waiting for players") });
  root.replaceChildren(h("header.bar", h("span.home", "beanframe"), h("span.title", t("a table for the bean games")),
    selector(base, () => openLobby(root, base))), waiting, createForm(base, sets, clocks));
  drawOpenRooms(base, waiting);
}

/** The lobby: rooms created with open seats that still have one; a click takes a seat. */
async function drawOpenRooms(base, box) {
  let rooms = [];
  try {
    const response = await fetch(withLanguage(new URL("api/rooms?open=1", base).href), { cache: "no-store" });
    rooms = (await response.json()).rooms || [];
  } catch {
    return;
  }
  if (!rooms.length) { box.replaceChildren(); return; }
  const result = h("div.claimed");
  box.replaceChildren(h("h1", t("rooms waiting for players")), h("ul", rooms.map((r) => h("li", { "data-open-room": r.room },
    h("b", r.variants.join(" + ")), (" · " + (tn("{n} player", "{n} players", r.players)) + " · " + (clockWords(r.clock)) + " · " + (t("room {room}", { room: r.room })) + " · "),
    r.open_seats.map((seat) => h("button", { type: "button", "data-claim": `${r.room}:${seat}`, onclick: async () => {
      const response = await fetch(withLanguage(new URL(`api/rooms/${encodeURIComponent(r.room)}/seats/${seat}`, base).href), { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
      const data = await response.json();
      if (!response.ok) { result.replaceChildren(h("p.notice", { role: "alert" }, data.error || t("refused"))); drawOpenRooms(base, box); return; }
      result.replaceChildren(h("section.invites", { "aria-label": t("your seat") }, h("h2", t("your seat: {seat} of room {room}", { seat: data.seat, room: r.room })),
        h("p", t("Keep this link: it is shown once, and it is the only way back to your seat.")), h("ul", linkRow(t("seat {seat}", { seat: data.seat }), data.url, data.seat))));
      result.scrollIntoView({ block: "nearest" });
    } }, t("sit at {seat}", { seat })))))), result);
}

function clockWords(clock) {
  if (!clock) return t("no clock");
  if (clock.per_decision) return t("{hours} h a decision", { hours: Math.round(clock.per_decision / 3600) });
  return t("{minutes} min + {seconds} s a decision", { minutes: Math.round(clock.bank / 60), seconds: clock.increment });
}

function createForm(base, sets, clocks) {
  const notice = h("p.notice", { role: "alert" });
  const setSelect = h("select", { id: "set", name: "set" },
    sets.map((s, i) => h("option", { value: String(i) }, `${s.variants.join(" + ")}: ${s.description}`)));
  const players = h("select", { id: "players", name: "players" });
  const seats = h("fieldset.seats", h("legend", t("seats")));
  const options = h("div.options");
  const seed = h("input", { id: "seed", name: "seed", inputmode: "numeric", placeholder: t("random"), autocomplete: "off" });
  const clock = h("select", { id: "clock", name: "clock" }, h("option", { value: "none" }, t("no clock")),
    clocks.map((c) => h("option", { value: c.name }, `${c.name}: ${clockWords(c)}`)));
  const result = h("div.result");
  const current = () => sets[Number(setSelect.value)];

  function drawSeats() {
    const set = current();
    const n = Number(players.value);
    const before = [...seats.querySelectorAll("select")].map((s) => s.value);
    seats.replaceChildren(h("legend", t("seats: a person (human), open (anyone from the lobby) or a bot")));
    for (let p = 0; p < n; p++) {
      const choice = h("select", { id: `seat${p + 1}`, name: `seat${p + 1}` },
        h("option", { value: "human" }, t("human")),
        p > 0 ? h("option", { value: "open" }, t("open: anyone may sit")) : null,
        set.bots.map((b) => h("option", { value: `bot:${b}` }, t("bot: {name}", { name: b }))));
      choice.value = before[p] || (p === 0 ? "human" : set.bots.includes("greedy") ? "bot:greedy" : `bot:${set.bots[0]}`);
      seats.append(h("div.seatrow", h("label", { for: `seat${p + 1}` }, `p${p + 1}`), choice));
    }
  }

  function drawSet() {
    const set = current();
    const before = Number(players.value);
    players.replaceChildren(...set.players.map((n) => h("option", { value: String(n) }, String(n))));
    players.value = String(set.players.includes(before) ? before : set.players.includes(4) ? 4 : set.players[0]);
    drawSeats();
    options.replaceChildren();
    for (const [variant, list] of Object.entries(set.options)) {
      const shown = list.filter((o) => !o.file);
      if (!shown.length) continue;
      options.append(h("fieldset.optset", h("legend", t("{variant} options", { variant })),
        shown.map((o) => optionInput(variant, o))));
    }
  }

  setSelect.addEventListener("change", drawSet);
  players.addEventListener("change", drawSeats);

  const form = h("form.create", {
    onsubmit: async (event) => {
      event.preventDefault();
      notice.textContent = "";
      const set = current();
      const body = { variants: set.variants, players: Number(players.value), seats: [], options: {} };
      body.seats = [...seats.querySelectorAll("select")].map((s) => s.value);
      for (const input of options.querySelectorAll("[data-option]")) {
        const [variant, name] = input.dataset.option.split(".");
        const value = readOption(input);
        if (value === undefined) continue;
        (body.options[variant] ||= {})[name] = value;
      }
      if (seed.value.trim()) body.seed = Number(seed.value.trim());
      if (clock.value !== "none") body.clock = clock.value;
      const button = form.querySelector("button[type=submit]");
      button.disabled = true;
      try {
        const response = await fetch(withLanguage(new URL("api/rooms", base).href), {
          method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
        });
        const data = await response.json();
        if (!response.ok) notice.textContent = data.error || t("refused ({status})", { status: response.status });
        else {
          result.replaceChildren(invitations(data));
          result.scrollIntoView({ block: "start" });  // the links, not the form, are what comes next
          result.querySelector("input.link")?.focus();
        }
      } catch {
        notice.textContent = t("the server cannot be reached");
      } finally {
        button.disabled = false;
      }
    },
  },
  h("h1", t("start a game")),
  h("div.field", h("label", { for: "set" }, t("game")), setSelect),
  h("div.field", h("label", { for: "players" }, t("players")), players),
  seats, options,
  h("div.field", h("label", { for: "clock" }, t("clock (real time: a bank per player; turn-based: time per decision)")), clock),
  h("div.field", h("label", { for: "seed" }, t("seed (optional; whoever knows it knows the deck)")), seed),
  h("button.primary", { type: "submit" }, t("create the game")),
  notice);
  drawSet();
  return h("main.lobby", form, result);
}

function optionInput(variant, o) {
  const id = `opt-${variant}-${o.name}`;
  const data = { id, "data-option": `${variant}.${o.name}`, "data-type": o.type, "aria-describedby": `${id}-help` };
  let input;
  if (o.choices) {
    input = h("select", data, o.choices.map((c) => h("option", { value: String(c) }, String(c).replaceAll("_", " "))));
    input.value = String(o.default);
  } else if (o.type === "bool") input = h("input", { ...data, type: "checkbox", checked: Boolean(o.default) });
  else if (o.type === "int") input = h("input", { ...data, type: "number", step: "1", value: String(o.default) });
  else input = h("input", { ...data, type: "text", value: String(o.default ?? "") });
  return h("div.option", { class: o.type === "bool" ? "check" : "" },
    h("label", { for: id }, o.name.replaceAll("_", " ")), input,
    h("small", { id: `${id}-help` }, ("" + (o.help || "") + " (" + (t("default {value}", { value: JSON.stringify(o.default) })) + ")")));
}

function readOption(input) {
  const type = input.dataset.type;
  if (type === "bool") return input.checked;
  if (type === "int") return input.value === "" ? undefined : Number(input.value);
  if (type === "float") return input.value === "" ? undefined : Number(input.value);
  return input.value;
}

/** One link per human seat, one for spectators: each with a copy button and an "open" link. */
function invitations(data) {
  const rows = data.seats.map((s) => linkRow(t("seat {seat}", { seat: s.seat }), s.url, s.seat));
  rows.push(linkRow(t("spectators"), data.spectator.url, "spectator"));
  return h("section.invites", { "aria-label": t("invitations") },
    h("h2", t("room {room}: send each player their link", { room: data.room })),
    h("p", t("A link seats whoever opens it; keep yours to come back to your seat. The part after # never reaches a server.")),
    h("ul", rows));
}

function linkRow(label, url, key) {
  const field = h("input.link", { value: url, readonly: true, "aria-label": t("{label} link", { label }), "data-link": key, onfocus: (e) => e.target.select() });
  const copied = h("span.copied", { "aria-live": "polite" });
  const copy = h("button", {
    type: "button", "data-copy": key,
    onclick: async () => {
      let ok = false;
      try { await navigator.clipboard.writeText(url); ok = true; } catch { /* not a secure context: select and copy */ }
      if (!ok) {
        field.focus();
        field.select();
        try { ok = document.execCommand("copy"); } catch { ok = false; }
      }
      copied.textContent = ok ? t("copied") : t("select the link and copy it");
    },
  }, t("copy"));
  return h("li.invite", h("b", label), field, copy, h("a.open", { href: url, "data-open": key }, t("open")), copied);
}
