// The server's HTTP API and each seat's WebSocket. Reads of a game (its payload, log,
// replay, glossary) carry the interface language, so prompts, choices, the log and the
// result arrive already in the reader's language.
import { language, onLanguage } from "./i18n.js";

const LOCALIZED = /^\/api\/(games\/[^/?]+(\/(log|replay))?|catalog\/[^/?]+)(\?|$)/;
export function withLang(path) {
  if (!LOCALIZED.test(path) || /[?&]lang=/.test(path)) return path;
  return `${path}${path.includes("?") ? "&" : "?"}lang=${language()}`;
}
export class ApiError extends Error {
  constructor(status, code, message) { super(message); this.status = status; this.code = code; }
}

export async function call(method, path, { token, body } = {}) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  // Signed in: a write repeats the session's CSRF token (a cookie only this site can read).
  const csrf = document.cookie.match(/(?:^|; )meeple_csrf=([^;]*)/);
  if (method !== "GET" && csrf) headers["X-CSRF-Token"] = decodeURIComponent(csrf[1]);
  if (method === "GET") path = withLang(path);
  const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const type = r.headers.get("content-type") || "";
  const data = type.includes("json") ? await r.json() : await r.text();
  if (!r.ok) {
    const e = (data && data.error) || {};
    throw new ApiError(r.status, e.code || "http", e.message || `HTTP ${r.status}`);
  }
  return data;
}

// Calls onUpdate with each update for this seat; reconnects after a drop.
export function subscribe(gid, token, onUpdate) {
  let ws = null, closed = false, wait = 500;
  const open = () => {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    ws = new WebSocket(`${proto}://${location.host}/api/games/${gid}/ws?token=${encodeURIComponent(token)}&lang=${language()}`);
    ws.onmessage = (ev) => {
      wait = 500;
      const msg = JSON.parse(ev.data);
      if (msg.type === "update") onUpdate(msg);
    };
    ws.onclose = (ev) => {
      if (!closed && ev.code !== 4403 && ev.code !== 4404) setTimeout(open, wait = Math.min(wait * 2, 8000));
    };
  };
  open();
  return () => { closed = true; if (ws) ws.close(); };
}

// A game's glossary (names and whole texts of its pieces, cards, places) in the interface
// language; asked again when the language changes.
const catalogs = new Map();
onLanguage(() => catalogs.clear());
export function catalog(game) {
  const key = `${game}:${language()}`;
  if (!catalogs.has(key)) {
    catalogs.set(key, call("GET", `/api/catalog/${game}`).catch(() => { catalogs.delete(key); return {}; }));
  }
  return catalogs.get(key);
}
