// What the Clash modules share for words: the interface strings (js/text/clash.js), the
// glossary's names (ctx.catalog, from games/clash/data/texts.yaml) and a small formatter.
import { addText, t } from "../i18n.js";
import { CLASH_TEXT } from "../text/clash.js";

addText(CLASH_TEXT);
export { t };

// "{who} has {n}" with the values given.
export const fmt = (key, args = {}) => t(key).replace(/\{(\w+)\}/g, (m, k) => (k in args ? String(args[k]) : m));
// A name from the glossary ("adv", "Farming" -> "Земледелие"), or the key when missing.
export const term = (ctx, kind, key) => ctx.catalog[`${kind}.${key}`] || key;
// What a thing does, in the reader's language (keyed by its English name).
export const about = (ctx, key) => ctx.catalog[key] || "";
