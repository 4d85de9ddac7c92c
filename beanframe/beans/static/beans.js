// The bean family on the browser table: the `beans` part (every variant built on beanframe.beans)
// and Bohnanza's `trade` part. Drawn only from the seat's view; cards the seat may not see are
// never in it (other hands are counts). Rule data: ctx.data.beans (every bean's bean-o-meter).

import { drawTrade } from "./trade.js";

// the trade's own moves: the trade panel offers them, not the cards of the hand or the fields
const TRADE_VERBS = new Set(["give", "give-face", "ask", "want-face", "send", "scrap", "accept", "reject", "withdraw", "give-copy", "end-trading"]);

function verbOf(code) {
  return code.split(" ", 1)[0];
}

/** A bean's short name ("Feuerbohne" -> "Feuer", "Blaue Bohne" -> "Blaue"): what a card shows,
 * so a name never breaks inside a word; the full name is the card's tooltip and label. */
export function shortName(name) {
  return String(name).replace(/\s*bohne$/i, "").trim() || String(name);
}

function initials(name) {
  return shortName(name).slice(0, 2);
}

function meterOf(ctx, name) {
  return (ctx.data.beans || []).find((b) => b.name === name) || null;
}

/** What a field of `n` cards of bean `name` sells for now (the bean-o-meter). */
export function saleValue(ctx, name, n) {
  const bean = meterOf(ctx, name);
  if (!bean) return 0;
  let coins = 0;
  bean.meter.forEach((size, k) => { if (size && n >= size) coins = k + 1; });
  return coins;
}

/** A bean card: its short name, its full name as tooltip, the bean-o-meter at its foot (each
 * "cards→coins" step kept whole: the foot wraps between steps, never inside one). */
export function beanCard(ctx, name, extra = {}) {
  const bean = meterOf(ctx, name);
  const steps = bean ? bean.meter.map((s, k) => (s ? `${s}→${k + 1}` : "")).filter(Boolean) : [];
  const label = `${name}${steps.length ? `, bean-o-meter ${steps.join(" ")}` : ""}`;
  return ctx.ui.card({
    title: shortName(name), tip: name, label, mark: initials(name), kind: "bean", hue: ctx.ui.hueOf(name),
    foot: steps.map((step) => ctx.h("span", step)), data: { card: name }, ...extra,
  });
}

function untraded(actions) {
  return actions.filter((a) => !TRADE_VERBS.has(verbOf(a.code)));
}

function fieldsOf(ctx, p, fields) {
  const box = ctx.h("div.fields", { "aria-label": `fields of ${ctx.seatLabel(p)}` });
  fields.forEach((field, f) => {
    const ref = `f${f + 1}`;
    const n = field.length;
    const name = n ? field[n - 1] : null;
    const el = ctx.h("div.field", { "data-field": ref, "aria-label": n ? `field ${f + 1}: ${n} ${name}` : `field ${f + 1}: empty` },
      ctx.h("div.fname", `field ${f + 1}`),
      n ? beanCard(ctx, name, { small: true, corner: n }) : ctx.ui.h("div.card.small.empty", "empty"),
      ctx.h("div.sale", n ? `${n} card${n > 1 ? "s" : ""} · sells for ${saleValue(ctx, name, n)}` : "—"));
    if (p === ctx.me) ctx.bind(el, untraded(ctx.find(ref)));
    box.append(el);
  });
  return box;
}

function drawBeans(part, ctx) {
  const h = ctx.h;
  for (let p = 0; p < ctx.players; p++) {
    const seat = ctx.seat(p);
    if (!seat) continue;
    seat.append(
      h("div.row",
        ctx.ui.stat("coins", part.coins[p]),
        " ",
        p === ctx.me ? null : ctx.ui.stat("hand", `${part.hand_sizes[p]} cards`)),
      fieldsOf(ctx, p, part.fields[p] || []));
  }
  if (part.hand) {
    const hand = h("div.hand", { "aria-label": "your hand, front first" });
    part.hand.forEach((name, i) => {
      const ref = `h${i + 1}`;
      const slot = h("div.slot", { class: i === 0 ? "front" : "", "data-hand": ref },
        beanCard(ctx, name),
        h("span.pos", i === 0 ? "▲ front (h1)" : ref));
      ctx.bind(slot, untraded(ctx.find(ref)));
      hand.append(slot);
    });
    ctx.hand.append(h("h3", `your hand (${part.hand.length})`), part.hand.length ? hand : h("p.none", "empty"));
    if (part.own_coins && part.own_coins.length) ctx.hand.append(h("p", `your coins (bean sides): ${part.own_coins.join(", ")}`));
  }
  const top = part.discard.length ? part.discard[part.discard.length - 1] : null;
  const spots = [
    h("div.spot", h("span.k", "deck"), ctx.ui.backs(part.deck_size, { what: "cards", show: 3 }), h("span", `run-outs: ${part.run_outs}`)),
    h("div.spot", h("span.k", `discard (${part.discard.length})`), top ? beanCard(ctx, top, { small: true, label: `discard top: ${top}` }) : h("span.none", "empty")),
  ];
  if (part.set_aside) spots.push(h("div.spot", h("span.k", "set aside (coins under the discard)"), h("b", String(part.set_aside))));
  part.piles.forEach((pile, i) => {
    const el = h("div.spot", { "data-pile": `s${i + 1}` }, h("span.k", `pile s${i + 1} (${pile.length})`),
      h("div.row", pile.map((name) => beanCard(ctx, name, { small: true }))));
    ctx.bind(el, ctx.find(`p${i + 1}`));
    spots.push(el);
  });
  part.leftovers.forEach((pile, i) => {
    if (pile.length) spots.push(h("div.spot", h("span.k", `left over ${i + 1}`), h("div.row", pile.map((name) => beanCard(ctx, name, { small: true })))));
  });
  ctx.center.append(h("section.box.tablebeans", { "data-part": "beans", "aria-label": "the beans on the table" }, ...spots));
}

export default { parts: { beans: drawBeans, trade: drawTrade }, ui: { beanCard, saleValue, shortName } };
