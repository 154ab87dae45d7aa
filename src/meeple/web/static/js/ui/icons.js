// The icons a game's table description names (meeple.kit.table.ICONS): flat SVG shapes of
// our own, centred on (0, 0) in a 42-unit box like the pieces of pieces.js, in a named
// colour, a seat's colour or their own, with a dark outline.
import { s } from "../dom.js";
import { OUTLINE, seatColour } from "./colours.js";
import { coin, figure, meeple, star, token } from "./pieces.js";

export const PALETTE = {
  red: "#c0392b", blue: "#1f5fa8", green: "#2e7d32", white: "#f4f1ea", black: "#2b2b2b", gold: "#e0b12e",
  yellow: "#f1c40f", brown: "#8d5524", purple: "#8e44ad", orange: "#e67e22", grey: "#8d8677", pink: "#d6569a",
  teal: "#16787a",
};
export function colourOf(c, fallback = "#8d8677") {
  if (typeof c === "number") return seatColour(c);
  if (typeof c === "string") return PALETTE[c] || (c.startsWith("#") ? c : fallback);
  return fallback;
}

const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const luminance = (hex) => {
  const [r, g, b] = rgb(hex).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
// A colour's light tint (share of the colour over the card's paper): writing sits on tints,
// so that it reads at 7:1 (WCAG AAA) whatever the colour; the colour itself shows in an edge.
export function tint(c, share = 0.3) {
  if (typeof c !== "string" || !/^#[0-9a-f]{6}$/i.test(c)) return "#fffdf7";
  const paper = [255, 253, 247];
  return "#" + rgb(c).map((v, i) => Math.round(v * share + paper[i] * (1 - share)).toString(16).padStart(2, "0")).join("");
}
// The writing of more contrast on a colour: dark or white.
export const inkOn = (c) => {
  if (typeof c !== "string" || !/^#[0-9a-f]{6}$/i.test(c)) return OUTLINE;
  const l = luminance(c), dark = (l + 0.05) / (luminance(OUTLINE) + 0.05), light = 1.05 / (l + 0.05);
  return dark >= light ? OUTLINE : "#ffffff";
};

const SW = 2.5;
const line = { stroke: OUTLINE, "stroke-width": SW, "stroke-linejoin": "round" };
const g = (name, ...parts) => s("g", { class: `piece icon-${name}` }, ...parts);

const SHAPES = {
  gem: (c) => g("gem", s("path", { d: "M-15 -5 L-8 -14 L8 -14 L15 -5 L0 16 Z", fill: c, ...line }),
    s("path", { d: "M-15 -5 L15 -5 M-8 -14 L-4 -5 L0 16 M8 -14 L4 -5 L0 16", fill: "none", stroke: "#ffffff", "stroke-opacity": 0.6, "stroke-width": 1.4 })),
  coin: () => coin(null),
  disc: (c) => g("disc", s("circle", { r: 15, fill: c, ...line })),
  cube: (c) => g("cube", s("path", { d: "M0 -16 L14 -8 L14 9 L0 17 L-14 9 L-14 -8 Z", fill: c, ...line }),
    s("path", { d: "M-14 -8 L0 0 L14 -8 M0 0 L0 17", fill: "none", stroke: OUTLINE, "stroke-width": 1.6 })),
  card: (c) => g("card", s("rect", { x: -11, y: -16, width: 22, height: 32, rx: 3, fill: c, ...line }),
    s("rect", { x: -7, y: -12, width: 14, height: 24, rx: 2, fill: "none", stroke: "#ffffff", "stroke-opacity": 0.6, "stroke-width": 1.4 })),
  meeple: (c) => meeple(c),
  pawn: (c) => g("pawn", s("path", { d: "M-11 17 L-6 2 Q-9 -1 -9 -6 A9 9 0 1 1 9 -6 Q9 -1 6 2 L11 17 Z", fill: c, ...line })),
  figure: (c) => figure(c),
  star: (c) => star({ colour: c }),
  crown: (c) => g("crown", s("path", { d: "M-16 12 L-16 -8 L-8 2 L0 -14 L8 2 L16 -8 L16 12 Z", fill: c, ...line })),
  camel: (c) => g("camel", s("path", { ...line, fill: c, d: "M-18 2 Q-18 -4 -12 -4 Q-8 -14 -2 -6 Q2 -14 8 -6 L11 -10 L12 -16 L18 -15 L18 -11 L14 -9 L13 0 Q12 5 8 5 L8 16 L5 16 L4 6 L-8 6 L-9 16 L-12 16 L-13 5 Q-18 5 -18 2 Z" })),
  carrot: (c) => g("carrot", s("path", { d: "M-4 -8 L6 -8 Q9 -8 8 -4 L2 17 Q1 19 0 17 L-6 -4 Q-7 -8 -4 -8 Z", fill: c, ...line }),
    s("path", { d: "M1 -8 L-4 -18 M1 -8 L2 -19 M1 -8 L8 -17", fill: "none", stroke: "#2e7d32", "stroke-width": 3, "stroke-linecap": "round" })),
  lettuce: (c) => g("lettuce", s("path", { d: "M0 16 Q-17 12 -16 -2 Q-15 -15 0 -16 Q15 -15 16 -2 Q17 12 0 16 Z", fill: c, ...line }),
    s("path", { d: "M0 14 L0 -12 M0 4 L-9 -6 M0 -2 L8 -10 M0 8 L9 0", fill: "none", stroke: "#ffffff", "stroke-opacity": 0.7, "stroke-width": 1.6 })),
  hedgehog: (c) => g("hedgehog", s("path", { ...line, fill: c, d: "M-17 10 L-15 2 L-19 -2 L-12 -4 L-13 -11 L-6 -8 L-4 -15 L1 -9 L5 -15 L7 -8 L13 -11 L12 -3 L18 2 Q20 10 13 10 Z" }),
    s("circle", { cx: 14, cy: 4, r: 1.6, fill: OUTLINE })),
  hare: (c) => g("hare", s("path", { ...line, fill: c, d: "M-8 -4 Q-12 -18 -7 -19 Q-3 -18 -3 -6 Q1 -19 5 -18 Q9 -15 2 -4 Q12 0 10 10 Q6 17 -3 16 Q-13 15 -12 6 Q-12 0 -8 -4 Z" }),
    s("circle", { cx: 3, cy: 3, r: 1.6, fill: OUTLINE })),
  seal: (c) => g("seal", s("path", { d: "M-8 8 L-12 19 L-5 16 L-2 21 L1 9 M8 8 L12 19 L5 16 L2 21 L-1 9", fill: "#c0392b", ...line }),
    s("circle", { cy: -2, r: 13, fill: c, ...line }), s("circle", { cy: -2, r: 8.5, fill: "none", stroke: "#ffffff", "stroke-opacity": 0.6, "stroke-width": 1.5 })),
  token: (c) => token("", c),
  flag: (c) => g("flag", s("path", { d: "M-10 18 L-10 -18", stroke: OUTLINE, "stroke-width": 3 }),
    s("path", { d: "M-10 -17 L14 -10 L-10 -2 Z", fill: c, ...line })),
  heart: (c) => g("heart", s("path", { d: "M0 15 L-14 0 Q-19 -8 -12 -13 Q-5 -17 0 -9 Q5 -17 12 -13 Q19 -8 14 0 Z", fill: c, ...line })),
  shield: (c) => g("shield", s("path", { d: "M0 -17 L15 -11 Q15 8 0 17 Q-15 8 -15 -11 Z", fill: c, ...line })),
  scroll: (c) => g("scroll", s("path", { d: "M-12 -14 L12 -14 L12 12 Q12 17 7 17 L-12 17 Q-16 17 -16 13 Q-16 9 -12 9 Z", fill: c, ...line }),
    s("path", { d: "M-7 -7 L7 -7 M-7 -1 L7 -1 M-7 5 L4 5", stroke: OUTLINE, "stroke-width": 1.6 })),
  hourglass: (c) => g("hourglass", s("path", { d: "M-11 -17 L11 -17 L11 -14 L2 0 L11 14 L11 17 L-11 17 L-11 14 L-2 0 L-11 -14 Z", fill: c, ...line })),
  die: (c) => g("die", s("rect", { x: -15, y: -15, width: 30, height: 30, rx: 5, fill: c, ...line }),
    ...[[-7, -7], [7, 7], [0, 0]].map(([x, y]) => s("circle", { cx: x, cy: y, r: 3, fill: OUTLINE }))),
  check: (c) => g("check", s("circle", { r: 15, fill: c, ...line }),
    s("path", { d: "M-8 0 L-2 7 L9 -7", fill: "none", stroke: "#ffffff", "stroke-width": 3.5, "stroke-linecap": "round" })),
};
// An icon's own colour when the game names none.
const OWN = { carrot: "orange", lettuce: "green", hedgehog: "brown", hare: "grey", camel: "gold", coin: "gold",
  crown: "gold", seal: "gold", star: "gold", heart: "red", scroll: "white", hourglass: "gold", die: "white", check: "green",
  flag: "red", card: "purple" };

export const ICON_NAMES = Object.keys(SHAPES);

// The icon as an SVG group (place it with pieces.at), or null for an unknown name.
export function shape(name, colour) {
  const f = SHAPES[name];
  if (!f) return null;
  return f(colourOf(colour ?? OWN[name], colourOf(OWN[name])));
}
