// The Cult table: the 13 districts with priests, Patriarchs, altars and coin stacks;
// each cult's side, power and resources; my hand; the decks and the Palace.
import { h, s, colour } from "./dom.js";
import { t } from "./i18n.js";

const W = 220, H = 150, GAP = 10;

function place(n) {  // districts 1-5, 6-10 in two rows, 11-13 centred below
  const i = n - 1, row = Math.floor(i / 5), col = row < 2 ? i % 5 : i - 10 + 1;
  return [GAP + col * (W + GAP), GAP + row * (H + GAP)];
}

const placeOf = (district) => (a) => a === `place ${district}` || a.startsWith(`place ${district} `);

export function board(p, ctx) {
  const v = p.view;
  const svg = s("svg", { class: "board", viewBox: `0 0 ${5 * (W + GAP) + GAP} ${3 * (H + GAP) + GAP}`,
    role: "img", "aria-label": t("board") });
  for (const d of v.districts) {
    const [x, y] = place(d.number);
    const choices = (p.choices || []).filter((c) => placeOf(d.number)(c.action));
    const active = v.active_district === d.number;
    const g = s("g", { class: `district${choices.length ? " pick" : ""}`, "data-district": d.number,
      tabindex: choices.length ? 0 : undefined, role: choices.length ? "button" : undefined,
      "aria-label": `${d.number} ${d.name}` });
    g.append(s("rect", { x, y, width: W, height: H, rx: 8, fill: active ? "#fff3c4" : "#ffffff",
      stroke: d.seized_by !== null ? colour(d.seized_by) : "#8d8677", "stroke-width": d.seized_by !== null ? 4 : 1.5 }),
      s("text", { x: x + 8, y: y + 24, "font-size": 21, "font-weight": 700, fill: "#1c1b19", text: `${d.number} ${d.name}` }));
    d.priests.forEach((pr, i) => {
      const cx = x + 22 + (i % 5) * 43, cy = y + 56 + Math.floor(i / 5) * 44;
      const label = pr.level === "P" ? "P" : String(pr.level + (pr.bonus || 0));
      g.append(s("circle", { cx, cy, r: 18, fill: colour(pr.owner), stroke: pr.level === "P" ? "#000" : "#fff", "stroke-width": pr.level === "P" ? 3 : 1 }),
        s("text", { x: cx, y: cy + 7, "text-anchor": "middle", "font-size": 19, "font-weight": 700, fill: "#fff", text: label }));
      if (pr.coins) g.append(s("text", { x: cx + 14, y: cy - 12, "text-anchor": "middle", "font-size": 16, "font-weight": 700, fill: "#6b4e00", text: `¤${pr.coins}` }));
    });
    d.altars.forEach((owner, i) => {
      g.append(s("rect", { x: x + 10 + i * 26, y: y + H - 28, width: 20, height: 20, fill: colour(owner), stroke: "#000" }));
    });
    if (d.smile) g.append(s("text", { x: x + W - 28, y: y + 24, "font-size": 22, text: "☺" }));
    if (choices.length) {
      const go = () => (choices.length === 1 ? ctx.send(choices[0].action) : ctx.pick(placeOf(d.number)));
      g.addEventListener("click", go);
      g.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); go(); } });
    }
    svg.append(g);
  }
  const hint = p.choices && p.choices.some((c) => c.action.startsWith("place ")) ? h("p", { class: "muted", text: t("pick") }) : null;
  return h("div", {}, svg, hint);
}

export function players(p, ctx) {
  const v = p.view;
  const cards = (list) => h("div", { class: "cards" }, list.map((c) => h("span", { class: "card", title: c, text: `${c} ${ctx.catalog[c] || ""}` })));
  const me = v.players[p.seat];
  return h("div", {},
    h("div", { class: "players" }, v.players.map((pl) => h("div", {
      class: `player${pl.index === p.seat ? " me" : ""}${p.waiting.includes(pl.index) ? " waiting" : ""}`,
      style: `border-left-color: ${colour(pl.index)}` },
      h("h4", { text: `P${pl.index} ${pl.cult_name}${pl.index === p.seat ? ` (${t("you")})` : ""}` }),
      h("div", { class: "stats" },
        h("span", { text: t("side") }), h("span", { text: t(pl.side) }),
        h("span", { text: t("power") }), h("span", { text: pl.power }),
        h("span", { text: t("followers") }), h("span", { text: pl.followers }),
        h("span", { text: t("coins") }), h("span", { text: pl.coins }),
        h("span", { text: t("mobs") }), h("span", { text: pl.mobs }),
        h("span", { text: t("altars") }), h("span", { text: pl.altars }),
        h("span", { text: t("rituals") }), h("span", { text: pl.rituals }),
        h("span", { text: t("cards") }), h("span", { text: pl.hand_size }),
        h("span", { text: t("free") }), h("span", { text: pl.free.join(" ") || "—" })),
      pl.licences.length ? cards(pl.licences) : null))),
    me && me.hand ? h("div", { class: "panel", id: "hand" }, h("h3", { text: t("hand") }), cards(me.hand)) : null,
    h("div", { class: "panel" }, h("h3", { text: t("palace") }), cards(v.palace.filter(Boolean)),
      h("p", { class: "muted", text: `${t("decks")}: ${Object.entries(v.decks).filter(([k]) => k !== "known_bottom").map(([k, n]) => `${k} ${n}`).join(", ")}` }),
      v.greatness && v.greatness.holder !== null ? h("p", { text: `G: P${v.greatness.holder}` }) : null));
}
