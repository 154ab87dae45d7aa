// My cards drawn as cards: an action card shows both halves (the civil action above, the
// tactics below), an objective card its peaceful and its military half, a wonder card
// what the wonder does; the hand zooms the card under the pointer or focus. A card that
// can be played now (as an action, for its tactics, bartered) is a target.
import { h } from "../dom.js";
import { card } from "../ui/card.js";
import { target } from "../ui/targets.js";
import { about, t, term } from "./words.js";

const quoted = (n) => (n.includes(" ") ? `"${n}"` : n);
// The actions that name a card: "card X", "tactic X", "barter X"...
const playsOf = (p, n) => (p.choices || []).filter((c) => {
  const w = c.action.match(/^(\w+) (.+)$/);
  return w && w[2] === quoted(n) && !/^advance$/.test(w[1]);
});

// A row of cards, each in a list slot of its own (a card may be a button).
function hand(cards, label) {
  return h("div", { class: "hand zoom cl-hand", role: "list", "aria-label": label },
    cards.map((c) => h("div", { role: "listitem", class: "cl-slot" }, c)));
}

function half(label, text, cls) {
  return h("div", { class: `cl-half ${cls}` }, h("strong", { text: label }), h("p", { text }));
}

function actionCard(p, ctx, n, i) {
  const el = card({ title: term(ctx, "action", n), kind: "action", kindName: t("cl_actionCard"), colour: "#265a51", id: `card-a-${i}` });
  const tactic = ctx.catalog[`${n}.tactic`] || "";
  el.append(h("div", { class: "cl-halves" },
    half(t("cl_civil"), ctx.catalog[`${n}.civil`] || about(ctx, n), "civil"),
    half(t("cl_tactic"), tactic, "tactic")));
  return el;
}

function objectiveCard(ctx, n, i) {
  const el = card({ title: term(ctx, "objective", n), kind: "objective", kindName: t("cl_objectiveCard"), colour: "#7a3f6b", id: `card-o-${i}` });
  el.append(h("div", { class: "cl-halves" },
    half(t("cl_peaceful"), ctx.catalog[`${n}.peaceful`] || about(ctx, n), "peaceful"),
    half(t("cl_military"), ctx.catalog[`${n}.military`] || "", "military")));
  return el;
}

function wonderCard(ctx, n, i) {
  return card({ title: term(ctx, "wonder", n), kind: "wonder", kindName: t("cl_wonderCard"), colour: "#8a6500",
    text: about(ctx, n), id: `card-w-${i}` });
}

export function myCards(p, ctx, me) {
  const cards = [];
  const names = (x) => (Array.isArray(x) ? x : []);
  names(me.action_cards).forEach((n, i) => {
    const el = actionCard(p, ctx, n, i);
    const plays = playsOf(p, n);
    // The card is named by what it shows (its title and both halves).
    if (plays.length) {
      el.dataset.title = `${term(ctx, "action", n)}, ${t("cl_actionCard")}`;
      el.removeAttribute("aria-label");
      target(el, plays);
    }
    cards.push(el);
  });
  names(me.objective_cards).forEach((n, i) => cards.push(objectiveCard(ctx, n, i)));
  names(me.wonder_cards).forEach((n, i) => cards.push(wonderCard(ctx, n, i)));
  return h("section", { class: "cl-cards", "aria-labelledby": "cl-cards-title" },
    h("h3", { id: "cl-cards-title", text: t("cl_myCards") }),
    cards.length ? hand(cards, t("cl_myCards")) : h("p", { class: "muted", text: t("cl_noCards") }));
}
