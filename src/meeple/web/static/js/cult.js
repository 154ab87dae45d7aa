// The Cult table (the shell's game module interface, see docs/web.md): the 13 districts
// with their pieces, one panel per cult with its counts as icons, my area (free priests
// to pick up, my cult shield with both sides, my hand and licences), the Palace with the
// Greatness card, and a short rules panel. Legal places, cards and abilities are targets.
import { h } from "./dom.js";
import { language } from "./i18n.js";
import { icon, block, banner, coin, meeple, token, star } from "./ui/pieces.js";
import { playerPanel } from "./ui/panel.js";
import { drawBoard, freePriests } from "./cult/board.js";
import { myHand, myLicences, palace, shield } from "./cult/cards.js";
import { FACTS, cultName, fmt, name, t } from "./cult/help.js";

// The end screen asks for scores without a ctx: the glossary of the last drawing.
let glossary = { catalog: {} };

export function board(p, ctx) {
  glossary = ctx;
  return drawBoard(p, ctx);
}

// What each panel reads of the payload (beside the seat, the names, the language and the
// selection): the table draws a panel again only when this changed.
// The board and the players' panels also keep their unchanged parts (cult/board.js,
// `players` below).
const actionWords = (p) => (p.choices ? [p.view.districts, p.view.active_district] : null);
export const inputs = {
  board: (p) => [p.view.districts, p.view.active_district, p.view.players.map((pl) => pl.patriarch_level), p.choices],
  players: (p) => [p.view.players, p.view.first_player, p.waiting],
  // The words of an action name its district's priests (cult/help.js actionText): the
  // districts count only while there are choices, so that the other players' moves do
  // not draw my area and the Palace again.
  mine: (p) => [p.view.players[p.seat], p.view.greatness, p.choices, actionWords(p)],
  extra: (p) => [p.view.palace, p.view.greatness, p.view.decks, p.choices, actionWords(p)],
};

// Each player's panel as last drawn, with what it was drawn from.
const panels = new Map();

export function players(p, ctx) {
  const v = p.view, glossary = [ctx.lang, language(), Object.keys(ctx.catalog || {}).length];
  return v.players.map((pl) => {
    const i = pl.index;
    const key = JSON.stringify([pl, v.first_player === i, p.waiting.includes(i), i === p.seat, ctx.seatName(i), glossary]);
    const old = panels.get(i);
    if (old && old.key === key) return old.el;
    const el = playerPanelOf(p, ctx, pl);
    panels.set(i, { key, el });
    return el;
  });
}

function playerPanelOf(p, ctx, pl) {
  const v = p.view;
  const i = pl.index, c = i;
  const stats = [
    { id: `s-${i}-power`, icon: icon(star({ colour: "#6b3fa0" }), 18), value: pl.power, label: t("cu_power"), help: t("cu_powerHelp") },
    { id: `s-${i}-followers`, icon: icon(meeple(c), 18), value: pl.followers, label: t("cu_followers"), help: t("cu_followersHelp") },
    { id: `s-${i}-coins`, icon: icon(coin(null), 18), value: pl.coins, label: t("cu_coins"), help: t("cu_coinsHelp") },
    { id: `s-${i}-mobs`, icon: icon(banner(c), 18), value: pl.mobs, label: t("cu_mobs"), help: t("cu_mobsHelp") },
    { id: `s-${i}-altars`, icon: icon(block(c), 18), value: pl.altars, label: t("cu_altars"), help: t("cu_altarsHelp") },
    { id: `s-${i}-rituals`, icon: h("span", { class: "cu-glyph", text: "☽" }), value: pl.rituals, label: t("cu_rituals"), help: t("cu_ritualsHelp") },
    { id: `s-${i}-miracles`, icon: h("span", { class: "cu-cardicon m", text: "✶" }), value: pl.hand_miracles, label: t("cu_miracles") },
    { id: `s-${i}-conspiracies`, icon: h("span", { class: "cu-cardicon c", text: "☍" }), value: pl.hand_conspiracies, label: t("cu_conspiracies") },
    { id: `s-${i}-free`, icon: icon(token("", c), 18), value: pl.free.length, label: t("cu_free"),
      help: pl.free.map((lv) => (lv === "P" ? fmt("cu_placeP", { n: pl.patriarch_level }) : fmt("cu_placeLevel", { n: lv }))).join(", ") },
  ];
  const lic = pl.licences.map((tk) => name(ctx, tk));
  if (lic.length) stats.push({ id: `s-${i}-licences`, icon: h("span", { class: "cu-cardicon l", text: "⚖" }), value: lic.length, label: t("cu_licences"), help: lic.join("\n") });
  const side = t(pl.side === "dark" ? "cu_dark" : "cu_light");
  const notes = [v.first_player === i ? t("cu_first") : null, pl.festival ? t("cu_festivalOn") : null].filter(Boolean);
  const extra = notes.length ? h("p", { class: "cu-notes muted", text: notes.join(" · ") }) : null;
  return playerPanel({ name: ctx.seatName(i), seat: i, faction: `${cultName(ctx, pl.cult)} · ${side}`,
    score: undefined, turn: p.waiting.includes(i), passed: pl.passed, me: i === p.seat, stats, extra, id: `seat-${i}` });
}

export function mine(p, ctx) {
  const me = p.view.players[p.seat];
  if (!me) return null;
  const placing = (p.choices || []).some((c) => c.action.startsWith("place "));
  const free = freePriests(p, ctx);
  const hint = placing ? h("p", { class: "cu-hint", text: t(ctx.selected !== null && ctx.selected !== undefined ? "cu_picked" : "cu_pickPriest") }) : null;
  return h("div", { class: "cu-mine" },
    h("section", { class: "cu-pieces", "aria-label": t("cu_freePriests") },
      h("h3", { text: t("cu_freePriests") }), free, hint),
    shield(p, ctx, me, { mine: true }),
    myHand(p, ctx, me),
    myLicences(p, ctx, me));
}

export function extra(p, ctx) {
  return palace(p, ctx);
}

export function rules() {
  const r = FACTS.rules;
  const lines = ["cu_rule1", "cu_rule2", "cu_rule3", "cu_rule4", "cu_rule5", "cu_rule6"].map((k) => fmt(k, {
    altar: r.altar_influence, free: r.free_placements, altars: r.victory.altars, mobs: r.victory.mobs, rituals: r.victory.rituals }));
  const box = h("div", { class: "cu-rules" }, h("h2", { text: t("cu_rules") }), h("ul", {}, lines.map((x) => h("li", { text: x }))));
  return box;
}

// Mystic power is Cult's score at the end (ties and the round limit are decided by it);
// under each name, how far the cult got towards each of the three victories.
export function scores(p) {
  const win = FACTS.rules.victory;
  const details = p.view.players.map((pl) => fmt("cu_standing", {
    altars: pl.altars, mobs: pl.mobs, rituals: pl.rituals, a: win.altars, m: win.mobs, r: win.rituals,
    cult: cultName(glossary, pl.cult) }));
  return { values: p.view.players.map((pl) => pl.power), label: t("cu_power"), details };
}

// Ids of the things that changed between two views: districts and player counts.
export function changedIds(prev, next) {
  if (!prev || !next) return [];
  const out = [];
  next.districts.forEach((d, i) => {
    const a = prev.districts[i];
    if (!a || JSON.stringify(a.priests) !== JSON.stringify(d.priests) || JSON.stringify(a.altars) !== JSON.stringify(d.altars)
      || a.seized_by !== d.seized_by || a.smile !== d.smile) out.push(`d-${d.number}`);
  });
  next.players.forEach((pl, i) => {
    const a = prev.players[i];
    if (!a) return;
    const keys = { power: "power", followers: "followers", coins: "coins", mobs: "mobs", altars: "altars", rituals: "rituals",
      miracles: "hand_miracles", conspiracies: "hand_conspiracies", licences: "licences" };
    let any = false;
    for (const [id, k] of Object.entries(keys)) {
      if (JSON.stringify(a[k]) !== JSON.stringify(pl[k])) { out.push(`s-${i}-${id}`); any = true; }
    }
    if (JSON.stringify(a.free) !== JSON.stringify(pl.free)) out.push(`s-${i}-free`);
    if (any) out.push(`seat-${i}`);
  });
  (next.palace || []).forEach((tk) => { if (tk && !(prev.palace || []).includes(tk)) out.push(`card-${tk}`); });
  return out;
}

