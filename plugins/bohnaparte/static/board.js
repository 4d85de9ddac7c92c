// Bohnaparte's board on the browser table: the landscapes in their rows (brick pattern: every
// other row shifted half a cell), each with its number, kind, owner, camp, fortress or empty
// quarry in words (colour is never the only signal), then the open attack and each player's
// markers, camps, depots and merchants (counts; the seat's own face up) and the rider troops.
// Landscapes act when clicked (codes name them: l5).

/** A landscape's kind in the page's language. */
function kindName(ctx, kind) {
  const t = ctx.t;
  const names = { monastery: t("monastery"), camp: t("camp"), iron_mine: t("iron mine"), horse_team: t("horse team"), forest: t("forest"),
    village: t("village"), city: t("city"), farm: t("farm"), river: t("river"), swamp: t("swamp"), quarry: t("quarry") };
  return names[kind] || String(kind).replaceAll("_", " ");
}

function owner(ctx, p) {
  return p < 0 ? "—" : ctx.seatLabel(p);
}

function drawBoard(part, ctx) {
  const { h, t } = ctx;
  const rows = new Map();
  part.cells.forEach(([r, c], i) => {
    if (!rows.has(r)) rows.set(r, []);
    rows.get(r).push([c, i]);
  });
  const camps = new Map(part.camps.map((l, p) => [l, p]));
  const grid = h("div.bp-grid", { role: "list", "aria-label": t("the landscapes") });
  for (const [r, cells] of [...rows.entries()].sort((a, b) => a[0] - b[0])) {
    const shifted = part.pattern === "brick" && (r + (part.shift || 0)) % 2 === 1;
    const row = h("div.bp-row", { class: shifted ? "shifted" : "" });
    for (const [, i] of cells.sort((a, b) => a[0] - b[0])) {
      const kind = part.kinds[i];
      const who = part.owners[i];
      const marks = [
        camps.has(i) ? t("camp of {seat}", { seat: owner(ctx, camps.get(i)) }) : null,
        part.fortresses.includes(i) ? t("fortress") : null,
        part.empty_quarries.includes(i) ? t("quarry empty") : null,
        part.target === i ? t("under attack") : null,
        kind === "horse_team" ? (part.tired.includes(i) ? t("rider troop tired") : t("rider troop fresh")) : null,
      ].filter(Boolean);
      const cell = h("div.bp-cell", {
        role: "listitem", "data-landscape": `l${i + 1}`, "data-kind": kind,
        class: [who >= 0 ? "owned" : "", who === ctx.me && who >= 0 ? "mine" : "", part.target === i ? "target" : ""].join(" "),
        style: who >= 0 ? { "--hue": String((who * 97 + 20) % 360) } : null,
        "aria-label": ("" + (t("landscape {ref}: {kind}", { ref: `l${i + 1}`, kind: kindName(ctx, kind) })) + ", " + (who >= 0 ? t("owned by {seat}", { seat: owner(ctx, who) }) : t("free")) + (marks.length ? ", " + marks.join(", ") : "")),
      },
      h("span.bp-ref", `l${i + 1}`), h("span.bp-kind", kindName(ctx, kind)), h("span.bp-owner", owner(ctx, who)),
      marks.length ? h("span.bp-marks", marks.join(" · ")) : null);
      row.append(ctx.bind(cell, ctx.find(`l${i + 1}`)));
    }
    grid.append(row);
  }
  ctx.center.append(h("section.box.bp-board", { "data-part": "board", "aria-label": t("Bohnaparte's board") },
    h("h3", t("the board")), grid,
    drawAttack(part, ctx), drawRiders(part, ctx),
    part.kinds.includes("horse_team") ? null : h("p", t("fortresses left: {n}", { n: part.fortresses_left }))));
  for (let p = 0; p < ctx.players; p++) {
    const seat = ctx.seat(p);
    if (!seat) continue;
    seat.append(h("p.bp-seat",
      ctx.ui.stat(t("markers"), part.markers[p]), " ",
      ctx.ui.stat(t("camp"), part.camps[p] >= 0 ? `l${part.camps[p] + 1}` : "—"),
      part.depots[p] >= 0 ? [" ", ctx.ui.stat(t("depot"), cards(ctx, part.depots[p]))] : null,
      part.merchants[p] >= 0 ? [" ", ctx.ui.stat(t("merchant"), cards(ctx, part.merchants[p]))] : null));
  }
  // the seat's own face-down cards, face up to it alone (the others see the counts above)
  const own = (cardsOf, ref, what, title) => h("div.spot.bp-own", { "data-own": what }, h("span.k", title),
    h("div.row", cardsOf.length
      ? cardsOf.map((name, k) => ctx.bind(ctx.ui.beanCard(ctx, name, { small: true, corner: `${ref}${k + 1}` }), ctx.find(`${ref}${k + 1}`)))
      : h("span.none", t("empty"))));
  if (part.own_depot && part.depots[ctx.me] >= 0) ctx.hand.append(own(part.own_depot, "d", "depot", t("your depot")));
  if (part.own_merchant && part.merchants[ctx.me] >= 0) ctx.hand.append(own(part.own_merchant, "m", "merchant", t("your merchant")));
}

function cards(ctx, n) {
  return ctx.tn("{n} card", "{n} cards", n);
}

/** The open attack: who attacks which landscape of whom, the round (round 1 of a rider attack:
 * the rider troop's fixed strength 17), and the two fight cards: face down (a back) until the
 * reveal, the seat's own one face up to it, a card from the deck top unseen by anyone. */
function drawAttack(part, ctx) {
  const { h, t } = ctx;
  if (part.attacker < 0) return h("p.bp-attack", t("no open attack"));
  const words = { attack: t("attack"), defence: t("defence") };
  const side = (who, laid, what) => {
    let face;
    if (!laid) face = h("div.card.small.empty", t("not laid yet"));
    else if (who === ctx.me && part.own_fight_card) face = ctx.ui.beanCard(ctx, part.own_fight_card[0], { small: true, label: t("your {side} card, face down to the others: {bean}", { side: words[what], bean: part.own_fight_card[0] }) });
    else face = ctx.ui.back({ small: true, label: t("{side} card, face down", { side: words[what] }), text: who === ctx.me ? t("unseen") : "" });
    return h("div.spot", { "data-fight": what }, h("span.k", ("" + (words[what]) + ": " + (who >= 0 ? owner(ctx, who) : t("neutral land")))), face);
  };
  const riders = part.kinds.includes("horse_team");  // rounds are the rider variant's
  const riding = riders && part.round === 1 && part.rider >= 0;
  return h("div.bp-attack", { "aria-label": t("the open attack") },
    h("p", h("b", ("" + (t("attack")) + ": ")), t("{seat} on {ref} ({kind}) of {defender}", { seat: owner(ctx, part.attacker), ref: `l${part.target + 1}`,
      kind: kindName(ctx, part.kinds[part.target]), defender: part.defender >= 0 ? owner(ctx, part.defender) : t("neutral land") }),
      riders && part.round ? (" · " + (t("round {n}", { n: part.round }))) : ""),
    h("div.row",
      riding
        ? h("div.spot", { "data-fight": "rider" }, h("span.k", t("rider troop of {ref}", { ref: `l${part.rider + 1}` })), h("div.bp-troop", t("strength {n}", { n: 17 })))
        : side(part.attacker, part.attack_laid, "attack"),
      side(part.defender, part.defence_laid, "defence")));
}

/** The rider variant: each horse team's rider troop, its owner and whether it is fresh or tired. */
function drawRiders(part, ctx) {
  const { h, t } = ctx;
  const teams = part.kinds.map((k, i) => [k, i]).filter(([k]) => k === "horse_team");
  if (!teams.length) return null;
  return h("div.bp-riders", { "aria-label": t("rider troops") }, h("h4", t("rider troops")),
    h("div.row", teams.map(([, i]) => {
      const tired = part.tired.includes(i);
      const state = tired ? t("tired") : t("fresh");
      return h("div.bp-troop", { class: tired ? "tired" : "", "data-troop": `l${i + 1}`,
        "aria-label": t("rider troop of the horse team {ref}: {seat}, {state}", { ref: `l${i + 1}`, seat: owner(ctx, part.owners[i]), state }) },
      h("b", `l${i + 1}`), (" " + (part.owners[i] >= 0 ? owner(ctx, part.owners[i]) : t("no owner")) + " · " + (tired ? t("tired (turned over)") : t("fresh"))),
      part.rider === i ? (" · " + (t("rides"))) : "");
    })));
}

export default { parts: { board: drawBoard } };
