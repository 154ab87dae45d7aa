// Counter, the smallest game (each player in turn adds one; it ends at the limit): the
// track of numbers with the count as a coin, and my pawn to move onto the next number.
// It shows the table's two-step direct manipulation (pick up the pawn, then the place).
import { h, s } from "./dom.js";
import { t } from "./ui/text.js";
import { at, coin, icon, meeple } from "./ui/pieces.js";
import { playerPanel } from "./ui/panel.js";
import { selected, target } from "./ui/targets.js";

const STEP = 56;

export function board(p, ctx) {
  const v = p.view, slots = Math.max(v.limit, v.count + 1, 1);
  const svg = s("svg", { class: "board counter-board", viewBox: `0 0 ${slots * STEP + 16} 116`, "aria-label": t("counterTrack") });
  const inc = (p.choices || []).filter((c) => c.action === "inc");
  for (let n = 1; n <= slots; n++) {
    const x = 8 + (n - 1) * STEP;
    const g = s("g", { class: "slot", "data-id": `slot-${n}`, "aria-label": `${t("counterSlot")} ${n}` },
      s("rect", { x, y: 56, width: STEP - 6, height: 50, rx: 6, fill: n <= v.count ? "#e9f1e4" : "#ffffff", stroke: "#8d8677", "stroke-width": 1.5 }),
      s("text", { x: x + (STEP - 6) / 2, y: 98, "text-anchor": "middle", "font-size": 16, fill: "#1c1b19", text: n }));
    if (n === v.count + 1 && inc.length && ctx.selected === "pawn") target(g, inc, { label: `${t("counterSlot")} ${n}` });
    svg.append(g);
  }
  if (v.count > 0) {
    const c = at(coin(v.count), 8 + (v.count - 1) * STEP + (STEP - 6) / 2, 74, 1);
    c.setAttribute("data-id", "count");
    svg.append(c);
  }
  if (p.seat !== null && p.seat !== undefined) {
    const pawn = at(meeple(p.seat), 8 + v.count * STEP + (STEP - 6) / 2, 30, 1);
    pawn.setAttribute("aria-label", t("counterPawn"));
    if (inc.length) { target(pawn, inc, { select: "pawn", label: t("counterPawn") }); selected(pawn, ctx.selected === "pawn"); }
    svg.append(pawn);
  }
  return svg;
}

export function players(p, ctx) {
  return p.seats.map((_, i) => playerPanel({ name: ctx.seatName(i), seat: i, me: i === p.seat,
    turn: !p.finished && p.waiting.includes(i),
    stats: [{ icon: icon(coin(), 18), value: p.view.count, label: t("counterCount"), help: t("counterHelp") }] }));
}

export function rules() {
  return h("p", { text: t("counterRules") });
}

export function changedIds(prev, next) {
  return prev.count !== next.count ? ["count", `slot-${next.count}`] : [];
}
