// The Cyclades table (the shell's game module interface, see docs/web.md): the map with
// fleets, troops, Titans, buildings and creatures as pieces; one panel per player with
// its counts as icons; my supplies and artifacts; the god track with the offerings and
// the creature track as cards (both with the decision: js/cyclades/tracks.js); a short
// rules panel. Legal territories, seas, gods and creatures are targets.
import { h } from "./dom.js";
import { block, coin, figure, icon, meeple, ship, star, token } from "./ui/pieces.js";
import { playerPanel } from "./ui/panel.js";
import { card, hand } from "./ui/card.js";
import { drawBoard } from "./cyclades/board.js";
import { creatures, gods } from "./cyclades/tracks.js";
import { named, t } from "./cyclades/common.js";

export function board(p, ctx) {
  return drawBoard(p, ctx);
}

const myArtifacts = (v, q) => Object.entries(v.artifacts).filter(([, [o]]) => o === q).map(([k]) => k);

function stats(p, ctx, q) {
  const v = p.view, pl = v.players[q];
  const count = (f) => v.territories.reduce((n, x) => n + (x.owner === q ? f(x) : 0), 0);
  const fleets = v.seas.reduce((n, x) => n + (x.owner === q ? x.fleets : 0), 0);
  const arts = myArtifacts(v, q);
  const out = [
    { id: `s-${q}-gold`, icon: icon(coin(null), 18), value: pl.gold, label: t("cy_gold"), help: t("cy_goldHelp") },
    { id: `s-${q}-priests`, icon: icon(token("☥", "#f4efe4"), 18), value: pl.priests, label: t("cy_priests"), help: t("cy_priestsHelp") },
    { id: `s-${q}-philosophers`, icon: icon(token("φ", "#5a7f3a"), 18), value: pl.philosophers, label: t("cy_philosophers"), help: t("cy_philosophersHelp") },
    { id: `s-${q}-metros`, icon: icon(star({ colour: "#7a4fa0" }), 18), value: pl.metropolises, label: t("cy_metros"), help: t("cy_metrosHelp") },
    { id: `s-${q}-troops`, icon: icon(meeple(q), 18), value: count((x) => x.troops), label: t("cy_troops"), help: t("cy_troopsHelp") },
    { id: `s-${q}-fleets`, icon: icon(ship(q), 18), value: fleets, label: t("cy_fleets"), help: t("cy_fleetsHelp") },
  ];
  const titans = count((x) => x.titans);
  if (titans) out.push({ id: `s-${q}-titans`, icon: icon(figure(q), 18), value: titans, label: t("cy_titans"), help: t("cy_titansHelp") });
  if (arts.length) out.push({ id: `s-${q}-artifacts`, icon: icon(block("#c9a227"), 18), value: arts.length, label: t("cy_artifacts"),
    help: arts.map((k) => named(ctx, `artifact.${k}`, k)).join(", ") });
  return out;
}

export function players(p, ctx) {
  const v = p.view, teams = v.options.teams;
  return v.players.map((pl, q) => playerPanel({ name: ctx.seatName(q), seat: q,
    faction: [teams ? `${t("cy_team")} ${pl.team + 1}` : "", pl.out ? t("cy_out") : ""].filter(Boolean).join(" · "),
    turn: p.waiting.includes(q), me: q === p.seat, stats: stats(p, ctx, q), id: `seat-${q}` }));
}

export function mine(p, ctx) {
  const v = p.view, q = p.seat;
  if (q === null || q === undefined || !v.players[q]) return null;
  const pl = v.players[q];
  const arts = myArtifacts(v, q).map((k) => card({ title: named(ctx, `artifact.${k}`, k), kind: "artifact",
    text: named(ctx, `artifact.${k}.text`, ""), colour: "#8a6a10", small: true }));
  const any = (p.choices || []).length > 0;
  return h("div", { class: "cy-mine" },
    h("section", { class: "cy-supplies", "aria-label": t("cy_mine") }, h("h3", { text: t("cy_mine") }),
      h("p", { class: "cy-counts" },
        h("span", {}, icon(coin(null), 20), ` ${t("cy_gold")}: ${pl.gold}`), " · ",
        h("span", { text: `${t("cy_priests")}: ${pl.priests}` }), " · ",
        h("span", { text: `${t("cy_philosophers")}: ${pl.philosophers}` }), " · ",
        h("span", { text: `${t("cy_metros")}: ${pl.metropolises}` })),
      any ? h("p", { class: "cy-hint", text: t("cy_hint") }) : null),
    arts.length ? h("section", { "aria-label": t("cy_myArtifacts") }, h("h3", { text: t("cy_myArtifacts") }), hand(arts)) : null);
}

export function extra(p, ctx) {
  return h("div", { class: "cy-extra" }, gods(p, ctx), creatures(p, ctx));
}

export function rules() {
  return h("div", { class: "cy-rules" }, h("h3", { text: t("cy_rules") }),
    h("ul", {}, ["cy_rule1", "cy_rule2", "cy_rule3", "cy_rule4", "cy_rule5"].map((k) => h("li", { text: t(k) }))));
}

// Metropolises decide the game, then gold (the rule book's tie-break): the end screen ranks
// by both, so its places are the standing the engine's result states, and shows the gold.
export function scores(p) {
  const gold = p.view.players.map((pl) => pl.gold);
  return { values: p.view.players.map((pl) => pl.metropolises), label: t("cy_metros"), tiebreak: gold,
    details: gold.map((g) => `${t("cy_gold")}: ${g}`) };
}

// Ids of what changed between two views: territories, seas, god tiles, player counts.
export function changedIds(prev, next) {
  if (!prev || !next) return [];
  const out = [];
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  next.territories.forEach((x, i) => { if (!same(prev.territories[i], x)) out.push(`ter-${x.id}`); });
  next.seas.forEach((x, i) => { if (!same(prev.seas[i], x)) out.push(`sea-${x.id}`); });
  for (const g of Object.keys(next.bids)) if (!same(prev.bids[g], next.bids[g])) out.push(`god-${g}`);
  if (!same(prev.apollo, next.apollo)) out.push("god-apollo");
  next.players.forEach((pl, q) => {
    const a = prev.players[q];
    if (!a) return;
    for (const k of ["gold", "priests", "philosophers"]) if (a[k] !== pl[k]) out.push(`s-${q}-${k}`);
    if (a.metropolises !== pl.metropolises) out.push(`s-${q}-metros`);
  });
  return out;
}
