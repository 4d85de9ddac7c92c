// The bean family on the browser table: the `beans` part (every variant built on beanframe.beans)
// and Bohnanza's `trade` part. Drawn only from the seat's view; cards the seat may not see are
// never in it (other hands are counts). Rule data: ctx.data.beans (every bean's bean-o-meter).

function initials(name) {
  return String(name).replace(/bohne$/i, "").trim().slice(0, 2);
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

export function beanCard(ctx, name, extra = {}) {
  const bean = meterOf(ctx, name);
  const meter = bean ? bean.meter.map((s, k) => (s ? `${s}→${k + 1}` : "")).filter(Boolean).join(" ") : "";
  return ctx.ui.card({ title: name, mark: initials(name), kind: "bean", hue: ctx.ui.hueOf(name), foot: meter, data: { card: name }, ...extra });
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
    if (p === ctx.me) ctx.bind(el, ctx.find(ref));
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
      ctx.bind(slot, ctx.find(ref));
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
    const el = h("div.spot", { "data-pile": `p${i + 1}` }, h("span.k", `pile p${i + 1} (${pile.length})`),
      h("div.row", pile.map((name) => beanCard(ctx, name, { small: true }))));
    ctx.bind(el, ctx.find(`p${i + 1}`));
    spots.push(el);
  });
  part.leftovers.forEach((pile, i) => {
    if (pile.length) spots.push(h("div.spot", h("span.k", `left over ${i + 1}`), h("div.row", pile.map((name) => beanCard(ctx, name, { small: true })))));
  });
  ctx.center.append(h("section.box.tablebeans", { "data-part": "beans", "aria-label": "the beans on the table" }, ...spots));
}

/** An offer's side in words: the beans (face-up cards included), and which face-up slots. */
function terms(beans, slots) {
  if (!beans.length) return "nothing";
  return beans.join(", ") + (slots.length ? ` (face-up ${slots.map((u) => `u${u + 1}`).join(", ")})` : "");
}

function drawTrade(part, ctx) {
  const h = ctx.h;
  const faceUp = h("div.row", part.face_up.map((name, i) => {
    if (name === null) return h("div.spot", { "data-face": `u${i + 1}` }, h("span.none", "traded"), h("span.k", `u${i + 1}`));
    const el = h("div.spot", { "data-face": `u${i + 1}` }, beanCard(ctx, name, { small: true }), h("span.k", `u${i + 1}`));
    return ctx.bind(el, ctx.find(`u${i + 1}`));
  }));
  const received = part.received.map((cards, p) => (cards.length ? h("li", `${ctx.seatLabel(p)} plants: ${cards.join(", ")}`) : null)).filter(Boolean);
  ctx.trade.append(h("section.box", { "data-part": "trade", "aria-label": "trading" },
    h("h3", `trading (${part.trades} trade${part.trades === 1 ? "" : "s"} so far)`),
    h("h4", "face-up cards"), part.face_up.length ? faceUp : h("p.none", "none"),
    received.length ? h("ul", received) : null,
    part.draft && part.draft.maker === ctx.me
      ? h("p.draft", `your offer in the making: gives ${terms(part.draft.gives, part.draft.face_up)} for ${terms(part.draft.asks, part.draft.wants)}`)
      : null));
  ctx.trade.append(ctx.ui.offersPanel(ctx, part.offers, {
    title: "open offers",
    describe: (o) => ({ gives: terms(o.gives, o.face_up), asks: terms(o.asks, o.wants) }),
  }));
}

export default { parts: { beans: drawBeans, trade: drawTrade }, ui: { beanCard, saleValue } };
