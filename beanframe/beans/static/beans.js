// The bean family on the browser table: the `beans` part (every variant built on beanframe.beans)
// and Bohnanza's `trade` part. Drawn only from the seat's view; cards the seat may not see are
// never in it (other hands are counts). Rule data: ctx.data.beans (every bean's bean-o-meter).

import { drawTrade } from "./trade.js";

// the trade's own moves: the trade panel offers them, not the cards of the hand or the fields
const TRADE_VERBS = new Set(["give", "give-face", "ask", "want-face", "send", "scrap", "accept", "reject", "withdraw", "give-copy", "end-trading"]);

function verbOf(code) {
  return code.split(" ", 1)[0];
}

/** A bean's short name ("Feuerbohne" -> "Feuer", "Chili Bean" -> "Chili", "Vuurboon" -> "Vuur"): what a card shows,
 * so a name never breaks inside a word; the full name is the card's tooltip and label. */
export function shortName(name) {
  return String(name).replace(/\s*(bohne|boon|bean)$/i, "").replace(/^haricot\s+/i, "").trim() || String(name);
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
  const label = steps.length ? ctx.t("{bean}, bean-o-meter {steps}", { bean: name, steps: steps.join(" ") }) : name;
  return ctx.ui.card({
    title: shortName(name), tip: name, label, mark: initials(name), kind: "bean", hue: ctx.ui.hueOf(name),
    foot: steps.map((step) => ctx.h("span", step)), data: { card: name }, ...extra,
  });
}

function untraded(actions) {
  return actions.filter((a) => !TRADE_VERBS.has(verbOf(a.code)));
}

function fieldsOf(ctx, p, fields) {
  const { t, tn } = ctx;
  const box = ctx.h("div.fields", { "aria-label": t("fields of {seat}", { seat: ctx.seatLabel(p) }) });
  fields.forEach((field, f) => {
    const ref = `f${f + 1}`;
    const n = field.length;
    const name = n ? field[n - 1] : null;
    const el = ctx.h("div.field", { "data-field": ref, "aria-label": n ? t("field {f}: {n} {bean}", { f: f + 1, n, bean: name }) : t("field {f}: empty", { f: f + 1 }) },
      ctx.h("div.fname", t("field {f}", { f: f + 1 })),
      n ? beanCard(ctx, name, { small: true, corner: n }) : ctx.ui.h("div.card.small.empty", t("empty")),
      ctx.h("div.sale", n ? ("" + (tn("{n} card", "{n} cards", n)) + " · " + (t("sells for {coins}", { coins: saleValue(ctx, name, n) }))) : "—"));
    if (p === ctx.me) ctx.bind(el, untraded(ctx.find(ref)));
    box.append(el);
  });
  return box;
}

function drawBeans(part, ctx) {
  const { h, t, tn } = ctx;
  for (let p = 0; p < ctx.players; p++) {
    const seat = ctx.seat(p);
    if (!seat) continue;
    seat.append(
      h("div.row",
        ctx.ui.stat(t("coins"), part.coins[p]),
        " ",
        p === ctx.me ? null : ctx.ui.stat(t("hand"), tn("{n} card", "{n} cards", part.hand_sizes[p]))),
      fieldsOf(ctx, p, part.fields[p] || []));
  }
  if (part.hand) {
    const hand = h("div.hand", { "aria-label": t("your hand, front first") });
    part.hand.forEach((name, i) => {
      const ref = `h${i + 1}`;
      const slot = h("div.slot", { class: i === 0 ? "front" : "", "data-hand": ref },
        beanCard(ctx, name),
        h("span.pos", i === 0 ? ("▲ " + (t("front")) + " (h1)") : ref));
      ctx.bind(slot, untraded(ctx.find(ref)));
      hand.append(slot);
    });
    ctx.hand.append(h("h3", t("your hand ({n})", { n: part.hand.length })), part.hand.length ? hand : h("p.none", t("empty")));
    if (part.own_coins && part.own_coins.length) ctx.hand.append(h("p", t("your coins (bean sides): {beans}", { beans: part.own_coins.join(", ") })));
  }
  const top = part.discard.length ? part.discard[part.discard.length - 1] : null;
  const spots = [
    h("div.spot", h("span.k", t("deck")), ctx.ui.backs(part.deck_size, { show: 3 }), h("span", t("run-outs: {n}", { n: part.run_outs }))),
    h("div.spot", h("span.k", t("discard ({n})", { n: part.discard.length })), top ? beanCard(ctx, top, { small: true, label: t("discard top: {bean}", { bean: top }) }) : h("span.none", t("empty"))),
  ];
  if (part.set_aside) spots.push(h("div.spot", h("span.k", t("set aside (coins under the discard)")), h("b", String(part.set_aside))));
  part.piles.forEach((pile, i) => {
    const el = h("div.spot", { "data-pile": `s${i + 1}` }, h("span.k", t("pile {pile} ({n})", { pile: `s${i + 1}`, n: pile.length })),
      h("div.row", pile.map((name) => beanCard(ctx, name, { small: true }))));
    ctx.bind(el, ctx.find(`p${i + 1}`));
    spots.push(el);
  });
  part.leftovers.forEach((pile, i) => {
    if (pile.length) spots.push(h("div.spot", h("span.k", t("left over {n}", { n: i + 1 })), h("div.row", pile.map((name) => beanCard(ctx, name, { small: true })))));
  });
  ctx.center.append(h("section.box.tablebeans", { "data-part": "beans", "aria-label": t("the beans on the table") }, ...spots));
}

export default { parts: { beans: drawBeans, trade: drawTrade }, ui: { beanCard, saleValue, shortName } };
