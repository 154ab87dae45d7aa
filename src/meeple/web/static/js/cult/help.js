// Words for the Cult table: names from the glossary (ctx.catalog), help texts from
// text/cult.js filled with the data's numbers (facts.js), and readable labels for the
// actions a place or card stands for (no engine forms like "place 3 P" or "m12").
import { addText, language, t } from "../i18n.js";
import { CULT_TEXT } from "../text/cult.js";
import { FACTS } from "./facts.js";

addText(CULT_TEXT);
export { t, FACTS };

// t(key) with {name} placeholders filled; {name|one|other} (Russian {name|one|few|many})
// writes the number with the form the language's plural rule picks ("1 coin", "5 монет").
const RULES = {};
function plural(n, forms) {
  const lang = language();
  const rule = RULES[lang] || (RULES[lang] = new Intl.PluralRules(lang));
  const order = forms.length > 2 ? ["one", "few", "many"] : ["one", "other"];
  const i = order.indexOf(rule.select(Number(n)));
  return `${n} ${forms[i >= 0 ? i : forms.length - 1]}`;
}
export function fmt(key, args = {}) {
  return t(key).replace(/\{(\w+)((?:\|[^|}]*)*)\}/g, (m, k, forms) => {
    if (args[k] === undefined) return m;
    return forms ? plural(args[k], forms.slice(1).split("|")) : String(args[k]);
  });
}

export const name = (ctx, key, fallback = "") => ctx.catalog[key] || fallback || key.split(".").pop();
export const districtOf = (n) => FACTS.districts[n - 1];
export const districtName = (ctx, n) => name(ctx, `district.${districtOf(n).key}`);
export const cultName = (ctx, key) => name(ctx, `cult.${key}`);

export function districtHelp(ctx, n) {
  const d = districtOf(n);
  const offers = d.offers || [];
  const svc = fmt(`svc_${d.key}`, { ...d, min: d.min_pay, max: d.max_pay,
    p0: offers[0]?.price, p1: offers[1]?.price, l0: offers[0]?.levels, l1: offers[1]?.levels,
    f0: offers[0]?.followers, f1: offers[1]?.followers });
  return [svc, d.access ? fmt("cu_open", { n: d.access }) : t("cu_openAll"), fmt("cu_donation", { n: d.donation })].join("\n");
}

// Both sides of a cult's shield: [[light, light], [dark, dark]] ability facts.
export function shieldOf(cult) {
  const c = FACTS.cults[cult];
  return c ? [c.abilities.slice(0, 2), c.abilities.slice(2, 4)] : [[], []];
}

export function abilityHelp(ab) {
  const lines = [fmt(`ab_${ab.key}`, { ...ab, mobs: ab.mobs, followers: ab.followers })];
  lines.push(`${t(ab.kind === "ritual" ? "cu_ritual" : "cu_sacrifice")}.`);
  if (ab.cost) {
    const what = Object.entries(ab.cost).map(([k, n]) => fmt(`cu_c_${k}`, { n })).join(", ");
    lines.push(fmt("cu_cost", { what }));
  }
  if (ab.master && ab.master.patriarch_min) lines.push(fmt("cu_masterP", { n: ab.master.patriarch_min }));
  else if (ab.master) lines.push(fmt("cu_master", { a: ab.master.min, b: ab.master.max }));
  return lines.join("\n");
}

const KIND = { m: "miracle", c: "conspiracy", l: "licence" };
const COLOUR = { miracle: "#1f5f7a", conspiracy: "#7a2e2e", licence: "#4f3f73", greatness: "#664d08" };

// What a card shows: its name, kind, seal, cost and whole text.
export function cardFace(ctx, token) {
  if (token === "G") return greatnessFace(ctx);
  const kind = KIND[token[0]];
  const raw = ctx.catalog[token] || t(`cu_${kind}`);
  let title = raw, seal = "", cost = "", text = "";
  if (kind === "miracle") {
    const m = FACTS.miracles[token] || {};
    const inner = (raw.match(/\((.*)\)\s*$/) || [null, raw])[1];
    title = inner.split(/,\s*/).filter((w) => w !== t("cu_darkSeal")).join(", ");
    seal = m.dark ? t("cu_darkSeal") : "";
    text = fmt(`mir_${m.effect}`, m);
  } else if (kind === "conspiracy") {
    const c = FACTS.conspiracies[token] || {};
    seal = c.light ? t("cu_lightSeal") : "";
    cost = c.reward;
    text = `${fmt(`con_${c.key}`, { ...c, n: c.min_priests ? c.min_priests - 1 : 3 })}\n${t("cu_reward")} ${c.reward}`;
  } else if (kind === "licence") {
    const l = FACTS.licences[token] || {};
    cost = l.price;
    text = `${fmt(`lic_${l.kind}`, { ...l, districts: (l.districts || []).join(", ") })}\n${fmt("lic_bonus", { n: l.bonus })}`;
  }
  return { id: `card-${token}`, title, kind, kindName: t(`cu_${kind}`), seal, cost, text, colour: COLOUR[kind] };
}

export function greatnessFace(ctx) {
  const g = FACTS.greatness;
  const fest = g.festival.map((f) => `• ${name(ctx, `festival.${f.key}`)}: ${fmt(`fest_${f.key}`, f)}`);
  return { id: "card-G", title: t("cu_greatness"), kind: "greatness", kindName: name(ctx, "word.greatness", t("cu_greatness")),
    cost: `+${g.bonus}`, text: [fmt("great_text", g), ...fest].join("\n"), colour: COLOUR.greatness };
}

// A short readable name for one priest ("level 3", "Patriarch, level 9").
export function priestWords(pr, view) {
  if (pr.level === "P") return fmt("cu_patriarch", { n: view.players[pr.owner].patriarch_level });
  return fmt("cu_level", { n: pr.level + (pr.bonus || 0) });
}

// The text of one action for a place or a card: what it does, in words.
export function actionText(ctx, p, action) {
  const v = p.view, w = action.split(" "), k = w[0];
  const me = v.players[p.seat] || {};
  const server = (p.choices || []).find((c) => c.action === action);
  const lvl = (x) => (x === "P" ? fmt("cu_placeP", { n: me.patriarch_level }) : fmt("cu_placeLevel", { n: x }));
  const slot = (i) => {
    const d = v.districts[(v.active_district || 1) - 1], pr = d && d.priests[Number(i) - 1];
    return pr ? priestWords(pr, v) : i;
  };
  if (k === "place") return lvl(w[2]);
  if (k === "steal") return fmt(w[1] === "P" ? "cu_stealP" : "cu_steal", { n: w[2], lv: w[1] });
  if (k === "build") return fmt("cu_build", { lv: w[2], price: districtOf(7).price });
  if (k === "upgrade") return fmt("cu_raise", { n: 1 });
  if (k === "study") return fmt("cu_raise", { n: w[2] });
  if (k === "buy") return fmt("cu_buy", { n: (FACTS.licences[w[1]] || {}).price });
  if (k === "sell") return fmt("cu_sell", { n: (FACTS.conspiracies[w[1]] || {}).reward });
  if (["take", "keep", "give", "pay"].includes(k) && w[1]) return t(`cu_${k}`);
  if (k === "miracle") {
    const m = FACTS.miracles[w[1]] || {};
    if (w.length === 2) return t("cu_play");
    if (w[2] === "coins" || w[2] === "followers") return `${t("cu_play")}: ${t(`cu_${w[2]}`).toLowerCase()}`;
    if (m.effect === "add") return `${t("cu_play")}: ${lvl(w[2])}`;
    if (m.effect === "move") return `${t("cu_play")}: ${slot(w[2])} → ${districtName(ctx, Number(w[3]))}`;
    return `${t("cu_play")}: ${slot(w[2])}`;
  }
  if (k === "plot") {
    if (w.length === 2) return t("cu_play");
    const q = Number(w[2]);
    return Number.isInteger(q) && q >= 0 && q < p.seats.length ? `${t("cu_play")}: ${ctx.seatName(q)}` : `${t("cu_play")}: ${w.slice(2).join(" ")}`;
  }
  if (k === "festival") {
    const f = name(ctx, `festival.${w[1]}`);
    return w[2] ? `${f}: ${(ctx.catalog[w[2]] || w[2])}` : f;
  }
  return server ? server.text : action;
}
