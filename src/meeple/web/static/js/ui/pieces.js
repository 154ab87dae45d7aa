// Pieces of our own making: flat SVG shapes in a seat's colour with a dark outline.
// Each returns an SVG <g> centred on (0, 0), about 40 units tall at size 1; place it
// with at(g, x, y, scale). `count` > 1 adds a small badge with the number.
import { s } from "../dom.js";
import { OUTLINE, seatColour } from "./colours.js";

const colourOf = (c) => (typeof c === "number" ? seatColour(c) : c || "#8d8677");
const SW = 2.5;

function group(kind, label, ...parts) {
  const g = s("g", { class: `piece piece-${kind}` }, ...parts);
  if (label) g.append(s("title", { text: label }));
  return g;
}

function badge(g, count, x = 14, y = -14) {
  if (count === undefined || count === null || count <= 1) return g;
  g.append(s("g", { class: "badge" },
    s("circle", { cx: x, cy: y, r: 9, fill: "#ffffff", stroke: OUTLINE, "stroke-width": 2 }),
    s("text", { x, y: y + 4.5, "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: OUTLINE, text: count })));
  return g;
}

// A round token with its number (a priest's level).
export function token(level, colour, { count, label, ring } = {}) {
  const g = group("token", label,
    s("circle", { r: 17, fill: colourOf(colour), stroke: ring ? "#f0b429" : OUTLINE, "stroke-width": ring ? 4 : SW }),
    s("circle", { r: 12.5, fill: "none", stroke: "#ffffff", "stroke-opacity": 0.55, "stroke-width": 1.5 }),
    s("text", { y: 6.5, "text-anchor": "middle", "font-size": 19, "font-weight": 800, fill: "#ffffff",
      stroke: OUTLINE, "stroke-width": 0.6, text: level }));
  return badge(g, count);
}

// A standing figure: head, shoulders, long robe (the Patriarch, a Titan).
export function figure(colour, { count, label } = {}) {
  const g = group("figure", label,
    s("path", { d: "M-13 20 L-9 -2 Q-9 -8 -3 -9 L3 -9 Q9 -8 9 -2 L13 20 Z", fill: colourOf(colour), stroke: OUTLINE, "stroke-width": SW, "stroke-linejoin": "round" }),
    s("circle", { cy: -15, r: 6.5, fill: colourOf(colour), stroke: OUTLINE, "stroke-width": SW }));
  return badge(g, count);
}

// The familiar little person: a follower, a troop.
export function meeple(colour, { count, label } = {}) {
  const d = "M0 -18 a6 6 0 1 1 0.01 0 Z M-4 -8 L4 -8 Q14 -7 16 -1 Q17 3 12 3 L7 2 L12 17 L3 17 L0 9 L-3 17 L-12 17 L-7 2 L-12 3 Q-17 3 -16 -1 Q-14 -7 -4 -8 Z";
  return badge(group("meeple", label,
    s("path", { d, fill: colourOf(colour), stroke: OUTLINE, "stroke-width": SW, "stroke-linejoin": "round" })), count);
}

// A coin: a golden disc with its value.
export function coin(n, { label } = {}) {
  return group("coin", label,
    s("circle", { r: 13, fill: "#e0b12e", stroke: "#6b4e00", "stroke-width": SW }),
    s("circle", { r: 9.5, fill: "none", stroke: "#8a6a10", "stroke-width": 1.2 }),
    n === undefined || n === null ? null
      : s("text", { y: 5, "text-anchor": "middle", "font-size": 14, "font-weight": 800, fill: "#3d2c00", text: n }));
}

// A banner on a pole (a fanatic mob).
export function banner(colour, { count, label } = {}) {
  return badge(group("banner", label,
    s("line", { x1: -9, y1: -18, x2: -9, y2: 19, stroke: OUTLINE, "stroke-width": 3, "stroke-linecap": "round" }),
    s("path", { d: "M-8 -17 L14 -12 L6 -5 L14 2 L-8 -2 Z", fill: colourOf(colour), stroke: OUTLINE, "stroke-width": SW, "stroke-linejoin": "round" })), count);
}

// A block seen a little from above (an altar, a building).
export function block(colour, { count, label } = {}) {
  const c = colourOf(colour);
  return badge(group("block", label,
    s("path", { d: "M-12 -6 L0 -12 L12 -6 L0 0 Z", fill: c, stroke: OUTLINE, "stroke-width": SW, "stroke-linejoin": "round" }),
    s("path", { d: "M-12 -6 L0 0 L0 14 L-12 8 Z", fill: c, stroke: OUTLINE, "stroke-width": SW, "stroke-linejoin": "round" }),
    s("path", { d: "M12 -6 L0 0 L0 14 L12 8 Z", fill: c, stroke: OUTLINE, "stroke-width": SW, "stroke-linejoin": "round", "fill-opacity": 0.75 })), count);
}

// A ship: hull and sail.
export function ship(colour, { count, label } = {}) {
  const c = colourOf(colour);
  return badge(group("ship", label,
    s("path", { d: "M-17 4 L17 4 L11 14 L-11 14 Z", fill: c, stroke: OUTLINE, "stroke-width": SW, "stroke-linejoin": "round" }),
    s("line", { x1: 0, y1: 4, x2: 0, y2: -17, stroke: OUTLINE, "stroke-width": 2.5 }),
    s("path", { d: "M1 -16 L13 1 L1 1 Z", fill: "#ffffff", stroke: OUTLINE, "stroke-width": 2, "stroke-linejoin": "round" })), count);
}

// A five-pointed star (a wonder).
export function star({ colour = "#f0b429", count, label } = {}) {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 ? 7 : 16, a = Math.PI / 5 * i - Math.PI / 2;
    pts.push(`${(r * Math.cos(a)).toFixed(1)},${(r * Math.sin(a)).toFixed(1)}`);
  }
  return badge(group("star", label, s("polygon", { points: pts.join(" "), fill: colourOf(colour), stroke: OUTLINE, "stroke-width": SW, "stroke-linejoin": "round" })), count);
}

// Moves (and scales) a piece to its place on a board.
export function at(g, x, y, scale = 1) {
  g.setAttribute("transform", `translate(${x} ${y})${scale !== 1 ? ` scale(${scale})` : ""}`);
  return g;
}

// A piece as a small inline picture in HTML (panels, the log, buttons).
export function icon(g, size = 20, label) {
  const svg = s("svg", { class: "icon", width: size, height: size, viewBox: "-21 -21 42 42",
    role: label ? "img" : undefined, "aria-label": label, "aria-hidden": label ? undefined : "true" }, g);
  return svg;
}
