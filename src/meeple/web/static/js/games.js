// A game's module is imported when its table or replay opens, so that a Cult table
// compiles none of the other games' modules; the page lists each game's files
// (window.__meepleModules, from the server) and preloads them side by side. A game with
// no module of its own is drawn by the kit's table (js/kit.js) from the table its view
// describes, or as text when it describes none.
const GAME_NAME = /^[a-z][a-z0-9_]*$/;

export async function gameModule(game) {
  const known = window.__meepleModules;
  if (!GAME_NAME.test(game)) return null;
  const own = !known || Boolean(known[game]);
  if (window.__meeplePreload) window.__meeplePreload(own ? game : "kit");
  return own ? import(`./${game}.js`) : import("./kit.js");
}
