// The trade panel (issue 24): while a trade is open it is the centre of the seat's screen, above
// the board: the things on the table to trade, every open offer drawn as cards with its own
// answers, the builder of a new offer, and the moves that end or sit out the trade. A variant's
// module fills it (ctx.ui.tradePanel) from its own view; the page announces offers made to this
// seat (panelOffers below) and notes the ones that went.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** Draw the panel into ctx.panel. `spec`:
 *  - title: "trade" (a few words), info: a line under it (nodes or text);
 *  - table: nodes shown first (the face-up cards), or null;
 *  - offers: [{key, name, maker, to, gives: [nodes], asks: [nodes], answers: [{code, label, kind}],
 *    choose: node or null (a choice inside the offer: the copies to give), text}];
 *  - builder: a node (see builder()), or null when this seat may not start an offer now;
 *  - moves: [{code, label}] (pass, end trading, done…), sitOut: whether `sit-out` is offered.
 * Offers keep their keys between redraws: the page compares them to announce new ones. */
export function tradePanel(ctx, spec) {
  const me = ctx.me;
  const sitting = ctx.state.sitting;
  const rows = spec.offers.map((offer) => offerCard(ctx, offer));
  const moves = spec.moves.map((m) => h("button.move", {
    type: "button", "data-code": m.code, "data-key": `panel:${m.code}`, disabled: ctx.busy || null, title: m.title || null,
    onclick: () => ctx.act(m.code),
  }, m.label));
  if (spec.sitOut && !sitting) {
    moves.push(h("button.move.sitout", {
      type: "button", "data-code": "sit-out", "data-key": "panel:sit-out", disabled: ctx.busy || null,
      title: t("pass for the rest of this trade: you are still asked when an offer is made to you"),
      onclick: () => ctx.act("sit-out"),
    }, t("sit out")));
  }
  const decision = sitting === "trade" ? t("trade") : sitting;
  const toMe = spec.offers.filter((o) => o.to === me && o.answers.length).length;
  ctx.panelOffers.push(...spec.offers);
  ctx.panel.append(h("section.tradepanel", { "aria-label": spec.title, class: toMe ? "asked" : "" },
    h("header.tp-head",
      h("h2", spec.title),
      spec.info ? h("span.tp-info", spec.info) : null,
      sitting ? h("span.tp-sitting", t("you sit out this {decision}: asked again when an offer is made to you", { decision })) : null,
      h("div.tp-moves", moves)),
    h("div.tp-notes", { "aria-hidden": "true" }, ctx.notes.map((n) => h("p.tp-note", n))),
    h("div.tp-grid",
      h("div.tp-left",
        spec.table ? h("div.tp-table", spec.table) : null,
        h("section.offers", { "aria-label": t("open offers") },
          h("h3", t("open offers ({n})", { n: rows.length })),
          rows.length ? h("ul.offerlist", rows) : h("p.none", t("no open offers")))),
      spec.builder ? h("div.tp-right", spec.builder) : null)));
}

function offerCard(ctx, offer) {
  const me = ctx.me;
  const tag = offer.to === me ? t("to you") : offer.maker === me ? t("yours") : "";
  const fresh = ctx.fresh.has(offer.key);
  const who = `${ctx.seatLabel(offer.maker)} → ${offer.to >= 0 ? ctx.seatLabel(offer.to) : "?"}`;
  return h("li.offer", {
    class: [offer.to === me ? "toyou" : "", offer.maker === me ? "mine" : "", fresh ? "fresh" : ""].join(" "),
    "data-offer": offer.name, "aria-label": t("offer {offer}: {text}", { offer: offer.name, text: offer.text }),
  },
  h("div.head", h("b", offer.name), " ", who, tag ? h("span.tag", tag) : null, fresh ? h("span.newmark", t("new")) : null),
  h("div.terms",
    h("div.side", h("span.k", t("gives")), h("div.items", offer.gives.length ? offer.gives : h("span.none", t("nothing")))),
    h("span.swap", { "aria-hidden": "true" }, "⇄"),
    h("div.side", h("span.k", t("for")), h("div.items", offer.asks.length ? offer.asks : h("span.none", t("nothing (a gift)"))))),
  offer.answers.length ? h("div.answers", offer.answers.map((a) => h("button.move", {
    type: "button", class: a.kind || "", "data-code": a.code, "data-key": `offer:${a.code}`, disabled: ctx.busy || null,
    onclick: () => ctx.act(a.code, { offer: offer.key, name: offer.name }),
  }, a.label))) : null,
  offer.choose || null);
}

/** The builder of an offer, sent as one line (or, with `everyone`, one line per player). `spec`:
 * key, signature (the picks are cleared when it changes), give: [{ref, node, label}],
 * ask: [{ref, node, label, short}] (counted), targets: [{ref, label}], everyone (bool),
 * maxGive, maxAsk, line(picks) -> the command, summary(picks) -> words. The face-up cards the
 * module draws pick through `toggle(side, ref)` (kept.give / kept.ask). */
export function builder(ctx, spec) {
  const kept = pickState(ctx, spec);
  const redraw = () => ctx.redraw();
  const giveRow = h("div.picks.give", spec.give.map((item) => {
    const on = kept.give.includes(item.ref);
    const full = !on && kept.give.length >= spec.maxGive;
    return h("button.pick", {
      type: "button", "aria-pressed": String(on), disabled: full || null, "data-pick": `give ${item.ref}`,
      "data-key": `pick:give:${item.ref}`, title: on ? t("{item}: giving (click to keep it)", { item: item.label }) : t("give {item}", { item: item.label }),
      onclick: () => { toggle(kept, "give", item.ref, spec.maxGive); redraw(); },
    }, item.node);
  }));
  const askRow = h("div.picks.ask", spec.ask.map((item) => {
    const n = kept.ask.filter((r) => r === item.ref).length;
    const full = kept.ask.length >= spec.maxAsk;
    return h("div.counter", { "data-pick": `ask ${item.ref}`, class: n ? "on" : "" },
      h("button.more", {
        type: "button", "aria-label": t("ask one {item} more", { item: item.label }), title: t("ask for a {item}", { item: item.label }), disabled: full || null,
        "data-key": `more:${item.ref}`, onclick: () => { kept.ask.push(item.ref); redraw(); },
      }, item.node, n ? h("span.count", `×${n}`) : null),
      n ? h("button.less", {
        type: "button", "aria-label": t("ask one {item} less", { item: item.label }), "data-key": `less:${item.ref}`,
        onclick: () => { kept.ask.splice(kept.ask.lastIndexOf(item.ref), 1); redraw(); },
      }, "−") : null);
  }));
  const targets = spec.targets;
  const toRow = h("div.targets", { role: "radiogroup", "aria-label": t("offer to") }, h("span", t("to")),
    targets.map((target) => h("button.target", {
      type: "button", role: "radio", "aria-checked": String(kept.to === target.ref), "data-key": `to:${target.ref}`, "data-to": target.ref,
      onclick: () => { kept.to = target.ref; redraw(); },
    }, kept.to === target.ref ? `● ${target.label}` : `○ ${target.label}`)));
  const picks = () => ({ give: kept.give, ask: kept.ask, to: kept.to });
  const ready = kept.to && (kept.give.length || kept.ask.length);
  const send = h("button.send", {
    type: "button", disabled: !ready || ctx.busy || null, "data-key": `send:${spec.key}`,
    onclick: async () => {
      const chosen = picks();
      const lines = chosen.to === "all" ? targets.filter((target) => target.ref !== "all").map((target) => spec.line({ ...chosen, to: target.ref })) : [spec.line(chosen)];
      if (await ctx.actSeries(lines, spec.still || null)) Object.assign(kept, { give: [], ask: [] });
    },
  }, kept.to === "all" ? t("send to everyone") : t("send the offer"));
  const clear = h("button.clear", { type: "button", disabled: !(kept.give.length || kept.ask.length) || null,
    onclick: () => { Object.assign(kept, { give: [], ask: [] }); redraw(); } }, t("clear"));
  return h("section.composer", { "aria-label": t("make an offer") },
    h("h3", t("make an offer")),
    h("div.bline", h("span.k", t("give (≤{n})", { n: spec.maxGive })), spec.give.length ? giveRow : h("p.none", t("nothing to give"))),
    h("div.bline", h("span.k", t("ask (≤{n})", { n: spec.maxAsk })), askRow),
    h("div.bline", toRow),
    h("p.summary", ready ? spec.summary(picks()) : t("click cards to give, beans to ask for, and the player")),
    h("div.buttons", send, clear));
}

/** The builder's picks, kept between redraws, cleared when `spec.signature` changes. */
export function pickState(ctx, spec) {
  const kept = ctx.keep(spec.key, () => ({ signature: null }));
  if (kept.signature !== spec.signature) Object.assign(kept, { signature: spec.signature, give: [], ask: [], to: null });
  const refs = spec.targets.map((target) => target.ref);
  if (!refs.includes(kept.to)) kept.to = refs.length === 1 ? refs[0] : null;
  return kept;
}

/** Pick `ref` on `side` or put it back (a face-up card clicked on the table). */
export function toggle(kept, side, ref, cap) {
  if (kept[side].includes(ref)) kept[side] = kept[side].filter((r) => r !== ref);
  else if (kept[side].length < cap) kept[side] = [...kept[side], ref];
}
