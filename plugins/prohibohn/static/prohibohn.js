// Prohibohn on the browser table: the supply (buildings, police stations and the razzia for sale,
// each with its code, price and the bean whose coins pay for it; its power on hover and in its
// label), each player's buildings, police station and whether the razzia was bought. A card for
// sale buys when clicked (its code: buy c3; the razzia asks which bean pays). Card facts come
// from the public rule data (ctx.data.prohibohn); Al Cabohne's modules draw the beans and bosses.

const GROUP_MARK = { building: "B", police: "P", razzia: "R" };

function cardOf(ctx, name, { small = false, buying = false } = {}) {
  const c = ctx.data.prohibohn.cards[name] || { code: "", group: "building", bean: "", price: "", text: "" };
  const el = ctx.ui.card({
    // the price is in a building's and a police station's name; the razzia's is added
    title: c.group === "razzia" ? `${name} (${c.price})` : name.replace("Police Station", "Police"), mark: GROUP_MARK[c.group] || "", corner: buying ? c.code : "", foot: `${c.price} ${c.bean}`,
    kind: `building ${c.group}`, hue: ctx.ui.hueOf(c.bean), small, data: { building: c.code },
    label: ("" + (buying ? `${c.code} ` : "") + (ctx.t("{name}: costs {price} {bean} coins; {text}", { name, price: c.price, bean: c.bean, text: c.text }))),
  });
  el.title = c.text;
  if (!buying) return el;
  const actions = c.group === "razzia"
    ? ctx.legal.filter((a) => a.code.startsWith("razzia "))
    : ctx.find(c.code, ["buy"]);
  return ctx.bind(el, actions);
}

function drawProhibohn(part, ctx) {
  const { h, t } = ctx;
  const cards = ctx.data.prohibohn.cards;
  const kinds = new Map();  // the supply by kind, in supply order: a row per kind
  for (const name of part.supply) {
    const kind = (cards[name] || {}).kind || name;
    if (!kinds.has(kind)) kinds.set(kind, []);
    kinds.get(kind).push(name);
  }
  const owned = (p) => part.owned[p] || [];
  const police = (p) => owned(p).find((n) => (cards[n] || {}).group === "police");
  const razziaOwner = part.owned.findIndex((o) => o.some((n) => (cards[n] || {}).group === "razzia"));
  ctx.center.append(h("section.box.pb-supply", { "data-part": "prohibohn", "aria-label": t("Prohibohn's buildings") },
    h("h3", t("for sale ({n})", { n: part.supply.length })),
    h("p.pb-status",
      part.razzia ? h("b", razziaOwner >= 0 ? t("razzia bought by {seat}: every 1-building is worthless", { seat: ctx.seatLabel(razziaOwner) }) : t("razzia bought: every 1-building is worthless")) : t("no razzia yet"),
      part.stopped ? (" · " + (t("play stopped for the last sales {n}×", { n: part.stopped }))) : ""),
    h("div.pb-kinds", [...kinds.values()].map((names) => h("div.pb-kind",
      h("span.k", t("paid in {bean}", { bean: (cards[names[0]] || {}).bean })),
      h("div.row", names.map((n) => cardOf(ctx, n, { small: true, buying: true })))))),
    part.removed.length ? h("p.pb-removed", t("out of the game: {cards}", { cards: part.removed.join(", ") })) : null));
  for (let p = 0; p < ctx.players; p++) {
    const seat = ctx.seat(p);
    if (!seat) continue;
    const station = police(p);
    seat.append(h("div.pb-owned", { "aria-label": t("buildings of {seat}", { seat: ctx.seatLabel(p) }) },
      h("span.k", t("buildings ({n})", { n: owned(p).length })),
      station ? [" ", ctx.ui.stat(t("police"), station.replace("Police Station ", ("" + (t("station")) + " ")))] : null,
      h("div.row", owned(p).length ? owned(p).map((n) => cardOf(ctx, n, { small: true })) : h("span.none", t("none")))));
  }
}

export default { parts: { prohibohn: drawProhibohn } };
