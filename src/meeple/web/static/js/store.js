// The games this browser has a seat or a link for, kept in localStorage.
const KEY = "meeple.games";

export function myGames() {
  try { return JSON.parse(localStorage.getItem(KEY) || "[]"); } catch { return []; }
}

export function remember(entry) {
  const list = myGames().filter((g) => !(g.id === entry.id && g.token === entry.token));
  list.unshift({ ...entry, saved: Date.now() });
  localStorage.setItem(KEY, JSON.stringify(list.slice(0, 50)));
}

export const gameLink = (id, token) => `${location.origin}/#/game/${id}/${token}`;
