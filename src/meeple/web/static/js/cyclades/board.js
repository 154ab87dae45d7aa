// The Cyclades map: seas on a grid, territories where seas meet (a large island's
// territories joined by land), fleets as ships, troops as meeples, Titans as figures,
// buildings as blocks, prosperity as coins, creatures standing on the map as tokens.
// Legal territories and seas are targets; every piece explains itself on hover.
import { s } from "../dom.js";
import { at, block, coin, figure, meeple, ship, star, token } from "../ui/pieces.js";
import { target } from "../ui/targets.js";
import { help } from "../ui/tooltip.js";
import { seatColour } from "../ui/colours.js";
import { creatureName, islandName, named, onSea, onTerritory, t } from "./common.js";

const CELL = 110;
const BUILDING_COLOUR = { port: "#1f6fb2", fort: "#b23a2a", temple: "#e0c020", university: "#5a8f3a", metropolis: "#7a4fa0" };

// A piece with its count written beside it, large enough to read on a phone.
function many(g, n, x, y, scale) {
  const out = s("g", {}, at(g, x, y, scale));
  if (n > 1) {
    out.append(s("text", { x: x + 15 * scale + 2, y: y + 8, "font-size": 20, "font-weight": 800, fill: "#1c1b19",
      stroke: "#ffffff", "stroke-width": 3, "paint-order": "stroke", text: `×${n}` }));
  }
  return out;
}

// Inside a target the piece is not a tab stop of its own (the place is the button).
function piece(g, title, text, focusable = true) {
  return help(g, title, text, { focusable });
}

function drawSea(p, ctx, sea) {
  const choices = onSea(p.choices || [], sea.id);
  const x = sea.x * CELL, y = sea.y * CELL;
  const label = `${t("cy_sea")} ${sea.id + 1}`;  // numbered from 1, as the engine's texts say
  const g = s("g", { class: "sea", "data-sea": sea.id, "data-id": `sea-${sea.id}`, "aria-label": label },
    s("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 6, fill: "#cfe4f3", stroke: "#9dbfd8", "stroke-width": 1.5 }),
    s("text", { x: x + 7, y: y + 22, "font-size": 20, fill: "#2a5576", text: sea.id + 1 }));
  for (let i = 0; i < sea.prosperity; i++) g.append(at(coin(null), x + CELL - 16 - i * 14, y + 16, 0.55));
  if (sea.fleets) {
    const fleet = many(ship(sea.owner), sea.fleets, x + CELL / 2 - 8, y + CELL / 2 + 8, 1.1);
    fleet.setAttribute("data-fleets", sea.fleets);
    g.append(piece(fleet, `${ctx.seatName(sea.owner)}: ${sea.fleets} × ${named(ctx, "unit.fleet")}`, t("cy_fleetsHelp"), !choices.length));
  }
  if (choices.length) target(g, choices, { label });
  return g;
}

function drawTerritory(p, ctx, ter) {
  const choices = onTerritory(p.choices || [], ter.id);
  const cx = ter.x * CELL, cy = ter.y * CELL, r = CELL * 0.36;
  const name = islandName(ctx, ter);
  const owner = ter.owner >= 0 ? ctx.seatName(ter.owner) : t("cy_free");
  const label = `${name} (${t("cy_owner")}: ${owner})`;
  // A legal place gets a halo as its first shape (the highlight), the owner's ring stays.
  const g = s("g", { class: "territory", "data-territory": ter.id, "data-id": `ter-${ter.id}`, "aria-label": label },
    choices.length ? s("circle", { class: "halo", cx, cy, r: r + 7, fill: "none", stroke: "#f0b429", "stroke-width": 4 }) : null,
    s("circle", { cx, cy, r, fill: "#efe2bd", stroke: ter.owner >= 0 ? seatColour(ter.owner) : "#6f6858",
      "stroke-width": ter.owner >= 0 ? 6 : 2 }),
    // 20 units: at least 11 px when the map fills a phone's width.
    s("text", { x: cx, y: cy - r + 19, "text-anchor": "middle", "font-size": 20, "font-weight": 700, fill: "#1c1b19",
      stroke: "#efe2bd", "stroke-width": 3, "paint-order": "stroke", text: name }));
  if (ter.troops) {
    const tr = many(meeple(ter.owner), ter.troops, cx - (ter.titans ? 18 : 6), cy + 4, 0.75);
    g.append(piece(tr, `${ctx.seatName(ter.owner)}: ${ter.troops} × ${named(ctx, "unit.troop")}`, t("cy_troopsHelp"), !choices.length));
  }
  if (ter.titans) {
    const ti = many(figure(ter.owner), ter.titans, cx + (ter.troops ? 14 : -6), cy + 2, 0.75);
    g.append(piece(ti, `${ctx.seatName(ter.owner)}: ${ter.titans} × ${named(ctx, "unit.titan")}`, t("cy_titansHelp"), !choices.length));
  }
  ter.buildings.forEach((b, i) => {
    const bx = cx - (ter.buildings.length - 1) * 10 + i * 20;
    const bl = at(b === "metropolis" ? star({ colour: BUILDING_COLOUR.metropolis }) : block(BUILDING_COLOUR[b]), bx, cy + r - 14, 0.6);
    const special = b === "metropolis" && ter.special ? ` — ${named(ctx, `special.${ter.special}`)}` : "";
    const text = b === "metropolis" && ter.special ? named(ctx, `special.${ter.special}.text`, "") : t("cy_buildingHelp");
    g.append(piece(bl, `${named(ctx, `building.${b}`)}${special}`, text, !choices.length));
  });
  g.setAttribute("data-buildings", ter.buildings.join(","));
  if (ter.prosperity) {  // a column of coins on the island's right edge, clear of its name
    const pr = s("g", {}, ...Array.from({ length: ter.prosperity }, (_, i) => at(coin(null), cx + r - 2, cy - 8 + i * 11, 0.6)));
    g.append(piece(pr, `${named(ctx, "prosperity")}: ${ter.prosperity}`, "", !choices.length));
  }
  if (choices.length) target(g, choices, { label });
  return g;
}

export function drawBoard(p, ctx) {
  const v = p.view;
  const cols = Math.max(...v.seas.map((x) => x.x)) + 1, rows = Math.max(...v.seas.map((x) => x.y)) + 1;
  const svg = s("svg", { class: "board cyclades-board", viewBox: `0 0 ${cols * CELL} ${rows * CELL}`,
    role: "group", "aria-label": t("board") });
  for (const sea of v.seas) svg.append(drawSea(p, ctx, sea));
  // Large islands: their territories joined by a strip of land.
  for (const a of v.territories) {
    for (const b of v.territories) {
      if (a.id < b.id && a.island === b.island && Math.abs(a.x - b.x) + Math.abs(a.y - b.y) === 1) {
        svg.append(s("line", { x1: a.x * CELL, y1: a.y * CELL, x2: b.x * CELL, y2: b.y * CELL,
          stroke: "#d9c79a", "stroke-width": CELL * 0.5, "stroke-linecap": "round" }));
      }
    }
  }
  for (const ter of v.territories) svg.append(drawTerritory(p, ctx, ter));
  for (const [kind, where, place, owner] of v.figures) {
    const [x, y] = where === "s" ? [(v.seas[place].x + 0.78) * CELL, (v.seas[place].y + 0.25) * CELL]
      : [v.territories[place].x * CELL - CELL * 0.32, v.territories[place].y * CELL - CELL * 0.3];
    const g = at(token("", owner, { ring: true }), x, y, 0.7);
    svg.append(piece(g, creatureName(ctx, kind), named(ctx, `creature.${kind}.text`, "")));
  }
  return svg;
}
