// The table of every game that has no module of its own (docs/authoring.md §8): drawn from
// the table its view describes (view.table: zones, pieces, seats, my area, rules) by the
// shared components, in the shell's module interface (docs/web.md): board, players, mine,
// rules, changedIds, scores. A game without a table description is shown as its text board.
import { h } from "./dom.js";
import { playerPanel } from "./ui/panel.js";
import { stats, zone } from "./ui/zones.js";

const tableOf = (p) => (p && p.view && p.view.table) || null;
// The choices a click may make: only while this seat is asked.
const withChoices = (p, ctx) => ({ ...ctx, choices: p.seat !== null && p.waiting.includes(p.seat) ? p.choices || [] : [] });

// The hand and the tableaux are drawn whole at both sizes: a card there is the place to
// click, with no button beside it.
export const targetsOffBoard = true;

export const inputs = {
  board: (p) => [tableOf(p) && tableOf(p).zones, p.choices, p.waiting],
  players: (p) => [tableOf(p) && tableOf(p).seats, p.waiting, p.finished, p.choices],
  extra: (p) => [tableOf(p) && tableOf(p).mine, p.choices, p.waiting],
};

export function board(p, ctx) {
  const table = tableOf(p);
  if (!table) return h("pre", { class: "board-text", text: p.board || "" });
  const c = withChoices(p, ctx);
  return h("div", { class: "kt-board" }, table.zones.map((z) => zone(z, c)));
}

export function players(p, ctx) {
  const table = tableOf(p);
  if (!table) return null;
  const c = withChoices(p, ctx);
  return table.seats.map((seat, i) => playerPanel({
    name: ctx.seatName(i), seat: i, me: i === p.seat, turn: !p.finished && p.waiting.includes(i), passed: Boolean(seat.passed),
    faction: seat.faction || "", score: seat.score, stats: stats(seat.stats, i),
    extra: seat.zones && seat.zones.length ? h("div", { class: "kt-seat-zones" }, seat.zones.map((z) => zone(z, c, { small: true }))) : null,
  }));
}

// My area (my hand, my tokens) is where most of my decisions are made: it goes in the
// shell's extra panel, under the board, which a phone shows with the decision.
export function extra(p, ctx) {
  const table = tableOf(p);
  if (!table || !table.mine || !table.mine.length) return null;
  const c = withChoices(p, ctx);
  return h("div", { class: "kt-mine" }, table.mine.map((z) => zone(z, c)));
}

export function rules(ctx) {
  const table = tableOf(ctx.payload), lines = (table && table.rules) || [];
  return lines.length ? h("div", { class: "kt-rules" }, lines.map((x) => h("p", { text: x }))) : null;
}

// Every id on the table with what it shows by itself: a piece's or a zone's own words and
// numbers, a space's runners (a zone is not changed because a piece of it is: the piece is).
function described(table) {
  const out = new Map();
  if (!table) return out;
  const own = (x) => {
    const mine = {};
    for (const [k, v] of Object.entries(x)) {
      if (k === "actions") continue;
      if (v === null || typeof v !== "object") mine[k] = v;
      else if (k === "pieces" && !x.kind) mine.pieces = v.map((q) => q.id);  // a space: who stands there
    }
    return JSON.stringify(mine);
  };
  const walk = (x) => {
    if (Array.isArray(x)) { x.forEach(walk); return; }
    if (!x || typeof x !== "object") return;
    if (typeof x.id === "string") out.set(x.id, own(x));
    for (const k of ["pieces", "spaces", "zones"]) if (x[k]) walk(x[k]);
  };
  walk(table.zones);
  walk(table.mine || []);
  (table.seats || []).forEach((seat, i) => {
    walk(seat.zones || []);
    (seat.stats || []).forEach((st, j) => out.set(st.id || `k-${i}-${j}`, JSON.stringify(st.value)));
  });
  return out;
}

// What the last update changed: the things whose words or numbers differ, and the new ones.
export function changedIds(prev, next) {
  const before = described(prev && prev.table), after = described(next && next.table);
  const out = [];
  for (const [id, now] of after) if (before.get(id) !== now) out.push(id);
  return out;
}

export function scores(p) {
  const table = tableOf(p);
  if (!table || !table.seats.some((s) => s.score !== undefined && s.score !== null)) return null;
  return { values: table.seats.map((s) => (s.score === undefined ? null : s.score)), label: table.score_label || "" };
}
