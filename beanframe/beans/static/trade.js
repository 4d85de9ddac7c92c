// Bohnanza's trade on the browser table (issue 24), also Bohnaparte's (its farms add face-up
// cards): while the trade phase is open, the trade panel (ctx.ui.tradePanel) shows the face-up
// cards, every open offer as cards with its answers, the copy to give after accepting (F.27,
// inside the offer), and the builder, which sends an offer as ONE line (`offer p2 give h1 u1 for
// 2 blue`), checked whole on the server. Drawn only from the seat's view: the other seats' offers
// show the beans they give, never their hand positions.

/** The trade part: the panel while trading; the cards set aside to plant, beside the board. */
export function drawTrade(part, ctx) {
  const { h, t, tn } = ctx;
  const received = part.received.map((cards, p) => (cards.length ? h("li", t("{seat} plants: {cards}", { seat: ctx.seatLabel(p), cards: cards.join(", ") })) : null)).filter(Boolean);
  const soFar = tn("{n} trade so far", "{n} trades so far", part.trades);
  if (received.length || part.trades) {
    ctx.trade.append(h("section.box", { "data-part": "trade", "aria-label": t("traded cards") },
      h("h3", t("traded ({trades})", { trades: soFar })),
      received.length ? h("ul", received) : h("p.none", t("no cards set aside"))));
  }
  if (ctx.view.phase !== "trade") return;
  const legal = new Set(ctx.legal.map((a) => a.code));
  const me = ctx.me;
  const active = ctx.view.active;
  const canBuild = me !== null && [...legal].some((c) => ["give", "ask", "give-face", "want-face"].includes(c.split(" ", 1)[0]));
  const spec = canBuild ? builderSpec(part, ctx, legal) : null;
  const kept = spec ? ctx.ui.pickState(ctx, spec) : null;
  const small = (name, extra = {}) => ctx.ui.beanCard(ctx, name, { small: true, ...extra });
  const faceUp = part.face_up.map((name, i) => {
    const ref = `u${i + 1}`;
    if (name === null) return h("div.spot", { "data-face": ref }, h("span.none", t("traded")), h("span.k", ref));
    const side = !kept ? null : legal.has(`give-face ${ref}`) ? "give" : legal.has(`want-face ${ref}`) ? "ask" : null;
    if (!side) return h("div.spot", { "data-face": ref }, small(name), h("span.k", ref));
    const on = kept[side].includes(ref);
    const title = side === "give" ? t("give face-up card {ref}: {name}", { ref, name }) : t("ask for face-up card {ref}: {name}", { ref, name });
    return h("button.spot.pick", {
      type: "button", "data-face": ref, "data-pick": `${side} ${ref}`, "aria-pressed": String(on),
      title, "data-key": `face:${ref}`,
      onclick: () => { ctx.ui.toggle(kept, side, ref, side === "give" ? spec.maxGive : spec.maxAsk); ctx.redraw(); },
    }, small(name), h("span.k", on ? ("" + (ref) + " ✓ " + (side === "give" ? t("giving") : t("asking"))) : ("" + (ref) + " · " + (side === "give" ? t("give") : t("ask")))));
  });
  const table = h("div.tp-faceup", h("h3", t("face-up cards")), faceUp.length ? h("div.row", faceUp) : h("p.none", t("none")));
  // offers to this seat first, then its own, then the others'
  const rank = (o) => (o.to === me ? 0 : o.maker === me ? 1 : 2);
  const offers = [...part.offers].sort((x, y) => rank(x) - rank(y) || x.id - y.id).map((o) => offerOf(part, ctx, o, legal, small));
  const moves = [];
  if (part.draft && part.draft.maker === me) {  // an offer built with the small actions (the move list, the text box)
    for (const a of ctx.legal) if (a.code.startsWith("send ") || a.code === "scrap") moves.push({ code: a.code, label: a.code === "scrap" ? t("scrap your offer in the making") : t("send your offer in the making to {seat}", { seat: a.code.slice(5) }) });
  }
  if (legal.has("pass")) moves.push({ code: "pass", label: t("pass"), title: t("nothing more from you for now (you are asked again when something changes)") });
  if (legal.has("end-trading")) moves.push({ code: "end-trading", label: t("end trading") });
  const whom = me === null ? "" : me === active ? t("your turn: trade with everyone") : t("{seat}'s turn: trade with {seat}", { seat: ctx.seatLabel(active) });
  ctx.ui.tradePanel(ctx, {
    title: t("trade"),
    info: [whom, soFar].filter(Boolean).join(" · "),
    table, offers, moves,
    builder: spec ? ctx.ui.builder(ctx, spec) : null,
    sitOut: legal.has("pass") && me !== active,
  });
}

/** One open offer for the panel: its cards both ways, this seat's answers, and, when this seat
 * accepted it and chooses the copies to give (F.27), its hand with the copies it may give lit. */
function offerOf(part, ctx, o, legal, small) {
  const { t } = ctx;
  const name = `o${o.id + 1}`;
  const fromHand = o.gives.length - o.face_up.length;
  const askedHand = o.asks.length - o.wants.length;
  const gives = o.gives.map((bean, k) => small(bean, { corner: k < fromHand ? "" : `u${o.face_up[k - fromHand] + 1}` }));
  const asks = o.asks.map((bean, k) => small(bean, { corner: k < askedHand ? "" : `u${o.wants[k - askedHand] + 1}` }));
  const words = { accept: t("accept"), reject: t("reject"), withdraw: t("withdraw") };
  const answers = Object.keys(words).filter((w) => legal.has(`${w} ${name}`)).map((w) => ({ code: `${w} ${name}`, label: words[w], kind: w }));
  let choose = null;
  if (part.giving === o.id && o.to === ctx.me) {
    const hand = (ctx.view.parts.beans || {}).hand || [];
    const h = ctx.h;
    const cards = hand.map((bean, i) => {
      const code = `give-copy h${i + 1}`;
      const face = small(bean, { corner: `h${i + 1}` });
      return legal.has(code)
        ? h("button.copy.lit.move", { type: "button", "data-code": code, "data-key": `copy:${code}`, title: t("give hand card {n} ({bean})", { n: i + 1, bean }), disabled: ctx.busy || null, onclick: () => ctx.act(code) }, face)
        : h("span.copy", face);
    });
    choose = h("div.choose", { "aria-label": t("choose the card to give") },
      h("p", h("b", ("" + (t("you accepted:")) + " ")), t("click the lit card of your hand that you give")), h("div.row", cards));
  }
  const nothing = t("nothing");
  const text = t("gives {gives} for {asks}", { gives: o.gives.join(", ") || nothing, asks: o.asks.join(", ") || nothing });
  return { key: `${ctx.view.turn}:${o.id}`, name, maker: o.maker, to: o.to, gives, asks, answers, choose, text };
}

/** The builder's spec: the hand to give, every bean to ask for, the partners (the active player
 * trades with everyone, the others with the active player), the caps, and the one line. */
function builderSpec(part, ctx, legal) {
  const { t } = ctx;
  const beans = ctx.view.parts.beans || {};
  const hand = beans.hand || [];
  const active = ctx.view.active;
  const small = (name, extra = {}) => ctx.ui.beanCard(ctx, name, { small: true, ...extra });
  const give = hand.map((name, i) => ({ ref: `h${i + 1}`, label: t("hand card {n} ({bean})", { n: i + 1, bean: name }), node: small(name, { corner: `h${i + 1}` }) }));
  // beans to ask for: compact chips (a colour band with the bean's initials, its short name)
  const ask = (ctx.data.beans || []).map((b) => ({ ref: b.key, label: b.name, node: ctx.h("span.beanchip", { style: { "--hue": String(ctx.ui.hueOf(b.name)) }, title: b.name },
    ctx.h("span.band", { "aria-hidden": "true" }, ctx.ui.shortName(b.name).slice(0, 2)), ctx.ui.shortName(b.name)) }));
  const targets = [];
  for (let p = 0; p < ctx.players; p++) {
    if (p !== ctx.me && (ctx.me === active || p === active)) targets.push({ ref: `p${p + 1}`, label: ctx.seatLabel(p) });
  }
  if (targets.length > 1) targets.push({ ref: "all", label: t("everyone") });
  const cap = (ctx.state.options.bohnanza || {}).cards_per_offer || 3;
  const names = new Map([...give, ...ask].map((x) => [x.ref, x.label]));
  part.face_up.forEach((name, i) => { if (name !== null) names.set(`u${i + 1}`, t("face-up {bean} ({ref})", { bean: name, ref: `u${i + 1}` })); });
  const askWords = (asked) => {
    const counts = new Map();
    for (const ref of asked) counts.set(ref, (counts.get(ref) || 0) + 1);
    return [...counts].map(([ref, n]) => (ref.startsWith("u") ? ref : `${n} ${ref}`));
  };
  const askNames = (asked) => {
    const counts = new Map();
    for (const ref of asked) counts.set(ref, (counts.get(ref) || 0) + 1);
    return [...counts].map(([ref, n]) => (ref.startsWith("u") ? names.get(ref) : `${n} ${names.get(ref) || ref}`));
  };
  const signatureOf = (state) => {
    const parts = state.view.parts;
    return `${((parts.beans || {}).hand || []).join(",")}|${((parts.trade || {}).face_up || []).join(",")}|${state.view.active}`;
  };
  const signature = signatureOf(ctx.state);
  return {
    key: "bohnanza-offer", signature, still: (state) => signatureOf(state) === signature,
    give, ask, targets, maxGive: cap, maxAsk: cap,
    line: ({ give: given, ask: asked, to }) => `offer ${to} give ${given.length ? given.join(" ") : "nothing"} for ${asked.length ? askWords(asked).join(" ") : "nothing"}`,
    summary: ({ give: given, ask: asked, to }) => {
      const [everyone, nothing, gift] = [t("everyone"), t("nothing"), t("nothing (a gift)")];
      const gives = given.map((r) => names.get(r) || r).join(", ") || nothing;
      return t("to {whom}: you give {gives}; you ask for {asks}", { whom: to === "all" ? everyone : to, gives, asks: askNames(asked).join(", ") || gift });
    },
  };
}
