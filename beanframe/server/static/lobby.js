// The page without an invitation: create a game from the variants' own metadata
// (GET api/variants: sets, player counts, bots, options with defaults and help texts), then hand
// out one invitation link per human seat and a spectator link, each with a copy button.

import { h } from "./dom.js";

export async function openLobby(root, base) {
  root.replaceChildren(h("p.loading", "loading the games on offer…"));
  let sets;
  try {
    const response = await fetch(new URL("api/variants", base).href, { cache: "no-store" });
    sets = (await response.json()).sets;
  } catch {
    root.replaceChildren(h("p.error", { role: "alert" }, "the server cannot be reached"));
    return;
  }
  root.replaceChildren(h("header.bar", h("span.home", "beanframe"), h("span.title", "a table for the bean games")), createForm(base, sets));
}

function createForm(base, sets) {
  const notice = h("p.notice", { role: "alert" });
  const setSelect = h("select", { id: "set", name: "set" },
    sets.map((s, i) => h("option", { value: String(i) }, `${s.variants.join(" + ")}: ${s.description}`)));
  const players = h("select", { id: "players", name: "players" });
  const seats = h("fieldset.seats", h("legend", "seats"));
  const options = h("div.options");
  const seed = h("input", { id: "seed", name: "seed", inputmode: "numeric", placeholder: "random", autocomplete: "off" });
  const result = h("div.result");
  const current = () => sets[Number(setSelect.value)];

  function drawSeats() {
    const set = current();
    const n = Number(players.value);
    const before = [...seats.querySelectorAll("select")].map((s) => s.value);
    seats.replaceChildren(h("legend", "seats: a person (human) or a bot"));
    for (let p = 0; p < n; p++) {
      const choice = h("select", { id: `seat${p + 1}`, name: `seat${p + 1}` },
        h("option", { value: "human" }, "human"),
        set.bots.map((b) => h("option", { value: `bot:${b}` }, `bot: ${b}`)));
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
      options.append(h("fieldset.optset", h("legend", `${variant} options`),
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
      const button = form.querySelector("button[type=submit]");
      button.disabled = true;
      try {
        const response = await fetch(new URL("api/rooms", base).href, {
          method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
        });
        const data = await response.json();
        if (!response.ok) notice.textContent = data.error || `refused (${response.status})`;
        else result.replaceChildren(invitations(data));
      } catch {
        notice.textContent = "the server cannot be reached";
      } finally {
        button.disabled = false;
      }
    },
  },
  h("h1", "start a game"),
  h("div.field", h("label", { for: "set" }, "game"), setSelect),
  h("div.field", h("label", { for: "players" }, "players"), players),
  seats, options,
  h("div.field", h("label", { for: "seed" }, "seed (optional; whoever knows it knows the deck)"), seed),
  h("button.primary", { type: "submit" }, "create the game"),
  notice);
  drawSet();
  return h("main.lobby", form, result);
}

function optionInput(variant, o) {
  const id = `opt-${variant}-${o.name}`;
  const data = { id, "data-option": `${variant}.${o.name}`, "data-type": o.type, "aria-describedby": `${id}-help` };
  let input;
  if (o.type === "bool") input = h("input", { ...data, type: "checkbox", checked: Boolean(o.default) });
  else if (o.type === "int") input = h("input", { ...data, type: "number", step: "1", value: String(o.default) });
  else input = h("input", { ...data, type: "text", value: String(o.default ?? "") });
  return h("div.option", { class: o.type === "bool" ? "check" : "" },
    h("label", { for: id }, o.name.replaceAll("_", " ")), input,
    h("small", { id: `${id}-help` }, `${o.help || ""} (default ${JSON.stringify(o.default)})`));
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
  const rows = data.seats.map((s) => linkRow(`seat ${s.seat}`, s.url, s.seat));
  rows.push(linkRow("spectators", data.spectator.url, "spectator"));
  return h("section.invites", { "aria-label": "invitations" },
    h("h2", `room ${data.room}: send each player their link`),
    h("p", "A link seats whoever opens it; keep yours to come back to your seat. The part after # never reaches a server."),
    h("ul", rows));
}

function linkRow(label, url, key) {
  const field = h("input.link", { value: url, readonly: true, "aria-label": `${label} link`, "data-link": key, onfocus: (e) => e.target.select() });
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
      copied.textContent = ok ? "copied" : "select the link and copy it";
    },
  }, "copy");
  return h("li.invite", h("b", label), field, copy, h("a.open", { href: url, "data-open": key }, "open"), copied);
}
