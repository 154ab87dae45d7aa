// Turning a list of legal choices into a few controls: never more than ~12 buttons.
// Choices are grouped by the action's first word; a group that fits is shown as its
// buttons, a bigger one as one row (a list or a number stepper, and one button that
// sends what is chosen there). Every control that sends has class "choice" and the
// action it sends in data-action.
import { h } from "../dom.js";
import { t } from "./text.js";
import { stepper } from "./stepper.js";

export const BUDGET = 12;
// More alike choices than this (twelve "swap 1 X for 1 Y") are one list, however few the
// choices are in all: a wall of near-identical buttons is harder to read than a list.
export const BIG_GROUP = 6;

const firstWord = (a) => a.split(" ", 1)[0];

// Groups by first word; inside one, the choices that differ only in a final number
// (the same bid on one god, 2..7 gold) become a group of their own, for a stepper.
export function groupChoices(choices) {
  const byNumber = new Map();
  for (const c of choices) {
    const m = c.action.match(/^(.*\s)-?\d+$/);
    if (m) { if (!byNumber.has(m[1])) byNumber.set(m[1], []); byNumber.get(m[1]).push(c); }
  }
  // Only a few kinds per first word (bids on some gods); thirteen districts with three
  // priest levels each stay one list.
  const kinds = new Map();
  for (const [prefix, list] of byNumber) {
    if (!numericRange(list)) continue;
    const k = firstWord(prefix);
    kinds.set(k, (kinds.get(k) || []).concat([[prefix, list]]));
  }
  const numeric = new Map();
  for (const found of kinds.values()) {
    if (found.length <= 4) for (const [prefix, list] of found) for (const c of list) numeric.set(c, prefix);
  }
  const groups = new Map();
  for (const c of choices) {
    const k = numeric.has(c) ? `#${numeric.get(c)}` : firstWord(c.action);
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(c);
  }
  return [...groups.entries()].map(([key, list]) => ({ key, list }));
}

// A group's name for people: where its texts differ only in a number, the text with
// "…" for the number; else the words they all begin with.
export function groupLabel(list) {
  const first = list[0].text.split(/\s+/), last = list[list.length - 1].text.split(/\s+/);
  if (first.length === last.length && first.length > 1) {
    const diff = first.map((w, i) => w !== last[i]);
    // One or two words that change ("offer … gold to Zeus", "swap 1 … for 1 …").
    const changing = first.map((_, i) => list.some((c) => c.text.split(/\s+/)[i] !== first[i]));
    const same = list.every((c) => c.text.split(/\s+/).length === first.length);
    if (same && changing.filter(Boolean).length <= 2 && changing.filter(Boolean).length < first.length - 1) {
      return first.map((w, i) => (changing[i] ? "…" : w)).join(" ");
    }
    if (diff.filter(Boolean).length === 1) return first.map((w, i) => (diff[i] ? "…" : w)).join(" ");
  }
  const words = list.map((c) => c.text.split(/\s+/));
  const common = [];
  for (let i = 0; i < words[0].length; i++) {
    const w = words[0][i];
    if (words.every((ws) => ws[i] === w)) common.push(w); else break;
  }
  const text = common.join(" ").replace(/[,:;(–—-]+$/, "").trim();
  return text.length >= 3 ? `${text}…` : `${words[0][0]}…`;
}

// Numbers that differ only in the last word: a stepper is easier than a list.
// Fewer numbers than this are simply buttons.
const MIN_STEPPER = 4;
function numericRange(list) {
  if (list.length < MIN_STEPPER) return null;
  let prefix = null;
  const nums = [];
  for (const c of list) {
    const m = c.action.match(/^(.*\s)(-?\d+)$/);
    if (!m || (prefix !== null && m[1] !== prefix)) return null;
    prefix = m[1];
    nums.push(Number(m[2]));
  }
  const min = Math.min(...nums), max = Math.max(...nums);
  if (max - min + 1 !== new Set(nums).size) return null;
  return { prefix, min, max };
}

export function choiceButton(c, send, extra = "") {
  return h("button", { type: "button", class: `choice${extra ? ` ${extra}` : ""}`, "data-action": c.action,
    onclick: () => send(c.action) }, c.text);
}

// One row for a big group: a list (or stepper) and the button that sends the pick.
export function groupRow(list, send, label = groupLabel(list)) {
  const go = h("button", { type: "button", class: "choice go", "data-action": list[0].action }, t("choose"));
  go.addEventListener("click", () => send(go.dataset.action));
  const range = numericRange(list);
  let picker;
  const describe = (a) => (list.find((c) => c.action === a) || {}).text || a;
  const said = h("span", { class: "group-said muted", "aria-live": "polite", text: list[0].text });
  if (range) {
    const pick = (n) => {
      go.dataset.action = `${range.prefix}${n}`;
      said.textContent = describe(go.dataset.action);
    };
    picker = stepper(range.min, range.max, range.min, pick, { label });
    pick(range.min);
  } else {
    // Long entries ("learn Storage: Your food limit rises…") would be cut in a phone's
    // list: the list names each by its head, and the whole text of the one picked is
    // written under it.
    const heads = shortHeads(list);
    picker = h("select", { "aria-label": label }, list.map((c, i) => h("option", { value: c.action, text: heads ? heads[i] : c.text })));
    picker.addEventListener("change", () => { go.dataset.action = picker.value; said.textContent = describe(picker.value); });
    if (!heads) said.hidden = true;
  }
  return h("div", { class: "group-row", role: "group", "aria-label": label },
    h("span", { class: "group-label", text: label }), picker, go, said);
}

// Each text's part before its first ": " when every text has one and those parts are all
// different; else null.
function shortHeads(list) {
  const heads = list.map((c) => { const i = c.text.indexOf(": "); return i > 0 ? c.text.slice(0, i) : null; });
  if (heads.some((x) => x === null) || new Set(heads).size !== heads.length) return null;
  if (!heads.every((x, i) => x.length < list[i].text.length)) return null;
  // The verb they all share ("learn") is the row's label already: each entry keeps the rest.
  const verb = heads[0].split(" ", 1)[0];
  const rest = heads.map((x) => x.slice(verb.length + 1));
  return heads.every((x) => x.startsWith(`${verb} `)) && rest.every(Boolean) && new Set(rest).size === rest.length ? rest : heads;
}

// The controls for these choices within the budget of buttons.
export function choiceControls(choices, send, budget = BUDGET) {
  const groups = groupChoices(choices);
  // A number to choose (a bid, coins, troops) is a stepper however few the numbers are.
  const numbers = (g) => numericRange(g.list);
  const big = (g) => g.list.length > BIG_GROUP;
  if (choices.length <= budget && !groups.some(numbers) && !groups.some(big)) return choices.map((c) => choiceButton(c, send));
  // Each group costs one control; the smallest open up into buttons while room is left.
  let left = budget - groups.length;
  const open = new Set();
  for (const g of [...groups].filter((x) => x.list.length > 1 && !numbers(x) && !big(x)).sort((a, b) => a.list.length - b.list.length)) {
    if (g.list.length - 1 <= left) { open.add(g); left -= g.list.length - 1; }
  }
  return groups.map((g) => (g.list.length === 1 || open.has(g)
    ? g.list.map((c) => choiceButton(c, send))
    : groupRow(g.list, send))).flat();
}

// Every choice, behind a disclosure: the fallback for anything the board cannot show.
export function allOptions(choices, send, state = {}) {
  const box = h("details", { class: "all-options", id: "all-options", open: Boolean(state.open) },
    h("summary", { text: `${t("allOptions")} (${choices.length})` }),
    h("ul", { class: "opt-list" }, choices.map((c) => h("li", {},
      h("button", { type: "button", class: "opt", "data-action": c.action, onclick: () => send(c.action) }, c.text)))));
  box.addEventListener("toggle", () => { state.open = box.open; });  // kept open across updates
  return box;
}

// A small box beside a place listing what can be done there.
export function popover(anchor, choices, send, onClose, { title = "", confirm = false } = {}) {
  const close = h("button", { type: "button", class: "secondary pop-close", "aria-label": t("cancel") }, t("cancel"));
  close.addEventListener("click", onClose);
  const body = confirm && choices.length === 1
    ? [h("p", { text: choices[0].text }), h("button", { type: "button", class: "choice", "data-action": choices[0].action,
      onclick: () => send(choices[0].action) }, t("confirm"))]
    : choiceControls(choices, send);
  const box = h("div", { class: "popover", role: "dialog", "aria-label": title || t("choose"), id: "popover" },
    title ? h("strong", { class: "pop-title", text: title }) : null,
    h("div", { class: "pop-body" }, body), close);
  box.addEventListener("keydown", (ev) => { if (ev.key === "Escape") { ev.stopPropagation(); onClose(); } });
  requestAnimationFrame(() => place(box, anchor));
  return box;
}

function place(box, anchor) {
  if (!anchor || !anchor.isConnected || window.innerWidth < 700) { box.classList.add("docked"); return; }
  const r = anchor.getBoundingClientRect(), w = box.offsetWidth, hh = box.offsetHeight;
  const x = Math.min(Math.max(8, r.left + r.width / 2 - w / 2), window.innerWidth - w - 8);
  let y = r.bottom + 6;
  if (y + hh > window.innerHeight - 8) y = Math.max(8, r.top - hh - 6);
  box.style.left = `${x}px`;
  box.style.top = `${y}px`;
}
