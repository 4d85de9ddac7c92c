// Bohnaparte's board on the browser table: the landscapes in their rows (brick pattern: every
// other row shifted half a cell), each with its number, kind, owner, camp, fortress or empty
// quarry in words (colour is never the only signal), then the open attack and each player's
// markers, camps, depots and riders. Landscapes act when clicked (codes name them: l5).

const SHORT = { monastery: "monastery", camp: "camp", iron_mine: "iron mine", village: "village", city: "city",
  farm: "farm", river: "river", swamp: "swamp", quarry: "quarry" };

function owner(ctx, p) {
  return p < 0 ? "—" : ctx.seatLabel(p);
}

function drawBoard(part, ctx) {
  const h = ctx.h;
  const rows = new Map();
  part.cells.forEach(([r, c], i) => {
    if (!rows.has(r)) rows.set(r, []);
    rows.get(r).push([c, i]);
  });
  const camps = new Map(part.camps.map((l, p) => [l, p]));
  const grid = h("div.bp-grid", { role: "list", "aria-label": "the landscapes" });
  for (const [r, cells] of [...rows.entries()].sort((a, b) => a[0] - b[0])) {
    const shifted = part.pattern === "brick" && (r + (part.shift || 0)) % 2 === 1;
    const row = h("div.bp-row", { class: shifted ? "shifted" : "" });
    for (const [, i] of cells.sort((a, b) => a[0] - b[0])) {
      const kind = part.kinds[i];
      const who = part.owners[i];
      const marks = [
        camps.has(i) ? `camp of ${owner(ctx, camps.get(i))}` : null,
        part.fortresses.includes(i) ? "fortress" : null,
        part.empty_quarries.includes(i) ? "quarry empty" : null,
        part.target === i ? "under attack" : null,
      ].filter(Boolean);
      const cell = h("div.bp-cell", {
        role: "listitem", "data-landscape": `l${i + 1}`, "data-kind": kind,
        class: [who >= 0 ? "owned" : "", who === ctx.me && who >= 0 ? "mine" : "", part.target === i ? "target" : ""].join(" "),
        style: who >= 0 ? { "--hue": String((who * 97 + 20) % 360) } : null,
        "aria-label": `landscape l${i + 1}: ${SHORT[kind] || kind}, ${who >= 0 ? `owned by ${owner(ctx, who)}` : "free"}${marks.length ? ", " + marks.join(", ") : ""}`,
      },
      h("span.bp-ref", `l${i + 1}`), h("span.bp-kind", SHORT[kind] || kind), h("span.bp-owner", owner(ctx, who)),
      marks.length ? h("span.bp-marks", marks.join(" · ")) : null);
      row.append(ctx.bind(cell, ctx.find(`l${i + 1}`)));
    }
    grid.append(row);
  }
  const attack = part.attacker >= 0
    ? h("p.bp-attack", `attack: ${owner(ctx, part.attacker)} on l${part.target + 1}`,
      part.defender >= 0 ? ` against ${owner(ctx, part.defender)}` : "",
      part.rider >= 0 ? `, rider of ${owner(ctx, part.rider)}` : "",
      ` · attack card ${part.attack_laid ? "laid" : "not laid"} · defence ${part.defence_laid ? "laid" : "not laid"}`,
      part.own_fight_card !== null ? ` · your fight card: ${part.own_fight_card}` : "")
    : h("p.bp-attack", "no open attack");
  ctx.center.append(h("section.box.bp-board", { "data-part": "board", "aria-label": "Bohnaparte's board" },
    h("h3", `the board (round ${part.round})`), grid, attack,
    h("p", `fortresses left: ${part.fortresses_left}`, part.tired.length ? ` · tired: ${part.tired.map((p) => owner(ctx, p)).join(", ")}` : "")));
  for (let p = 0; p < ctx.players; p++) {
    const seat = ctx.seat(p);
    if (!seat) continue;
    const where = (l) => (l >= 0 ? `l${l + 1}` : "—");
    seat.append(h("p.bp-seat",
      ctx.ui.stat("markers", part.markers[p]), " ",
      ctx.ui.stat("camp", where(part.camps[p])), " ",
      ctx.ui.stat("depot", where(part.depots[p])), " ",
      ctx.ui.stat("merchant", where(part.merchants[p]))));
  }
  if (part.own_depot && part.own_depot.length) ctx.hand.append(h("p", `your depot: ${part.own_depot.join(", ")}`));
  if (part.own_merchant && part.own_merchant.length) ctx.hand.append(h("p", `your merchant: ${part.own_merchant.join(", ")}`));
}

export default { parts: { board: drawBoard } };
