// Negotiation, shared by every game built on the core's offers (beanframe.core.offers):
// the open offers with the answers this seat may give, and a composer that builds an offer on
// the page (pick what you give, what you ask for and the player) and sends it as ONE line, so
// several players can trade at once without their clicks crossing.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { mentions } from "./moves.js";

/** The open offers: each row says who offers whom what, marks the ones to and from this seat
 * in words, and carries the seat's legal answers to it (accept/reject/withdraw oK, or what
 * `answers(offer)` returns). `describe(offer)` gives {gives, asks}: nodes or text. */
export function offersPanel(ctx, offers, { describe, answers = null, title = t("Offers"), empty = t("no open offers") }) {
  const me = ctx.me;
  const rows = offers.map((offer) => {
    const { gives, asks } = describe(offer);
    const name = offer.id >= 0 ? `o${offer.id + 1}` : t("draft");
    const tag = offer.to === me ? t("to you") : offer.maker === me ? t("yours") : "";
    const who = `${ctx.seatLabel(offer.maker)} → ${offer.to >= 0 ? ctx.seatLabel(offer.to) : "?"}`;
    const acts = answers ? answers(offer) : ctx.legal.filter((a) => offer.id >= 0 && mentions(a.code, name));
    return h("li.offer", { class: tag ? "mine" : "", "data-offer": name },
      h("div.head", h("b", name), " ", who, tag ? h("span.tag", tag) : null),
      h("div.terms", h("span.side", t("gives")), h("div.items", gives), h("span.side", t("for")), h("div.items", asks)),
      acts.length ? h("div.answers", acts.map((a) => h("button.move", {
        type: "button", "data-code": a.code, "data-key": `offer:${a.code}`, disabled: ctx.busy || null,
        onclick: () => ctx.act(a.code),
      }, a.label))) : null);
  });
  return h("section.box.offers", { "aria-label": title }, h("h3", title),
    rows.length ? h("ul.offerlist", rows) : h("p.none", empty));
}

/** An offer built on the page and sent as one line. `spec`:
 *  - key: where the picks are kept between redraws; signature: the picks are cleared when it
 *    changes (the hand changed, so positions mean other cards);
 *  - give: [{ref, node, label}] picked or not; ask: [{ref, node, label, many}] (many: counted);
 *  - targets: [{ref, label}]; maxGive, maxAsk: the caps; line(picks) -> the one-line command.
 * Every pick is a toggle button (aria-pressed), so it works with the keyboard and says its state
 * in words, not only in colour. */
export function composer(ctx, spec) {
  const kept = ctx.keep(spec.key, () => ({ signature: null }));
  if (kept.signature !== spec.signature) {
    Object.assign(kept, { signature: spec.signature, give: [], ask: [], to: null });
  }
  const targets = spec.targets || [];
  if (!targets.some((target) => target.ref === kept.to)) kept.to = targets.length === 1 ? targets[0].ref : null;
  const redraw = () => ctx.redraw();
  const giveRow = h("div.picks.give", spec.give.map((item) => {
    const on = kept.give.includes(item.ref);
    const full = !on && kept.give.length >= spec.maxGive;
    return h("button.pick", {
      type: "button", "aria-pressed": String(on), disabled: full || null, "data-pick": `give ${item.ref}`,
      "data-key": `pick:give:${item.ref}`, title: on ? t("{item}: picked (click to put back)", { item: item.label }) : item.label,
      onclick: () => { kept.give = on ? kept.give.filter((r) => r !== item.ref) : [...kept.give, item.ref]; redraw(); },
    }, item.node, h("span.state", on ? ("✓ " + (t("giving"))) : t("give")));
  }));
  const askRow = h("div.picks.ask", spec.ask.map((item) => {
    const n = kept.ask.filter((r) => r === item.ref).length;
    const full = kept.ask.length >= spec.maxAsk;
    if (!item.many) {
      return h("button.pick", {
        type: "button", "aria-pressed": String(n > 0), disabled: (!n && full) || null, "data-pick": `ask ${item.ref}`,
        "data-key": `pick:ask:${item.ref}`, title: item.label,
        onclick: () => { kept.ask = n ? kept.ask.filter((r) => r !== item.ref) : [...kept.ask, item.ref]; redraw(); },
      }, item.node, h("span.state", n ? ("✓ " + (t("asking"))) : t("ask")));
    }
    return h("div.counter", { "data-pick": `ask ${item.ref}`, class: n ? "on" : "" },
      item.node,
      h("div.count",
        h("button", { type: "button", "aria-label": t("ask one {item} less", { item: item.label }), disabled: !n || null, "data-key": `less:${item.ref}`,
          onclick: () => { const i = kept.ask.lastIndexOf(item.ref); kept.ask.splice(i, 1); redraw(); } }, "−"),
        h("output", { "aria-label": t("{item} asked", { item: item.label }) }, String(n)),
        h("button", { type: "button", "aria-label": t("ask one {item} more", { item: item.label }), disabled: full || null, "data-key": `more:${item.ref}`,
          onclick: () => { kept.ask.push(item.ref); redraw(); } }, "+")));
  }));
  const toRow = h("div.targets", { role: "radiogroup", "aria-label": t("offer to") }, h("span", ("" + (t("to")) + " ")),
    targets.map((target) => h("button.target", {
      type: "button", role: "radio", "aria-checked": String(kept.to === target.ref), "data-key": `to:${target.ref}`, "data-to": target.ref,
      onclick: () => { kept.to = target.ref; redraw(); },
    }, kept.to === target.ref ? `● ${target.label}` : `○ ${target.label}`)));
  const ready = kept.to && (kept.give.length || kept.ask.length);
  const send = h("button.send", {
    type: "button", disabled: !ready || ctx.busy || null, "data-key": `send:${spec.key}`,
    onclick: async () => {
      const line = spec.line({ give: kept.give, ask: kept.ask, to: kept.to });
      if (await ctx.act(line)) Object.assign(kept, { give: [], ask: [] });
    },
  }, spec.sendLabel || t("send the offer"));
  const clear = h("button.clear", { type: "button", disabled: !(kept.give.length || kept.ask.length) || null,
    onclick: () => { Object.assign(kept, { give: [], ask: [] }); redraw(); } }, t("clear"));
  const summary = h("p.summary", { "aria-live": "polite" },
    ready ? spec.summary({ give: kept.give, ask: kept.ask, to: kept.to }) : t("pick what you give and what you ask for, and the player"));
  return h("section.box.composer", { "aria-label": spec.title },
    h("h3", spec.title),
    h("h4", t("you give (up to {n})", { n: spec.maxGive })), spec.give.length ? giveRow : h("p.none", t("nothing to give now")),
    h("h4", t("you ask for (up to {n})", { n: spec.maxAsk })), askRow,
    targets.length ? toRow : null, summary, h("div.buttons", send, clear));
}
