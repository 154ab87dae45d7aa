// The advance tree as a board: each group a column, each advance a tile — mine (green,
// a check), open to me now (gold with a border: a target that chooses it), or not now
// (grey). Dots in the players' colours say who else knows it; the whole text shows on
// hover, long press and focus.
import { h } from "../dom.js";
import { seatColour } from "../ui/colours.js";
import { help } from "../ui/tooltip.js";
import { target } from "../ui/targets.js";
import { about, t, term } from "./words.js";

const quoted = (n) => (n.includes(" ") ? `"${n}"` : n);
// On a phone the 48 tiles would be 48 stops in the decision's tab: the tree is folded
// there (its summary counts what is yours and open now; the decision lists what can be
// learnt), open at 1280 px. A reader's own open or close is kept across redraws.
const PHONE = "(max-width: 700px)";
let unfolded = null;

export function advanceTree(p, ctx) {
  const v = p.view, me = p.seat === null ? null : v.players[p.seat];
  const grid = h("div", { class: "cl-tree", role: "list" });
  for (const [group, names] of Object.entries(v.groups)) {
    const col = h("section", { class: "cl-group", role: "listitem", "aria-label": term(ctx, "group", group) },
      h("h4", { text: term(ctx, "group", group) }));
    for (const n of names) {
      const choice = (p.choices || []).find((c) => c.action === `advance ${quoted(n)}`);
      const owners = v.players.map((pl, q) => (pl.advances.includes(n) ? q : -1)).filter((q) => q >= 0);
      const have = Boolean(me && me.advances.includes(n));
      const state = have ? "have" : choice ? "open" : "locked";
      const cell = h("div", { class: `advance cl-adv ${state}${choice ? " choice" : ""}`, "data-advance": n },
        h("span", { class: "cl-adv-mark", "aria-hidden": "true", text: have ? "✓" : choice ? "✦" : "" }),
        h("span", { class: "cl-adv-name", text: term(ctx, "adv", n) }),
        h("span", { class: "cl-dots", "aria-hidden": "true" },
          owners.filter((q) => q !== p.seat).map((q) => h("span", { class: "dot", style: `background: ${seatColour(q)}` }))));
      const label = `${term(ctx, "adv", n)} (${t(have ? "cl_have" : choice ? "cl_open" : "cl_locked")})`;
      if (choice) {
        cell.dataset.action = choice.action;
        target(cell, [choice], { label });
      } else {
        cell.setAttribute("aria-label", label);
      }
      const who = owners.length ? `\n${t("cl_ownedBy")}: ${owners.map((q) => ctx.seatName(q)).join(", ")}` : "";
      help(cell, term(ctx, "adv", n), `${about(ctx, n)}${who}`);
      col.append(cell);
    }
    grid.append(col);
  }
  const mine = me ? me.advances.length : 0;
  const open = (p.choices || []).filter((c) => c.action.startsWith("advance ")).length;
  const fold = h("details", { class: "cl-fold", open: unfolded ?? !window.matchMedia(PHONE).matches },
    h("summary", { class: "cl-fold-sum", text: `${t("cl_treeShow")} (${t("cl_have")}: ${mine}, ${t("cl_open")}: ${open})` }),
    h("p", { class: "muted cl-tree-help", text: t("cl_treeHelp") }), grid);
  fold.addEventListener("toggle", () => { unfolded = fold.open; });
  return h("section", { class: "panel cl-advances", id: "advances", "aria-labelledby": "cl-tree-title" },
    h("h3", { id: "cl-tree-title", text: t("cl_tree") }), fold);
}
