// Al Cabohne's mafia on the browser table: each boss with the beans on his field, how many he
// needs before he takes a field's beans (his threshold), and the mafia's treasury. The bean-o-meter
// of each bean is on its card (the bean family's module); the `meter` command prints them all.

function drawMafia(part, ctx) {
  const { h, t, tn } = ctx;
  const bosses = part.bosses.map((boss, b) => {
    const field = part.fields[b] || [];
    const bean = field.length ? field[field.length - 1] : null;
    const el = h("div.boss", { "data-boss": `b${b + 1}`, "aria-label": t("boss {ref}: {boss}", { ref: `b${b + 1}`, boss }) },
      h("div.bossname", `b${b + 1} · ${boss}`),
      bean ? ctx.ui.beanCard(ctx, bean, { small: true, corner: field.length }) : h("div.card.small.empty", t("no beans")),
      h("div.sale", bean ? `${field.length} ${bean}` : "—"),
      part.thresholds[b] !== undefined ? h("div.sale", t("threshold {n}", { n: part.thresholds[b] })) : null);
    return ctx.bind(el, ctx.find(`b${b + 1}`));
  });
  ctx.center.append(h("section.box.mafia", { "data-part": "mafia", "aria-label": t("the mafia") },
    h("h3", t("the mafia")),
    h("div.row", bosses, h("div.spot", h("span.k", t("treasury")), h("b", tn("{n} coin", "{n} coins", part.treasury))))));
}

export default { parts: { mafia: drawMafia } };
