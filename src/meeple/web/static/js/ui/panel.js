// A player's panel: colour, name, faction, score, whose turn and who has passed; every
// count as an icon with its number, the explanation in its tooltip.
import { h } from "../dom.js";
import { t } from "./text.js";
import { help } from "./tooltip.js";
import { seatColour } from "./colours.js";

export function playerPanel({ name, colour, seat, faction = "", score, turn = false, passed = false, me = false,
  stats = [], extra = null, id } = {}) {
  const c = colour || seatColour(seat);
  const flags = [turn ? h("span", { class: "pp-flag turn", text: t("deciding") }) : null,
    passed ? h("span", { class: "pp-flag passed", text: t("passed") }) : null];
  return h("section", { class: `pp${me ? " me" : ""}${turn ? " turn" : ""}${passed ? " passed" : ""}`,
    style: `--seat: ${c}`, "data-id": id ?? (seat !== undefined ? `seat-${seat}` : undefined),
    "aria-label": name },
  h("header", { class: "pp-head" },
    h("span", { class: "pp-dot", "aria-hidden": "true" }),
    h("span", { class: "pp-name", text: me ? `${name} (${t("you")})` : name }),
    faction ? h("span", { class: "pp-faction", text: faction }) : null,
    score !== undefined && score !== null ? h("span", { class: "pp-score", title: t("score"), text: score }) : null),
  flags.some(Boolean) ? h("div", { class: "pp-flags" }, flags) : null,
  stats.length ? h("ul", { class: "pp-stats" }, stats.map((st) => {
    const li = h("li", { class: "pp-stat", "data-id": st.id },
      st.icon ? h("span", { class: "pp-icon", "aria-hidden": "true" }, st.icon) : null,
      h("span", { class: "pp-value", text: st.value }),
      h("span", { class: "sr", text: ` ${st.label || ""}` }));
    if (st.label || st.help) help(li, st.label, st.help, { focusable: Boolean(st.help) });
    return li;
  })) : null,
  extra);
}
