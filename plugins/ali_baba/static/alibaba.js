// Ali Baba on the browser table: the track by district (Ali Baba's field marked "A" and in
// words), the dice and the fate roll, the open bandit piles, each player's bandits, piasters and
// movement cards, the offer on the table. Cards are named from the board's public rule data
// (ctx.data.ali_baba); the seat's own movement cards come from its view only. A negotiation (the
// great bandit bazaar, or selling hunted bandits) is drawn in the trade panel (ctx.ui.tradePanel):
// the offer as cards both ways plus piasters, its answers, and the builder, whose every click is
// one of the small building actions (the maker alone builds: nobody's clicks cross).

// the negotiation's own moves: the panel offers them, not the cards on the board
const NEGOTIATION = new Set(["offer", "ask", "pay", "charge", "send", "scrap", "accept", "decline"]);

const GANG_MARK = ["Y", "G", "B", "R"];  // yellow swindlers, green thieves, blue deceivers, red robbers
const KIND_MARK = { start: "S", empty: "·", question: "?", die: "D", all: "*", event: "e" };

function bandit(ctx, c, small = true) {
  const t = ctx.t;
  const card = ctx.data.ali_baba.cards[c];
  return ctx.ui.card({
    title: card.name, mark: GANG_MARK[card.gang], corner: `k${c + 1}`, foot: ("" + (card.value) + " · " + (t("fate {numbers}", { numbers: card.fate.join(",") }))),
    kind: "bandit", hue: [50, 120, 215, 0][card.gang], small, data: { card: `k${c + 1}` }, tip: `${card.name} (${ctx.data.ali_baba.gangs[card.gang]})`,
    label: ("k" + (c + 1) + " " + (t("{name} ({gang}), loot {value}, fate {numbers}", { name: card.name, gang: ctx.data.ali_baba.gangs[card.gang], value: card.value, numbers: card.fate.join(", ") }))),
  });
}

/** The offer on the table in words: who offers whom which bandits and piasters, for what. */
function offerText(ctx, offer) {
  const { t, tn } = ctx;
  const items = (list) => (list.length
    ? list.map(([kind, x]) => (kind === "bandit" ? `k${x + 1} ${ctx.data.ali_baba.cards[x].name}` : tn("{n} piaster", "{n} piasters", x))).join(", ")
    : t("nothing"));
  const who = offer.id < 0 ? t("{seat} builds an offer", { seat: ctx.seatLabel(offer.maker) }) : t("{seat} offers {other}", { seat: ctx.seatLabel(offer.maker), other: ctx.seatLabel(offer.to) });
  return t("{who}: {gives} for {asks}", { who, gives: items(offer.gives), asks: items(offer.asks) });
}

function drawAliBaba(part, ctx) {
  const { h, t } = ctx;
  const data = ctx.data.ali_baba;
  const here = data.fields[part.field];
  const districts = [];
  data.fields.forEach((f, i) => {
    (districts[f.district] ||= []).push([f, i]);
  });
  const kindOf = (f) => (f.kind === "gang" ? data.gangs[f.gang] : fieldKind(ctx, f.kind));
  const track = h("div.ab-track", { "aria-label": t("the track: Ali Baba on field {field}", { field: here.id }) },
    districts.map((fields, k) => h("div.ab-district",
      h("span.ab-dname", t("district {n} · prices {prices}", { n: k + 1, prices: data.prices.map((row, g) => `${GANG_MARK[g]} ${row[k]}`).join(" ") })),
      h("div.ab-fields", fields.map(([f, i]) => h("span.ab-field", {
        class: i === part.field ? "here" : f.kind === "gang" ? `gang g${f.gang}` : "",
        title: `${f.id}: ${kindOf(f)}`,
        "data-field": f.id,
      }, i === part.field ? "A" : f.kind === "gang" ? GANG_MARK[f.gang] : KIND_MARK[f.kind] || "·"))))));
  const dice = h("p.ab-dice",
    ctx.ui.stat(t("black die"), part.black || "—"), " ", ctx.ui.stat(t("white die"), part.white || "—"),
    part.black && part.white ? (" · " + (t("fate number {n}", { n: data.grid[part.black - 1][part.white - 1] }))) : "",
    part.hunted ? (" · " + (t("hunted: {what}", { what: part.hunted }))) : "");
  const piles = h("div.row", part.open_cards.map((c, g) => h("div.spot", { "data-pile": `g${g + 1}` },
    h("span.k", `${data.gangs[g]} (${part.pile_sizes[g]})`),
    c === null ? h("span.none", t("empty")) : ctx.bind(bandit(ctx, c), outside(ctx.find(`k${c + 1}`))))));
  ctx.center.append(h("section.box.ab-board", { "data-part": "ali_baba", "aria-label": t("Ali Baba's table") },
    h("h3", t("round {n} · Ali Baba on field {field} ({kind})", { n: part.round, field: here.id, kind: kindOf(here) })),
    track, h("p.ab-legend", t("A Ali Baba · S start · ? loot · D die · * four symbols · e event · Y G B R the gangs")),
    dice, h("h4", t("open bandit piles")), piles,
    part.offer ? h("p.ab-offer", offerText(ctx, part.offer)) : null));
  drawBazaar(part, ctx);
  for (let p = 0; p < ctx.players; p++) {
    const seat = ctx.seat(p);
    if (!seat) continue;
    seat.append(h("div.row", ctx.ui.stat(t("piasters"), part.piasters[p]), " ", ctx.ui.stat(t("movement cards"), part.hand_sizes[p]),
      part.offers[p] ? [" ", ctx.ui.stat(t("offers"), part.offers[p])] : null),
    h("div.row", { "aria-label": t("bandits of {seat}", { seat: ctx.seatLabel(p) }) },
      part.bandits[p].length
        ? part.bandits[p].map((c) => (p === ctx.me ? ctx.bind(bandit(ctx, c), outside(ctx.find(`k${c + 1}`))) : bandit(ctx, c)))
        : h("span.none", t("no bandits"))),
    part.arrested[p].length ? h("p", t("arrested: {cards}", { cards: part.arrested[p].map((c) => `k${c + 1}`).join(", ") })) : "");
  }
  if (part.hand) {
    ctx.hand.append(h("h3", t("your movement cards")), h("div.row", part.hand.map((v, i) => {
      const el = h("span.ab-move", { "data-move": `c${i + 1}`, "aria-label": t("movement card {ref}: {value}", { ref: `c${i + 1}`, value: v }) }, String(v));
      return ctx.bind(el, ctx.find(`c${i + 1}`, ["move"]));
    })));
  }
}

/** A field's kind in the page's language. */
function fieldKind(ctx, kind) {
  const t = ctx.t;
  const names = { start: t("start"), empty: t("empty"), question: t("loot"), die: t("die"), all: t("four symbols"), event: t("event") };
  return names[kind] || kind;
}

function verbOf(code) {
  return code.split(" ", 1)[0];
}

function outside(actions) {
  return actions.filter((a) => !NEGOTIATION.has(verbOf(a.code)));
}

/** One side of an offer as cards, and its piasters. */
function itemNodes(ctx, items) {
  return items.map(([kind, x]) => (kind === "bandit" ? bandit(ctx, x) : ctx.h("span.ab-piasters", ctx.tn("{n} piaster", "{n} piasters", x))));
}

/** The negotiation in the trade panel: shown while this seat may build or answer an offer, or an
 * offer is on the table. */
function drawBazaar(part, ctx) {
  const { h, t } = ctx;
  const data = ctx.data.ali_baba;
  const legal = ctx.legal;
  const codes = new Set(legal.map((a) => a.code));
  const mine = legal.filter((a) => NEGOTIATION.has(verbOf(a.code)));
  if (!mine.length && !part.offer) return;
  const me = ctx.me;
  const offer = part.offer;
  const offers = [];
  if (offer) {
    const draft = offer.id < 0;
    const answers = draft
      ? (offer.maker === me ? legal.filter((a) => a.code.startsWith("send ") || a.code === "scrap")
        .map((a) => ({ code: a.code, label: a.code === "scrap" ? t("scrap") : t("send to {seat}", { seat: a.code.slice(5) }), kind: a.code === "scrap" ? "reject" : "accept" })) : [])
      : ["accept", "decline"].filter((c) => codes.has(c)).map((c) => ({ code: c, label: c === "accept" ? t("accept") : t("decline"), kind: c === "accept" ? "accept" : "reject" }));
    offers.push({
      key: draft ? `draft:${offer.maker}` : `${part.round}:${ctx.view.turn}:${offer.id}:${offer.maker}`,
      name: draft ? t("draft") : `o${offer.id + 1}`, maker: offer.maker, to: offer.to,
      gives: itemNodes(ctx, offer.gives), asks: itemNodes(ctx, offer.asks), answers,
      text: offerText(ctx, offer), choose: draft ? h("p.none", offer.maker === me ? t("your offer in the making: add to it below, then send it") : t("being built")) : null,
    });
  }
  const building = legal.filter((a) => ["offer", "ask", "pay", "charge"].includes(verbOf(a.code)));
  let builder = null;
  if (building.length) {
    const cardOf = (a) => Number(a.code.split(" k")[1]) - 1;
    const ownerOf = (c) => part.bandits.findIndex((cards) => cards.includes(c));
    // a bandit to pick: a compact chip (its gang's colour and letter, code and name; all of it in the tooltip)
    const chip = (a) => {
      const c = cardOf(a);
      const info = data.cards[c];
      return h("button.pick.ab-chip", {
        type: "button", "data-code": a.code, "data-key": `ab:${a.code}`, "data-card": `k${c + 1}`, disabled: ctx.busy || null,
        title: t("{move}: loot {value}, fate {numbers}", { move: a.label, value: info.value, numbers: info.fate.join(", ") }), style: { "--hue": String([50, 120, 215, 0][info.gang]) },
        onclick: () => ctx.act(a.code),
      }, h("span.band", { "aria-hidden": "true" }, GANG_MARK[info.gang]), ` k${c + 1} ${info.name}`);
    };
    // the bandits one may ask for, one owner at a time (an offer asks of one player)
    const asks = building.filter((a) => verbOf(a.code) === "ask");
    const owners = [...new Set(asks.map((a) => ownerOf(cardOf(a))))];
    const tab = ctx.keep("ab-ask-owner", () => ({ p: null }));
    if (!owners.includes(tab.p)) tab.p = owners[0] ?? null;
    const ownerTabs = owners.length > 1 ? h("div.targets", { role: "radiogroup", "aria-label": t("ask a bandit of") }, owners.map((p) => h("button.target", {
      type: "button", role: "radio", "aria-checked": String(tab.p === p), "data-owner": `p${p + 1}`,
      onclick: () => { tab.p = p; ctx.redraw(); },
    }, ("" + (tab.p === p ? "●" : "○") + " " + (t("{seat}'s", { seat: ctx.seatLabel(p) })))))) : null;
    const cardsOf = (verb) => building.filter((a) => verbOf(a.code) === verb && (verb !== "ask" || ownerOf(cardOf(a)) === tab.p)).map(chip);
    const money = (verb, sign) => building.filter((a) => verbOf(a.code) === verb).map((a) => h("button.ab-money", {
      type: "button", "data-code": a.code, "data-key": `ab:${a.code}`, title: a.label, disabled: ctx.busy || null, onclick: () => ctx.act(a.code),
    }, `${sign}${a.code.split(" m")[1]}`));
    const withMoney = (cards, coins) => [...cards, coins.length ? h("span.ab-plus", t("piasters")) : null, ...coins].filter(Boolean);
    const giving = withMoney(cardsOf("offer"), money("pay", "+"));
    const asking = withMoney(cardsOf("ask"), money("charge", "+"));
    builder = h("section.composer", { "aria-label": t("make an offer") },
      h("h3", offer && offer.id < 0 ? t("add to your offer") : t("make an offer (one click each)")),
      h("div.bline", h("span.k", t("give")), giving.length ? h("div.picks.give", giving) : h("p.none", t("nothing more to give"))),
      ownerTabs, h("div.bline", h("span.k", t("ask")), asking.length ? h("div.picks.askbandits", asking) : h("p.none", t("nothing more to ask"))));
  }
  const moves = legal.filter((a) => !NEGOTIATION.has(verbOf(a.code))).map((a) => ({ code: a.code, label: a.code === "done" ? t("done (leave the bazaar)") : a.label }));
  ctx.ui.tradePanel(ctx, {
    title: t("bazaar"),
    info: me === null ? "" : t("your piasters: {n}", { n: part.piasters[me] }),
    table: null, offers, moves, builder, sitOut: false,
  });
}

export default { parts: { ali_baba: drawAliBaba } };
