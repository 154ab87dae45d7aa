// The Master's console. Resolving the season is a seal on the map: while a player has
// not sent orders it asks for confirmation and names them (resolving wipes what they are
// still writing). The personal-event form shows only in the orders phase, when the
// engine accepts events, and lists only the players who have none yet this season.
import { h, s } from "../dom.js";
import { t } from "../i18n.js";
import { target } from "../ui/targets.js";

const quote = (text) => JSON.stringify(text);
const RES = ["gold", "army", "loyalty", "reputation"];
const cap = (k) => k[0].toUpperCase() + k.slice(1);

export function unsent(v) {
  return v.players.filter((pl) => pl.orders_sent === false).map((pl) => pl.index);
}

const warning = (late) => (late.length
  ? `${late.join(", ")} ${late.length > 1 ? t("colNotSent") : t("colNotSentOne")}` : t("colResolveAll"));

// Every path to "resolve" (the seal, the lists, the typed form) asks first while a player
// has not sent orders, and says whose: the shell asks the module (confirmFor).
export function confirmFor(action, p, ctx) {
  const v = p && p.view;
  if (action !== "resolve" || !v || p.seat !== v.master) return null;
  const late = unsent(v).map((i) => ctx.seatName(i));
  return late.length ? `${t("colResolve")}: ${warning(late)}` : null;
}

export function resolveSeal(p, ctx) {
  const v = p.view;
  const c = (p.choices || []).find((x) => x.action === "resolve");
  if (!c || p.seat !== v.master) return null;
  const late = unsent(v).map((i) => ctx.seatName(i));
  const warn = warning(late);
  // At the map's bottom right corner (the map is 800 × 685).
  const g = s("g", { class: "col-seal", "data-id": "resolve", transform: "translate(0 165)" },
    s("rect", { x: 584, y: 450, width: 208, height: 64, rx: 12, fill: "#7a2e1f", stroke: "#1c1b19", "stroke-width": 3 }),
    s("circle", { cx: 612, cy: 482, r: 18, fill: "#c0392b", stroke: "#1c1b19", "stroke-width": 2.5 }),
    s("path", { d: "M603 482 L610 489 L622 474", fill: "none", stroke: "#fff", "stroke-width": 3.5, "stroke-linecap": "round" }),
    s("text", { x: 714, y: 487, "text-anchor": "middle", "font-size": 15, "font-weight": 700, fill: "#fff", text: t("colResolve") }));
  return target(g, [c], { label: `${t("colResolve")}: ${warn}`, confirm: late.length > 0 });
}

export function masterConsole(p, ctx) {
  const v = p.view;
  if (v.phase !== "orders") return null;
  const taken = new Set((v.personal_events || []).map((e) => e.player));
  const open = v.players.filter((pl) => !taken.has(pl.index));
  const late = unsent(v).map((i) => ctx.seatName(i));
  const status = h("p", { class: late.length ? "error" : "muted", id: "master-waiting", text: warning(late) });
  const box = h("section", { class: "panel", id: "master", "aria-labelledby": "master-title" },
    h("h3", { id: "master-title", text: t("colMaster") }), status);
  if (!open.length) return box;
  const who = h("select", { id: "event-who", "aria-label": t("colEventFor") }, open.map((pl) => h("option", { value: pl.index, text: ctx.seatName(pl.index) })));
  const text = h("input", { id: "event-text", maxlength: 1000, "aria-label": t("colEventText"), required: true });
  const res = h("select", { "aria-label": t("resources") }, RES.map((k) => h("option", { value: k, text: t(`col${cap(k)}`) })));
  const delta = h("input", { type: "number", value: 0, min: -20, max: 20, "aria-label": `${t("resources")} ±` });
  box.append(h("form", { class: "seat-row", onsubmit: (ev) => {
    ev.preventDefault();
    if (!text.value.trim()) return;
    const change = Number(delta.value) ? ` ${res.value} ${Number(delta.value)}` : "";
    ctx.send(`event ${who.value} ${quote(text.value)}${change}`);
  } }, h("label", { class: "sr", for: "event-who", text: t("colEventFor") }), who, text, res, delta,
  h("button", { type: "submit" }, t("colEventSend"))));
  return box;
}
