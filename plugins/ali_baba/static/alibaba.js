// Ali Baba on the browser table: the track by district (Ali Baba's field marked "A" and in
// words), the dice and the fate roll, the open bandit piles, each player's bandits, piasters and
// movement cards, the offer on the table. Cards are named from the board's public rule data
// (ctx.data.ali_baba); the seat's own movement cards come from its view only.

const GANG_MARK = ["Y", "G", "B", "R"];  // yellow swindlers, green thieves, blue deceivers, red robbers
const KIND_MARK = { start: "S", empty: "·", question: "?", die: "D", all: "*", event: "e" };

function bandit(ctx, c, small = true) {
  const card = ctx.data.ali_baba.cards[c];
  return ctx.ui.card({
    title: card.name, mark: GANG_MARK[card.gang], corner: `k${c + 1}`, foot: `${card.value} · fate ${card.fate.join(",")}`,
    kind: "bandit", hue: [50, 120, 215, 0][card.gang], small, data: { card: `k${c + 1}` },
    label: `k${c + 1} ${card.name} (${ctx.data.ali_baba.gangs[card.gang]}), loot ${card.value}, fate ${card.fate.join(", ")}`,
  });
}

/** The offer on the table in words: who offers whom which bandits and piasters, for what. */
function offerText(ctx, offer) {
  const items = (list) => (list.length
    ? list.map(([kind, x]) => (kind === "bandit" ? `k${x + 1} ${ctx.data.ali_baba.cards[x].name}` : `${x} piasters`)).join(", ")
    : "nothing");
  const who = offer.id < 0 ? `${ctx.seatLabel(offer.maker)} builds an offer` : `${ctx.seatLabel(offer.maker)} offers ${ctx.seatLabel(offer.to)}`;
  return `${who}: ${items(offer.gives)} for ${items(offer.asks)}`;
}

function drawAliBaba(part, ctx) {
  const h = ctx.h;
  const data = ctx.data.ali_baba;
  const here = data.fields[part.field];
  const districts = [];
  data.fields.forEach((f, i) => {
    (districts[f.district] ||= []).push([f, i]);
  });
  const track = h("div.ab-track", { "aria-label": `the track: Ali Baba on field ${here.id}` },
    districts.map((fields, k) => h("div.ab-district",
      h("span.ab-dname", `district ${k + 1} · prices ${data.prices.map((row, g) => `${GANG_MARK[g]} ${row[k]}`).join(" ")}`),
      h("div.ab-fields", fields.map(([f, i]) => h("span.ab-field", {
        class: i === part.field ? "here" : f.kind === "gang" ? `gang g${f.gang}` : "",
        title: `${f.id}: ${f.kind === "gang" ? data.gangs[f.gang] : f.kind}`,
        "data-field": f.id,
      }, i === part.field ? "A" : f.kind === "gang" ? GANG_MARK[f.gang] : KIND_MARK[f.kind] || "·"))))));
  const dice = h("p.ab-dice",
    ctx.ui.stat("black die", part.black || "—"), " ", ctx.ui.stat("white die", part.white || "—"),
    part.black && part.white ? ` · fate number ${data.grid[part.black - 1][part.white - 1]}` : "",
    part.hunted ? ` · hunted: ${part.hunted}` : "");
  const piles = h("div.row", part.open_cards.map((c, g) => h("div.spot", { "data-pile": `g${g + 1}` },
    h("span.k", `${data.gangs[g]} (${part.pile_sizes[g]})`),
    c === null ? h("span.none", "empty") : ctx.bind(bandit(ctx, c), ctx.find(`k${c + 1}`)))));
  ctx.center.append(h("section.box.ab-board", { "data-part": "ali_baba", "aria-label": "Ali Baba's table" },
    h("h3", `round ${part.round} · Ali Baba on field ${here.id} (${here.kind === "gang" ? data.gangs[here.gang] : here.kind})`),
    track, h("p.ab-legend", "A Ali Baba · S start · ? loot · D die · * four symbols · e event · Y G B R the gangs"),
    dice, h("h4", "open bandit piles"), piles,
    part.offer ? h("p.ab-offer", offerText(ctx, part.offer)) : null));
  for (let p = 0; p < ctx.players; p++) {
    const seat = ctx.seat(p);
    if (!seat) continue;
    seat.append(h("div.row", ctx.ui.stat("piasters", part.piasters[p]), " ", ctx.ui.stat("movement cards", part.hand_sizes[p]),
      part.offers[p] ? [" ", ctx.ui.stat("offers", part.offers[p])] : null),
    h("div.row", { "aria-label": `bandits of ${ctx.seatLabel(p)}` },
      part.bandits[p].length
        ? part.bandits[p].map((c) => (p === ctx.me ? ctx.bind(bandit(ctx, c), ctx.find(`k${c + 1}`)) : bandit(ctx, c)))
        : h("span.none", "no bandits")),
    part.arrested[p].length ? h("p", `arrested: ${part.arrested[p].map((c) => `k${c + 1}`).join(", ")}`) : "");
  }
  if (part.hand) {
    ctx.hand.append(h("h3", "your movement cards"), h("div.row", part.hand.map((v, i) => {
      const el = h("span.ab-move", { "data-move": `c${i + 1}`, "aria-label": `movement card c${i + 1}: ${v}` }, String(v));
      return ctx.bind(el, ctx.find(`c${i + 1}`, ["move"]));
    })));
  }
}

export default { parts: { ali_baba: drawAliBaba } };
