// Clash of Cultures' own pieces, flat SVG shapes of our making in the ui/pieces.js manner
// (centred on 0,0, about 40 units tall, a dark outline): the units (settlers, infantry,
// cavalry, elephants, leaders; ships come from ui/pieces.js), a city's mood as a face,
// and the resources and tokens as icons for the player panels.
import { s } from "../dom.js";
import { OUTLINE, seatColour } from "../ui/colours.js";
import { coin, ship, star } from "../ui/pieces.js";

export const BARBARIAN = "#3b2f2f";
export const ownerColour = (q) => (q < 0 ? BARBARIAN : seatColour(q));
const SW = 2.5;
const line = { stroke: OUTLINE, "stroke-width": SW, "stroke-linejoin": "round" };

function piece(kind, label, ...parts) {
  const g = s("g", { class: `piece piece-${kind}` }, ...parts);
  if (label) g.append(s("title", { text: label }));
  return g;
}

// A count badge at the piece's upper right (only for two or more).
// `font` grows it where the map is drawn small (a phone), so the number stays readable.
export function badge(g, count, font = 15) {
  if (!count || count <= 1) return g;
  const r = font * 0.68, x = 21 - r * 0.6, y = -21 + r * 0.6;
  g.append(s("g", { class: "badge" },
    s("circle", { cx: x, cy: y, r, fill: "#ffffff", stroke: OUTLINE, "stroke-width": 2 }),
    s("text", { x, y: y + font * 0.35, "text-anchor": "middle", "font-size": font, "font-weight": 800, fill: OUTLINE, text: count })));
  return g;
}

// A settler: a walker with a bundle on a staff.
function settler(c, label) {
  return piece("settler", label,
    s("line", { x1: 9, y1: -18, x2: 9, y2: 19, stroke: OUTLINE, "stroke-width": 3, "stroke-linecap": "round" }),
    s("path", { d: "M2 -22 L16 -22 L14 -12 L4 -12 Z", fill: "#c9a46a", ...line }),
    s("path", { d: "M-12 19 L-8 -3 Q-7 -8 -2 -8 L2 -8 Q6 -7 6 -2 L7 19 Z", fill: c, ...line }),
    s("circle", { cx: -2, cy: -14, r: 6, fill: c, ...line }));
}

// Infantry: a shield with a spear behind it.
function infantry(c, label) {
  return piece("infantry", label,
    s("line", { x1: -14, y1: 20, x2: 14, y2: -21, stroke: OUTLINE, "stroke-width": 3, "stroke-linecap": "round" }),
    s("path", { d: "M12 -23 L17 -15 L10 -17 Z", fill: OUTLINE }),
    s("path", { d: "M-13 -14 L13 -14 L13 0 Q13 13 0 20 Q-13 13 -13 0 Z", fill: c, ...line }),
    s("path", { d: "M0 -10 L0 15 M-9 -2 L9 -2", stroke: "#ffffff", "stroke-width": 2.5, "stroke-opacity": 0.8 }));
}

// Cavalry: a horse's head and neck.
function cavalry(c, label) {
  return piece("cavalry", label,
    s("path", { d: "M-10 20 L-6 -4 L-2 -16 L4 -21 L7 -14 L16 -6 L14 1 L6 -2 L6 20 Z", fill: c, ...line }),
    s("circle", { cx: 5, cy: -11, r: 1.8, fill: "#ffffff" }));
}

// An elephant: a round body, a trunk and a tusk.
function elephant(c, label) {
  return piece("elephant", label,
    s("path", { d: "M-17 16 L-17 -4 Q-17 -16 -2 -16 Q10 -16 12 -6 Q18 -2 17 10 L13 12 Q14 2 10 2 L10 16 L3 16 L3 8 L-9 8 L-9 16 Z", fill: c, ...line }),
    s("path", { d: "M8 2 Q14 4 17 -2", fill: "none", stroke: "#ffffff", "stroke-width": 2.5, "stroke-linecap": "round" }),
    s("circle", { cx: 4, cy: -8, r: 1.8, fill: "#ffffff" }));
}

// A leader: a standing figure with a crown.
function leader(c, label) {
  return piece("leader", label,
    s("path", { d: "M-13 20 L-9 -2 Q-9 -8 -3 -9 L3 -9 Q9 -8 9 -2 L13 20 Z", fill: c, ...line }),
    s("circle", { cy: -15, r: 6.5, fill: c, ...line }),
    s("path", { d: "M-7 -21 L-7 -27 L-3.5 -23.5 L0 -28 L3.5 -23.5 L7 -27 L7 -21 Z", fill: "#f0b429", stroke: OUTLINE, "stroke-width": 1.5 }));
}

const DRAW = { settler, infantry, cavalry, elephant, leader };

// A unit of `kind` in the colour of `owner` (a seat, or -1 for the barbarians).
export function unitPiece(kind, owner, { count, label, font } = {}) {
  const c = ownerColour(owner);
  return badge(kind === "ship" ? ship(c, { label }) : (DRAW[kind] || infantry)(c, label), count, font);
}

// A city's mood as a face: a frown, a straight mouth, a smile.
export function face(mood, x, y, r = 8) {
  const mouth = [`M${x - r * 0.45} ${y + r * 0.5} Q${x} ${y + r * 0.05} ${x + r * 0.45} ${y + r * 0.5}`,
    `M${x - r * 0.45} ${y + r * 0.35} L${x + r * 0.45} ${y + r * 0.35}`,
    `M${x - r * 0.45} ${y + r * 0.2} Q${x} ${y + r * 0.7} ${x + r * 0.45} ${y + r * 0.2}`][mood] || "";
  return s("g", { class: "mood-face", "aria-hidden": "true" },
    s("circle", { cx: x, cy: y, r, fill: ["#f2b8a8", "#f4e3a1", "#bfe3a4"][mood] || "#f4e3a1", stroke: OUTLINE, "stroke-width": 1.2 }),
    s("circle", { cx: x - r * 0.35, cy: y - r * 0.2, r: r * 0.12, fill: OUTLINE }),
    s("circle", { cx: x + r * 0.35, cy: y - r * 0.2, r: r * 0.12, fill: OUTLINE }),
    s("path", { d: mouth, fill: "none", stroke: OUTLINE, "stroke-width": 1.3, "stroke-linecap": "round" }));
}

// The resources and tokens as small pictures.
const RES = {
  food: () => piece("food", "",
    s("path", { d: "M0 18 L0 -10", stroke: "#6b5a1e", "stroke-width": 3 }),
    ...[-12, -4, 4].map((y) => s("ellipse", { cx: -5, cy: y, rx: 4.5, ry: 7, fill: "#e3b93c", ...line, transform: `rotate(-25 -5 ${y})` })),
    ...[-8, 0, 8].map((y) => s("ellipse", { cx: 5, cy: y, rx: 4.5, ry: 7, fill: "#e3b93c", ...line, transform: `rotate(25 5 ${y})` }))),
  wood: () => piece("wood", "",
    s("rect", { x: -17, y: -8, width: 30, height: 16, rx: 3, fill: "#9a6a3a", ...line }),
    s("ellipse", { cx: 13, cy: 0, rx: 5, ry: 8, fill: "#d9b27c", ...line }),
    s("ellipse", { cx: 13, cy: 0, rx: 2, ry: 3.5, fill: "none", stroke: "#7a4f25", "stroke-width": 1.2 })),
  ore: () => piece("ore", "",
    s("path", { d: "M-17 12 L-11 -7 L-2 -15 L10 -11 L17 4 L9 15 L-9 16 Z", fill: "#8c96a3", ...line }),
    s("path", { d: "M-2 -15 L0 2 L17 4 M0 2 L-9 16", fill: "none", stroke: OUTLINE, "stroke-width": 1.2, "stroke-opacity": 0.6 })),
  ideas: () => piece("ideas", "",
    s("path", { d: "M-7 8 Q-15 0 -13 -8 Q-10 -19 0 -19 Q10 -19 13 -8 Q15 0 7 8 Z", fill: "#ffe066", ...line }),
    s("rect", { x: -7, y: 8, width: 14, height: 9, rx: 2, fill: "#a0a7b0", ...line })),
  gold: () => coin(null),
  mood: () => piece("mood", "", face(2, 0, 0, 17)),
  culture: () => piece("culture", "",
    s("path", { d: "M-17 -9 L0 -19 L17 -9 Z", fill: "#8e6cc0", ...line }),
    ...[-12, -3, 6].map((x) => s("rect", { x, y: -7, width: 6, height: 19, fill: "#b79ce0", ...line })),
    s("rect", { x: -18, y: 12, width: 36, height: 6, fill: "#8e6cc0", ...line })),
};

export function resourcePiece(kind) {
  return (RES[kind] || (() => star({})))();
}
