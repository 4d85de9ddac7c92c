// Negotiation, shared by every game built on the core's offers (beanframe.core.offers):
// the open offers with the answers this seat may give, and a composer that builds an offer on
// the page (pick what you give, what you ask for and the player) and sends it as ONE line, so
// several players can trade at once without their clicks crossing.

import { h } from "./dom.js";
import { mentions } from "./moves.js";

/** The open offers: each row says who offers whom what, marks the ones to and from this seat
 * in words, and carries the seat's legal answers to it (accept/reject/withdraw oK, or what
 * `answers(offer)` returns). `describe(offer)` gives {gives, asks}: nodes or text. */
export function offersPanel(ctx, offers, { describe, answers = null, title = "Offers", empty = "no open offers" }) {
  const me = ctx.me;
  const rows = offers.map((offer) => {
    const { gives, asks } = describe(offer);
    const name = offer.id >= 0 ? `o${offer.id + 1}` : "draft";
    const tag = offer.to === me ? "to you" : offer.maker === me ? "yours" : "";
    const who = `${ctx.seatLabel(offer.maker)} → ${offer.to >= 0 ? ctx.seatLabel(offer.to) : "?"}`;
    const acts = answers ? answers(offer) : ctx.legal.filter((a) => offer.id >= 0 && mentions(a.code, name));
    return h("li.offer", { class: tag ? "mine" : "", "data-offer": name },
      h("div.head", h("b", name), " ", who, tag ? h("span.tag", tag) : null),
      h("div.terms", h("span.side", "gives"), h("div.items", gives), h("span.side", "for"), h("div.items", asks)),
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
  if (!targets.some((t) => t.ref === kept.to)) kept.to = targets.length === 1 ? targets[0].ref : null;
  const redraw = () => ctx.redraw();
  const giveRow = h("div.picks.give", spec.give.map((item) => {
    const on = kept.give.includes(item.ref);
    const full = !on && kept.give.length >= spec.maxGive;
    return h("button.pick", {
      type: "button", "aria-pressed": String(on), disabled: full || null, "data-pick": `give ${item.ref}`,
      "data-key": `pick:give:${item.ref}`, title: on ? `${item.label}: picked (click to put back)` : item.label,
      onclick: () => { kept.give = on ? kept.give.filter((r) => r !== item.ref) : [...kept.give, item.ref]; redraw(); },
    }, item.node, h("span.state", on ? "✓ giving" : "give"));
  }));
  const askRow = h("div.picks.ask", spec.ask.map((item) => {
    const n = kept.ask.filter((r) => r === item.ref).length;
    const full = kept.ask.length >= spec.maxAsk;
    if (!item.many) {
      return h("button.pick", {
        type: "button", "aria-pressed": String(n > 0), disabled: (!n && full) || null, "data-pick": `ask ${item.ref}`,
        "data-key": `pick:ask:${item.ref}`, title: item.label,
        onclick: () => { kept.ask = n ? kept.ask.filter((r) => r !== item.ref) : [...kept.ask, item.ref]; redraw(); },
      }, item.node, h("span.state", n ? "✓ asking" : "ask"));
    }
    return h("div.counter", { "data-pick": `ask ${item.ref}`, class: n ? "on" : "" },
      item.node,
      h("div.count",
        h("button", { type: "button", "aria-label": `ask one ${item.label} less`, disabled: !n || null, "data-key": `less:${item.ref}`,
          onclick: () => { const i = kept.ask.lastIndexOf(item.ref); kept.ask.splice(i, 1); redraw(); } }, "−"),
        h("output", { "aria-label": `${item.label} asked` }, String(n)),
        h("button", { type: "button", "aria-label": `ask one ${item.label} more`, disabled: full || null, "data-key": `more:${item.ref}`,
          onclick: () => { kept.ask.push(item.ref); redraw(); } }, "+")));
  }));
  const toRow = h("div.targets", { role: "radiogroup", "aria-label": "offer to" }, h("span", "to "),
    targets.map((t) => h("button.target", {
      type: "button", role: "radio", "aria-checked": String(kept.to === t.ref), "data-key": `to:${t.ref}`, "data-to": t.ref,
      onclick: () => { kept.to = t.ref; redraw(); },
    }, kept.to === t.ref ? `● ${t.label}` : `○ ${t.label}`)));
  const ready = kept.to && (kept.give.length || kept.ask.length);
  const send = h("button.send", {
    type: "button", disabled: !ready || ctx.busy || null, "data-key": `send:${spec.key}`,
    onclick: async () => {
      const line = spec.line({ give: kept.give, ask: kept.ask, to: kept.to });
      if (await ctx.act(line)) Object.assign(kept, { give: [], ask: [] });
    },
  }, spec.sendLabel || "send the offer");
  const clear = h("button.clear", { type: "button", disabled: !(kept.give.length || kept.ask.length) || null,
    onclick: () => { Object.assign(kept, { give: [], ask: [] }); redraw(); } }, "clear");
  const summary = h("p.summary", { "aria-live": "polite" },
    ready ? spec.summary({ give: kept.give, ask: kept.ask, to: kept.to }) : "pick what you give and what you ask for, and the player");
  return h("section.box.composer", { "aria-label": spec.title },
    h("h3", spec.title),
    h("h4", `you give (up to ${spec.maxGive})`), spec.give.length ? giveRow : h("p.none", "nothing to give now"),
    h("h4", `you ask for (up to ${spec.maxAsk})`), askRow,
    targets.length ? toRow : null, summary, h("div.buttons", send, clear));
}
