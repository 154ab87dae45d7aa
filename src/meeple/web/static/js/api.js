// The server's HTTP API and each seat's WebSocket. Reads of a game (its payload, log,
// replay, glossary) carry the interface language, so prompts, choices, the log and the
// result arrive already in the reader's language. A restart of the server is a pause,
// not an error: patient requests are sent again and sockets reconnect (docs/reliability.md).
import { language, onLanguage } from "./i18n.js";
import { applyPatch, PatchError } from "./patch.js";

// The lists that title games (the lobby's meta and public games, my games) are read in it too.
const LOCALIZED = /^\/api\/(games\/[^/?]+(\/(log|replay))?|catalog\/[^/?]+|meta|games|account\/games)(\?|$)/;
export function withLang(path) {
  if (!LOCALIZED.test(path) || /[?&]lang=/.test(path)) return path;
  return `${path}${path.includes("?") ? "&" : "?"}lang=${language()}`;
}
export class ApiError extends Error {
  constructor(status, code, message) { super(message); this.status = status; this.code = code; }
}

// A pause rather than an answer: the server is restarting (503), a proxy found no server
// behind it (502, 504), or the network is gone (status 0: fetch rejected). Anything else
// is the server's real answer.
const PAUSE = new Set([0, 502, 503, 504]);
// Waits grow 0.25, 0.5, 1, 2, 4 s (at most 5), each drawn at random between half and all
// of it, so the clients of a restarted server do not all come back at the same instant.
export const backoff = (n) => Math.min(250 * 2 ** n, 5000) * (0.5 + Math.random() / 2);
const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

// Who is waiting for the server now (requests sent again, sockets reconnecting);
// listeners hear true when the first starts waiting and false when the last is through.
const waiting = new Set();
const listeners = new Set();
function setWaiting(who, on) {
  const before = waiting.size > 0;
  if (on) waiting.add(who); else waiting.delete(who);
  if (before !== waiting.size > 0) for (const f of listeners) f(waiting.size > 0);
}
export function onConnection(f) { listeners.add(f); return () => listeners.delete(f); }
export const reconnecting = () => waiting.size > 0;

async function once(method, path, token, body) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  // Signed in: a write repeats the session's CSRF token (a cookie only this site can read).
  const csrf = document.cookie.match(/(?:^|; )meeple_csrf=([^;]*)/);
  if (method !== "GET" && csrf) headers["X-CSRF-Token"] = decodeURIComponent(csrf[1]);
  let r;
  try {
    r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(0, "network", e.message || "the server is out of reach");
  }
  const type = r.headers.get("content-type") || "";
  const data = type.includes("json") ? await r.json().catch(() => null) : await r.text();
  if (!r.ok) {
    const e = (data && data.error) || {};
    throw new ApiError(r.status, e.code || "http", e.message || `HTTP ${r.status}`);
  }
  return data;
}

// One request. With `patient`, a pause (see PAUSE) is waited out: the very same request
// (for a move the same body, so the same idempotency key `key`, which the server applies
// at most once) is sent again with backoff until the server answers for real.
export async function call(method, path, { token, body, patient = false } = {}) {
  if (method === "GET") path = withLang(path);
  if (!patient) return once(method, path, token, body);
  const me = {};
  let paused = false;
  try {
    for (let n = 0; ; n++) {
      try {
        return await once(method, path, token, body);
      } catch (e) {
        if (e.status === 409 && paused && body && body.key) {
          // A copy cut off on the way may have been committed by the server going down
          // while this one reached another: asked once more, the same key answers
          // "already applied" if so; a second refusal is a real one.
          paused = false;
          await sleep(backoff(0));
          continue;
        }
        if (!PAUSE.has(e.status)) throw e;
        paused = true;
        setWaiting(me, true);
        await sleep(backoff(Math.min(n, 5)));
      }
    }
  } finally {
    setWaiting(me, false);
  }
}

// Calls onUpdate with each update for this seat, always the whole payload. The server's
// "restart" message or a dropped socket is a pause: it reconnects with backoff, and the
// first message of each connection is the whole game at its version now. After it the
// server sends patches from the payload this page holds (docs/server.md, "Updates"),
// applied here to a copy kept for the purpose; the table gets each update whole, a new
// object every time (it compares the one before with the next). A patch that does not
// start from the version held, or does not apply, makes the page ask for the whole
// payload again ({"type": "sync"}). The table drops any update older than it shows.
const sockets = new Map();  // `${gid} ${token}` -> the open socket and its move in flight
export function subscribe(gid, token, onUpdate) {
  let ws = null, closed = false, tries = 0;
  const me = {}, id = `${gid} ${token}`;
  const open = () => {
    if (closed) return;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const sock = ws = new WebSocket(`${proto}://${location.host}/api/games/${gid}/ws?token=${encodeURIComponent(token)}&lang=${language()}`);
    const conn = { ws: sock, held: null, syncing: false, pending: null };
    sock.onopen = () => sockets.set(id, conn);
    sock.onmessage = (ev) => {
      const msg = JSON.parse(ev.data);
      if (msg.type === "restart") { setWaiting(me, true); return; }  // its close follows
      if (msg.type === "ack" || msg.type === "error") { answered(conn, msg); return; }
      let whole;
      if (msg.type === "update") {
        const { type, log_tail, ack, ...doc } = msg;
        conn.held = doc;
        conn.syncing = false;
        whole = msg;
      } else if (msg.type === "patch") {
        if (conn.syncing) { if (msg.ack) answered(conn, msg.ack); return; }  // the whole payload is on its way
        try {
          if (!conn.held || msg.base !== conn.held.version) throw new PatchError(`a patch from version ${msg.base}`);
          conn.held = applyPatch(conn.held, msg.ops);
          conn.held.version = msg.version;
        } catch (e) {
          conn.syncing = true;
          sock.send(JSON.stringify({ type: "sync" }));
          if (msg.ack) answered(conn, msg.ack);
          return;
        }
        whole = { type: "update", ...structuredClone(conn.held), log_tail: msg.log_tail };
        if (msg.ack) whole.ack = msg.ack;
      } else return;
      tries = 0;
      setWaiting(me, false);
      onUpdate(whole);
      if (whole.ack) answered(conn, whole.ack);
    };
    sock.onclose = (ev) => {
      if (sockets.get(id) === conn) sockets.delete(id);
      if (conn.pending) conn.pending.lost();
      if (closed) return;
      if (ev.code === 4403 || ev.code === 4404) { setWaiting(me, false); return; }  // for good
      setWaiting(me, true);
      setTimeout(open, backoff(Math.min(tries++, 5)));
    };
  };
  open();
  return () => { closed = true; setWaiting(me, false); if (ws) ws.close(); };
}

// The answer to the move in flight on this socket: its acknowledgement (inside the update
// it made, or on its own) or its refusal.
function answered(conn, msg) {
  const p = conn.pending;
  if (!p) return;
  conn.pending = null;
  p.done(msg);
}

// Socket refusals that are a pause, as PAUSE is for HTTP: the move goes again by HTTP,
// which waits them out.
const WAIT_CODES = new Set(["restarting", "storage_unavailable", "rate_limited"]);
const MOVE_PATIENCE = 10000;  // ms for a move's answer on the socket, then it goes by HTTP

// A move ({action, version, key}): sent on the seat's open socket, where its answer comes
// inside the update it makes; by HTTP (patient, the same key, so applied at most once)
// when no socket is open, another move is in flight on it, or the socket went away or
// said to wait before answering. Resolves with the acknowledgement, as the HTTP route
// gives it; rejects with an ApiError for a refused move.
export function move(gid, token, body) {
  const conn = sockets.get(`${gid} ${token}`);
  const byHttp = () => call("POST", `/api/games/${gid}/actions`, { token, body, patient: true });
  if (!conn || conn.pending || conn.ws.readyState !== WebSocket.OPEN) return byHttp();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => p.lost(), MOVE_PATIENCE);
    const p = {
      done: (msg) => {
        clearTimeout(timer);
        if (msg.type !== "error") { const { type, ...ack } = msg; resolve(ack); return; }
        if (WAIT_CODES.has(msg.code)) { byHttp().then(resolve, reject); return; }
        reject(new ApiError(msg.code === "stale_version" ? 409 : 422, msg.code, msg.message));
      },
      lost: () => {
        clearTimeout(timer);
        if (conn.pending === p) conn.pending = null;
        byHttp().then(resolve, reject);
      },
    };
    conn.pending = p;
    conn.ws.send(JSON.stringify(body));
  });
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
