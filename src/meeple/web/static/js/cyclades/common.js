// What the Cyclades modules share: the strings, names from the catalog, and which
// place an action is about (so the map can offer it there).
import { addText, t } from "../i18n.js";
import { CYCLADES_TEXT } from "../text/cyclades.js";

addText(CYCLADES_TEXT);
// The table's own stylesheet, linked once by the module (index.html is shared).
if (typeof document !== "undefined" && !document.querySelector('link[href="/css/cyclades.css"]')) {
  document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href: "/css/cyclades.css" }));
}
export { t };

// The catalog's name for a key, or the key made readable when a name is missing.
export const named = (ctx, key, fallback) => ctx.catalog[key] || fallback || key.split(".").pop();
export const islandName = (ctx, ter) => named(ctx, `island.${ter.name}`, ter.name);
export const godName = (ctx, g) => named(ctx, `god.${g}`, g[0].toUpperCase() + g.slice(1));
export const creatureName = (ctx, c) => named(ctx, `creature.${c}`, c);

// The argument of each action that names its territory or its sea.
const TERRITORY_ARG = { troop: 0, build: 0, hire: 0, metropolis: 0, prosper: 0, march: 1, titan: 1,
  free: 1, artifact: 1 };
const SEA_ARG = { fleet: 0, sail: 1, kraken: 0, sylph: 1 };

function about(action, table) {
  const [kind, ...args] = action.split(" ");
  if (kind === "place" && table === TERRITORY_ARG) return args.slice(0, 2).map(Number);
  if (kind === "fleets" && table === SEA_ARG) return args.slice(0, 2).map(Number);
  return kind in table ? [Number(args[table[kind]])] : [];
}

export const onTerritory = (choices, id) => choices.filter((c) => about(c.action, TERRITORY_ARG).includes(id));
export const onSea = (choices, id) => choices.filter((c) => about(c.action, SEA_ARG).includes(id));
