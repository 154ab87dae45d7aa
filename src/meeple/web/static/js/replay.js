// The replay of a finished game: step forward and back, jump to a round.
import { call } from "./api.js";
import { h, clear } from "./dom.js";
import { t } from "./i18n.js";
import * as cult from "./cult.js";
import * as colonies from "./colonies.js";

const GAMES = { cult, colonies };

export function showReplay(root, gid, token) {
  const bar = h("div", { class: "panel row", id: "replay-bar" });
  const board = h("div", { class: "panel" });
  const side = h("div", { class: "panel" });
  const logBox = h("ol", { class: "log" });
  const error = h("p", { class: "error", role: "alert" });
  root.append(bar, error, h("div", { class: "table" }, h("div", {}, board, side),
    h("div", { class: "panel" }, h("h2", { text: t("log") }), logBox)));
  let game = null, catalog = {}, at = 0;
  const go = async (version) => {
    try {
      const r = await call("GET", `/api/games/${gid}/replay?version=${version}`, { token });
      at = r.version;
      const p = { ...r, game, seat: null, waiting: [], choices: null };
      const mod = GAMES[game];
      clear(board).append(mod ? mod.board(p, { catalog }) : h("pre", { text: r.board }));
      clear(side).append(mod ? mod.players(p, { catalog }) : "");
      clear(logBox).append(...r.log.map((x) => h("li", { text: x })));
      drawBar(r);
    } catch (e) { error.textContent = e.message; }
  };
  const drawBar = (r) => {
    const rounds = h("select", { id: "replay-round", "aria-label": t("jump") },
      r.rounds.map(([round, v]) => h("option", { value: v, text: `${t("round")} ${round}`, selected: round === r.round })));
    rounds.addEventListener("change", () => go(Number(rounds.value)));
    clear(bar).append(
      h("button", { type: "button", onclick: () => go(0) }, t("start")),
      h("button", { type: "button", id: "replay-back", onclick: () => go(Math.max(0, at - 1)) }, t("back")),
      h("span", { id: "replay-pos", text: `${r.version} / ${r.total}` }),
      h("button", { type: "button", id: "replay-forward", onclick: () => go(Math.min(r.total, at + 1)) }, t("forward")),
      h("button", { type: "button", onclick: () => go(r.total) }, t("end")), rounds,
      h("a", { href: `#/game/${gid}/${token}` }, t("open")));
  };
  call("GET", `/api/games/${gid}`, { token }).then(async (p) => {
    game = p.game;
    catalog = await call("GET", `/api/catalog/${p.game}`).catch(() => ({}));
    go(0);
  }).catch((e) => { error.textContent = e.message; });
  document.addEventListener("keydown", onKey);
  function onKey(ev) {
    if (ev.target.tagName === "INPUT" || ev.target.tagName === "SELECT") return;
    if (ev.key === "ArrowRight") go(at + 1);
    if (ev.key === "ArrowLeft") go(Math.max(0, at - 1));
  }
  return () => document.removeEventListener("keydown", onKey);
}
