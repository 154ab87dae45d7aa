// The seats' colours: strong enough for white text on them, each drawn with a dark
// outline so a piece stands out on a light board and beside a neighbour's piece.
const SEAT = ["#c0392b", "#1f5fa8", "#2e7d32", "#8e44ad", "#b9770e", "#16787a", "#6d4c41", "#455a64", "#6b6b6b"];
const NAMES = {
  en: ["red", "blue", "green", "purple", "amber", "teal", "brown", "slate", "grey"],
  ru: ["красный", "синий", "зелёный", "фиолетовый", "янтарный", "бирюзовый", "коричневый", "сизый", "серый"],
};
export const OUTLINE = "#1c1b19";
export const INK_ON_SEAT = "#ffffff";
export const HIGHLIGHT = "#f0b429";

export function seatColour(i) {
  if (i === null || i === undefined || i < 0) return "#8d8677";
  return SEAT[i % SEAT.length];
}
export const seatInk = () => INK_ON_SEAT;
// A seat's colour darkened for writing on the page's light grounds (its name in the log):
// 7:1 or more on white and on the highlight's yellow (WCAG AAA).
export function seatText(i) {
  const c = seatColour(i);
  return "#" + [1, 3, 5].map((k) => Math.round(parseInt(c.slice(k, k + 2), 16) * 0.6).toString(16).padStart(2, "0")).join("");
}
export const colourName = (i, lang = "en") => (NAMES[lang] || NAMES.en)[i % SEAT.length];
