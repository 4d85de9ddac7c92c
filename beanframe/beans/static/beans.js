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
  const composerBox = offerComposer(part, ctx);
  if (composerBox) ctx.trade.append(composerBox);
  ctx.trade.append(ctx.ui.offersPanel(ctx, part.offers, {
    title: "open offers",
    describe: (o) => ({ gives: terms(o.gives, o.face_up), asks: terms(o.asks, o.wants) }),
  }));
}

/** Bohnanza's offer, built with the hand: pick hand cards (and, the active player, face-up
 * cards) to give, the beans (or face-up cards) to ask for and the player; sent as ONE line
 * (`offer p2 give h1 u1 for 2 blue`), which the server checks whole. Offered only when this seat
 * may start an offer now (its legal moves hold `give` or `ask`). */
function offerComposer(part, ctx) {
  const legal = ctx.legal.map((a) => a.code);
  if (ctx.me === null || !legal.some((c) => c.startsWith("give ") || c.startsWith("ask "))) return null;
  const beans = ctx.view.parts.beans || {};
  const hand = beans.hand || [];
  const active = ctx.view.active;
  const give = hand.map((name, i) => ({ ref: `h${i + 1}`, label: `hand card ${i + 1}: ${name}`, node: beanCard(ctx, name, { small: true, corner: `h${i + 1}` }) }));
  part.face_up.forEach((name, i) => {
    if (name !== null && legal.includes(`give-face u${i + 1}`)) give.push({ ref: `u${i + 1}`, label: `face-up card u${i + 1}: ${name}`, node: beanCard(ctx, name, { small: true, corner: `u${i + 1}` }) });
  });
  const ask = (ctx.data.beans || []).map((b) => ({ ref: b.key, label: b.name, many: true, node: beanCard(ctx, b.name, { small: true }) }));
  part.face_up.forEach((name, i) => {
    if (name !== null && legal.includes(`want-face u${i + 1}`)) ask.push({ ref: `u${i + 1}`, label: `face-up card u${i + 1}: ${name}`, node: beanCard(ctx, name, { small: true, corner: `u${i + 1}` }) });
  });
  const targets = [];
  for (let p = 0; p < ctx.players; p++) {
    if (p !== ctx.me && (ctx.me === active || p === active)) targets.push({ ref: `p${p + 1}`, label: ctx.seatLabel(p) });
  }
  const cap = (ctx.state.options.bohnanza || {}).cards_per_offer || 3;
  const askWords = (asked) => {
    const counts = new Map();
    for (const ref of asked) counts.set(ref, (counts.get(ref) || 0) + 1);
    return [...counts].map(([ref, n]) => (ref.startsWith("u") ? ref : `${n} ${ref}`));
  };
  const nameOf = (ref) => [...give, ...ask].find((x) => x.ref === ref)?.label || ref;
  return ctx.ui.composer(ctx, {
    key: "bohnanza-offer",
    signature: `${hand.join(",")}|${part.face_up.join(",")}|${active}`,
    title: "make an offer",
    give, ask, targets, maxGive: cap, maxAsk: cap,
    line: ({ give: given, ask: asked, to }) => `offer ${to} give ${given.length ? given.join(" ") : "nothing"} for ${asked.length ? askWords(asked).join(" ") : "nothing"}`,
    summary: ({ give: given, ask: asked, to }) => `to ${to}: you give ${given.map(nameOf).join(", ") || "nothing"}; you ask for ${askWords(asked).join(", ") || "nothing"}`,
  });
}

export default { parts: { beans: drawBeans, trade: drawTrade }, ui: { beanCard, saleValue } };
