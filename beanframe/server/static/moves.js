// Legal moves: the list of buttons (every legal action with its label, grouped by verb and
// numbered like the terminal's list), things on the board that act when clicked (ctx.bind), a
// chooser when one thing stands for several moves, and "why not?" answers in one line.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** The verb of an action code: "plant-pile s1 f2" -> "plant-pile". */
export function verb(code) {
  return code.split(" ", 1)[0];
}

/** Whether `code` names `ref` ("f2", "h1", "o3") as one of its words. */
export function mentions(code, ref) {
  return code.split(" ").slice(1).includes(ref);
}

/** The move buttons: unclaimed verbs in groups (a module's own controls offer the claimed ones),
 * and every legal move under "all moves", so nothing is ever out of reach. */
export function moveList(ctx) {
  const legal = ctx.legal;
  const out = h("section.moves", { "aria-label": t("your moves") });
  if (!legal.length) return out;
  const groups = new Map();
  legal.forEach((action, i) => {
    if (ctx.claimed(action) || ctx.panelShown) return;  // the trade panel offers them
    const key = verb(action.code);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push([action, i]);
  });
  for (const [key, actions] of groups) {
    const row = h("div.group", { "data-verb": key });
    if (groups.size > 1 || actions.length > 1) row.append(h("div.verb", key));
    for (const [action, i] of actions) row.append(moveButton(ctx, action, i));
    out.append(row);
  }
  // collapsed while the trade panel is shown (its own memory: opening it there opens it there)
  const memory = ctx.panelShown ? "moves-panel" : "moves";
  const all = h("details.all", { open: ctx.keep(memory, () => ({ open: false })).open || null },
    h("summary", t("all moves ({n}), by number", { n: legal.length })),
    h("ol", legal.map((action, i) => h("li", moveButton(ctx, action, i, "all")))));
  all.addEventListener("toggle", () => { ctx.keep(memory, () => ({})).open = all.open; });
  out.append(all);
  return out;
}

function moveButton(ctx, action, i, where = "main") {
  return h("button.move", {
    type: "button",
    "data-code": action.code,
    "data-key": `move:${where}:${action.code}`,
    title: `${i + 1}: ${action.code}`,
    disabled: ctx.busy || null,
    onclick: () => ctx.act(action.code),
  }, h("span.num", `${i + 1}`), " ", action.label);
}

/** Make `el` act: one legal action -> a click sends it; several -> a chooser lists them; none ->
 * with `why` (an action code), a click asks the server why it is not possible. Keyboard: the
 * element is focusable and Enter or Space clicks it. */
export function bind(ctx, el, actions, why = null) {
  actions = (actions || []).filter((a) => !ctx.claimed(a));
  if (!actions.length && !why) return el;
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  if (actions.length) {
    el.classList.add("can-act");
    el.dataset.acts = actions.map((a) => a.code).join("|");
    const names = actions.map((a) => a.label).join(("; " + (t("or")) + " "));
    el.setAttribute("aria-label", `${el.getAttribute("aria-label") || el.textContent}: ${names}`);
    el.title = actions.length === 1 ? actions[0].label : t("{n} moves: {moves}", { n: actions.length, moves: names });
  } else {
    el.classList.add("can-ask");
    el.title = t("why is nothing possible here?");
  }
  const run = (event) => {
    event.stopPropagation();
    if (ctx.busy) return;
    if (actions.length === 1) ctx.act(actions[0].code);
    else if (actions.length > 1) choose(ctx, el, actions);
    else ctx.why(why);
  };
  el.addEventListener("click", run);
  el.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); run(event); }
  });
  return el;
}

/** A small menu of the moves one thing stands for, next to it; Escape closes it. */
export function choose(ctx, anchor, actions) {
  closeChooser();
  const menu = h("div.chooser", { role: "menu", "aria-label": t("choose a move") },
    actions.map((a) => h("button.move", {
      type: "button", role: "menuitem", "data-code": a.code,
      onclick: () => { closeChooser(); ctx.act(a.code); },
    }, a.label)),
    h("button.cancel", { type: "button", onclick: () => { closeChooser(); anchor.focus(); } }, t("cancel")));
  menu.addEventListener("keydown", (event) => {
    if (event.key === "Escape") { closeChooser(); anchor.focus(); }
  });
  const rect = anchor.getBoundingClientRect();
  menu.style.top = `${Math.round(window.scrollY + rect.bottom + 4)}px`;
  menu.style.left = `${Math.max(4, Math.round(Math.min(window.scrollX + rect.left, window.scrollX + document.documentElement.clientWidth - 260)))}px`;
  document.body.append(menu);
  menu.querySelector("button").focus();
}

export function closeChooser() {
  for (const el of document.querySelectorAll(".chooser")) el.remove();
}

document.addEventListener("click", (event) => {
  if (!event.target.closest(".chooser")) closeChooser();
});
