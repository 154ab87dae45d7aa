// The Clash of Cultures table (the shell's game module interface, see docs/web.md): the
// map with growing cities and units as figures (js/clash/board.js), one panel per player
// with resources, tokens, units and cards as icons, my cards with both halves
// (js/clash/cards.js), the advance tree as a board (js/clash/tree.js), a battle under
// way, victory points by source at the end, and a short rules panel.
import { h } from "./dom.js";
import { icon } from "./ui/pieces.js";
import { playerPanel } from "./ui/panel.js";
import { drawBoard, hexName } from "./clash/board.js";
import { myCards } from "./clash/cards.js";
import { advanceTree } from "./clash/tree.js";
import { resourcePiece, unitPiece } from "./clash/pieces.js";
import { FACTS } from "./clash/facts.js";
import { fmt, t, term } from "./clash/words.js";

const RESOURCES = ["food", "wood", "ore", "ideas", "gold", "mood", "culture"];
const count = (x) => (Array.isArray(x) ? x.length : x);

export function board(p, ctx) {
  const picking = typeof ctx.selected === "string";
  const moving = (p.choices || []).some((c) => c.action.startsWith("move "));
  return h("div", { class: "cl-board" }, drawBoard(p, ctx),
    moving ? h("p", { class: "cl-hint", text: t(picking ? "cl_picked" : "cl_pickStack") }) : null);
}

export function players(p, ctx) {
  const v = p.view;
  return v.players.map((pl, q) => {
    const stats = RESOURCES.map((r) => ({ id: `s-${q}-${r}`, icon: icon(resourcePiece(r), 18), value: pl.resources[r] ?? 0,
      label: t(`cl_${r}`), help: t(`cl_${r}Help`) }));
    for (const [k, n] of Object.entries(pl.units)) {
      stats.push({ id: `s-${q}-${k}`, icon: icon(unitPiece(k, q), 18), value: n, label: term(ctx, "unit_pl", k), help: "" });
    }
    stats.push({ id: `s-${q}-actions`, icon: h("span", { class: "cl-cardicon a", text: "➤" }), value: count(pl.action_cards),
      label: t("cl_actionCards") });
    stats.push({ id: `s-${q}-objectives`, icon: h("span", { class: "cl-cardicon o", text: "◎" }), value: count(pl.objective_cards),
      label: t("cl_objectiveCards") });
    const claimed = pl.claimed.map((c) => {
      const [name, half] = c.split(": ");
      return `${term(ctx, "objective", name)}${half ? ` (${term(ctx, "half", half)})` : ""}`;
    });
    const extra = claimed.length ? h("p", { class: "cl-claimed muted" }, h("strong", { text: `${t("cl_claimed")}: ` }), claimed.join(", ")) : null;
    const gov = pl.government ? term(ctx, "government", pl.government) : "";
    return playerPanel({ name: ctx.seatName(q), seat: q, faction: gov, score: `${pl.vp} ${term(ctx, "word", "vp")}`,
      turn: p.waiting.includes(q), me: q === p.seat, stats, extra, id: `seat-${q}` });
  });
}

export function mine(p, ctx) {
  const me = p.seat === null ? null : p.view.players[p.seat];
  return me ? h("div", { class: "cl-mine" }, myCards(p, ctx, me)) : null;
}

function battle(p, ctx) {
  const b = p.view.battle;
  if (!b || b.hex === undefined) return null;
  const side = (q) => (q < 0 ? t("cl_barbarians") : ctx.seatName(q));
  const hx = p.view.hexes[b.hex];
  return h("p", { class: "panel cl-battle", id: "battle" }, h("strong", { text: `${t("cl_battle")}: ` }),
    `${side(b.att)} → ${side(b.def)}${hx ? `, ${hexName(ctx, hx)}` : ""} · ${t("cl_round")} ${b.round}`);
}

// At the end: each player's victory points by source.
function scoreTable(p, ctx) {
  const v = p.view;
  if (!p.finished || !v.players.every((pl) => pl.vp_parts)) return null;
  const keys = ["pieces", "advances", "objectives", "wonders"];
  return h("section", { class: "panel cl-score", id: "vp-sources", "aria-labelledby": "cl-score-title" },
    h("h3", { id: "cl-score-title", text: t("cl_score") }),
    h("table", { class: "scores" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: t("player") }),
        keys.map((k) => h("th", { scope: "col", text: t(`cl_${k}`) })), h("th", { scope: "col", text: t("cl_total") }))),
      h("tbody", {}, v.players.map((pl, q) => h("tr", {}, h("th", { scope: "row", text: ctx.seatName(q) }),
        keys.map((k) => h("td", { text: pl.vp_parts[k] })), h("td", {}, h("strong", { text: pl.vp })))))));
}

export function extra(p, ctx) {
  return h("div", { class: "cl-extra" }, scoreTable(p, ctx), battle(p, ctx), advanceTree(p, ctx));
}

export function rules() {
  const v = FACTS.vp;
  const lines = [fmt("cl_rule1", { rounds: FACTS.rounds, actions: FACTS.actions_per_turn, turns: FACTS.turns_per_round }),
    fmt("cl_rule2", { cost: FACTS.advance_cost }), t("cl_rule3"), fmt("cl_rule4", { hit: FACTS.hit_every }),
    fmt("cl_rule5", { piece: v.city_piece, advance: v.advance, objective: v.objective, wonder: v.wonder }), t("cl_legend")];
  return h("div", { class: "cl-rules" }, h("h3", { text: t("cl_rules") }), h("ul", {}, lines.map((x) => h("li", { text: x }))));
}

// Victory points decide the game (the end screen's column).
export function scores(p) {
  return { values: p.view.players.map((pl) => pl.vp), label: t("cl_vp") };
}

// What changed between two views: hexes (cities, units) and the players' counts.
export function changedIds(prev, next) {
  if (!prev || !next) return [];
  const out = [];
  const where = (view) => {
    const m = new Map();
    for (const c of view.cities) m.set(c.hex, `${JSON.stringify(c)}`);
    for (const u of view.units) m.set(u.hex, `${m.get(u.hex) || ""}|${u.owner}${u.kind}`);
    return m;
  };
  const a = where(prev), b = where(next);
  for (const hx of new Set([...a.keys(), ...b.keys()])) if (a.get(hx) !== b.get(hx)) out.push(`h-${hx}`);
  next.players.forEach((pl, q) => {
    const was = prev.players[q];
    if (!was) return;
    let any = false;
    for (const r of RESOURCES) if ((was.resources[r] ?? 0) !== (pl.resources[r] ?? 0)) { out.push(`s-${q}-${r}`); any = true; }
    for (const k of Object.keys(pl.units)) if (was.units[k] !== pl.units[k]) { out.push(`s-${q}-${k}`); any = true; }
    if (count(was.action_cards) !== count(pl.action_cards)) out.push(`s-${q}-actions`);
    if (count(was.objective_cards) !== count(pl.objective_cards)) out.push(`s-${q}-objectives`);
    if (any || was.vp !== pl.vp) out.push(`seat-${q}`);
  });
  return out;
}
