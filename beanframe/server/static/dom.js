// Small DOM helpers shared by the page and the variants' modules (ctx.h, ctx.ui.*).
// Everything is built with createElement and textContent: no HTML is ever parsed from game data.

import { t, tn } from "./i18n.js";

// names that are read-only properties of some elements: always set as attributes
const ATTRIBUTES = new Set(["role", "list", "form", "for", "type"]);

/** h("div.card.bean", {title: "x", onclick}, child, ...): an element. Attributes starting with
 * "on" are listeners, "data-*" and "aria-*" attributes are set as given, `class` adds classes;
 * children are nodes, strings (text), arrays of them, or null/false (skipped). */
export function h(tag, attrs, ...children) {
  const [name, ...classes] = tag.split(".");
  const el = document.createElement(name || "div");
  if (classes.length) el.classList.add(...classes);
  if (attrs && (typeof attrs !== "object" || attrs instanceof Node || Array.isArray(attrs))) {
    children.unshift(attrs);
    attrs = null;
  }
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "class") el.classList.add(...String(value).split(/\s+/).filter(Boolean));
    else if (key === "style" && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) el.style.setProperty(k.startsWith("--") ? k : k.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`), v);
    }
    else if (key in el && !ATTRIBUTES.has(key) && !key.startsWith("data-") && !key.startsWith("aria-")) el[key] = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** The card look every game shares: a rounded face with a coloured band (colour is never the
 * only signal: the band also carries `mark`, a letter or symbol), a title, an optional corner
 * number and a foot line. `data` goes on the element as data-* attributes (tests and bindings
 * read data-card); `tip`, a tooltip (the full name where `title` is a short one). */
export function card({ title, mark = "", corner = "", foot = "", kind = "", hue = null, small = false, data = {}, label = "", tip = "" }) {
  const attrs = { class: ["card", kind, small ? "small" : ""].join(" "), role: "img" };
  if (tip) attrs.title = tip;  // the full name, where the card shows a short one
  for (const [k, v] of Object.entries(data)) attrs[`data-${k}`] = v;
  attrs["aria-label"] = label || [title, foot].filter(Boolean).join(", ");
  const el = h("div", attrs,
    h("div.band", { "aria-hidden": "true" }, h("span.mark", mark), corner !== "" ? h("span.corner", String(corner)) : null),
    h("div.title", title),
    foot ? h("div.foot", foot) : null);
  if (hue !== null) el.style.setProperty("--hue", hue);
  return el;
}

/** A face-down card (its back): nothing of its face is on the page. */
export function back({ small = false, label = t("a face-down card"), text = "" } = {}) {
  return h("div", { class: `card back${small ? " small" : ""}`, role: "img", "aria-label": label }, text ? h("span.backtext", text) : null);
}

/** A row of face-down cards: at most `show` backs and the count in words (`what`: the words
 * for n, default "n cards"). */
export function backs(n, { show = 6, what = null, small = true } = {}) {
  const words = what === null ? tn("{n} card", "{n} cards", n) : typeof what === "function" ? what(n) : `${n} ${what}`;
  const row = h("div.backs", { "aria-label": words });
  for (let i = 0; i < Math.min(n, show); i++) row.append(back({ small, label: "" }));
  row.append(h("span.count", words));
  return row;
}

/** A small labelled value: "coins 3". */
export function stat(label, value, kind = "") {
  return h("span", { class: `stat ${kind}` }, h("span.k", label), " ", h("b.v", String(value)));
}

/** A titled box of the table. */
export function box(title, ...children) {
  return h("section.box", h("h3", title), ...children);
}

/** A stable hue (0-359) for a name: the same bean or gang looks the same on every page. */
export function hueOf(name) {
  let n = 0;
  for (const ch of String(name)) n = (n * 31 + ch.codePointAt(0)) % 360;
  return n;
}

/** "p2", counting from 1 like every code. */
export function seatName(p) {
  return `p${p + 1}`;
}
