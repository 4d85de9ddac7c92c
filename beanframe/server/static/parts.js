// The generic drawer: any state part no module draws, shown readably (never as raw JSON), so a
// variant set with no drawing of its own (a house rule's part) is still playable. It reads only
// the part as this seat's view gives it.

import { h, seatName } from "./dom.js";
import { t, tn } from "./i18n.js";

const LONG = 24;  // a longer list of cards shows its count and its last (top) cards

/** A box for part `name`: one row per field. */
export function genericPart(name, part, ctx) {
  return h("section.box.plain", { "data-part": name }, h("h3", words(name)), value(part, ctx, name, 0));
}

function words(key) {
  return String(key).replaceAll("_", " ");
}

function isCards(list) {
  return list.length > 0 && list.every((x) => typeof x === "string");
}

function perSeat(list, ctx) {
  return list.length === ctx.players && ctx.players > 1 && !isCards(list);
}

function chips(list, key) {
  const front = key === "hand";
  return h("ol.chips", { "data-key-name": key },
    list.map((card, i) => h("li.chip", { class: front && i === 0 ? "front" : "" },
      front && i === 0 ? h("span.frontmark", ("" + (t("front")) + " ▸ ")) : null, card)));
}

/** A value drawn by its shape: scalars as words, card lists as chips, per-seat lists as a row
 * per seat, objects as a list of fields. */
function value(v, ctx, key, depth) {
  if (v === null || v === undefined) return h("span.none", "—");
  if (typeof v === "boolean") return h("span", v ? t("yes") : t("no"));
  if (typeof v !== "object") return h("span", String(v));
  if (Array.isArray(v)) {
    if (!v.length) return h("span.none", t("none"));
    if (isCards(v)) {
      if (v.length > LONG && key !== "hand") {
        return h("span", ("" + (tn("{n} card, the last:", "{n} cards, the last:", v.length)) + " "), chips(v.slice(-3), key));
      }
      return chips(v, key);
    }
    if (depth < 3 && perSeat(v, ctx)) {
      return h("ul.perseat", v.map((x, p) => h("li", { "data-seat": seatName(p) },
        h("b", ctx.seatLabel(p)), ": ", value(x, ctx, key, depth + 1))));
    }
    if (v.every((x) => x === null || typeof x !== "object")) return h("span", v.map((x) => (x === null ? "—" : String(x))).join(", "));
    const items = h("ol.items", v.map((x) => h("li", value(x, ctx, key, depth + 1))));
    // a long list (a board's cells) folds away so it does not push the table down
    return v.length > LONG ? h("details", h("summary", tn("{n} item", "{n} items", v.length)), items) : items;
  }
  const rows = Object.entries(v).map(([k, x]) => h("li", h("b", words(k)), ": ", value(x, ctx, k, depth + 1)));
  return rows.length ? h("ul.kv", rows) : h("span.none", "—");
}
