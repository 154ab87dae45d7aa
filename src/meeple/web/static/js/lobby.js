// The lobby: create a game, invitations, my games, public games with free seats.
import { call } from "./api.js";
import { h, clear } from "./dom.js";
import { t } from "./i18n.js";
import { myGames, remember, gameLink } from "./store.js";
import { lobbyGames, me, seatRatings } from "./account.js";

const BOTS = ["random", "heuristic", "ismcts:200", "ismcts:1s"];

export function showLobby(root) {
  const created = h("div");
  const form = h("form", { class: "panel", "aria-label": t("newGame") });
  const mine = h("div", { class: "panel" }, h("h2", { text: t("myGames") }));
  const open = h("div", { class: "panel" }, h("h2", { text: t("openGames") }));
  root.append(h("div", { class: "row" },
    h("div", { class: "grow" }, form, created), h("div", { class: "grow" }, mine, open)));
  call("GET", "/api/meta").then((meta) => buildForm(form, meta.games.filter((g) => g.name !== "counter"), created));
  listMine(mine);
  listOpen(open);
  return null;
}

function buildForm(form, games, created) {
  const gameSel = h("select", { id: "game" }, games.map((g) => h("option", { value: g.name, text: g.title, selected: g.name === "cult" })));
  const count = h("select", { id: "players" });
  const seats = h("div", { id: "seats" });
  const options = h("div", { id: "options" });
  const deadline = h("input", { id: "deadline", type: "number", min: 1, inputmode: "numeric" });
  const pub = h("input", { id: "public", type: "checkbox" });
  const error = h("p", { class: "error", role: "alert" });
  const current = () => games.find((g) => g.name === gameSel.value);
  const fillOptions = () => {
    clear(options);
    for (const [key, o] of Object.entries(current().options)) {
      const input = typeof o.default === "boolean"
        ? h("input", { type: "checkbox", "data-option": key, checked: o.default })
        : h("input", { "data-option": key, value: o.default, type: typeof o.default === "number" ? "number" : "text" });
      options.append(h("label", { title: o.help }, h("span", { text: key }), input, h("small", { class: "muted", text: ` ${o.help}` })));
    }
  };
  const fillCounts = () => {
    const g = current();
    fillOptions();
    clear(count);
    for (let n = g.min_players; n <= g.max_players; n++) count.append(h("option", { value: n, text: n, selected: n === g.default_players }));
    fillSeats();
  };
  const fillSeats = () => {
    clear(seats);
    for (let i = 0; i < Number(count.value); i++) {
      const sel = h("select", { id: `seat-${i}`, "aria-label": `${t("seat")} ${i}` },
        h("option", { value: "human", text: t("human") }),
        BOTS.map((b) => h("option", { value: b, text: `${t("bot")}: ${b}`, selected: i > 0 && b === "heuristic" })));
      seats.append(h("div", { class: "seat-row" }, h("span", { text: `${t("seat")} ${i}` }), sel));
    }
  };
  gameSel.addEventListener("change", fillCounts);
  count.addEventListener("change", fillSeats);
  form.append(h("h2", { text: t("newGame") }),
    h("label", {}, h("span", { text: t("game") }), gameSel),
    h("label", {}, h("span", { text: t("players") }), count), seats, options,
    h("label", {}, h("span", { text: t("deadline") }), deadline),
    h("label", {}, pub, ` ${t("publicGame")}`),
    h("button", { type: "submit", id: "create" }, t("create")), error);
  fillCounts();
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    error.textContent = "";
    const body = {
      game: gameSel.value, players: Number(count.value), public: pub.checked,
      seats: [...seats.querySelectorAll("select")].map((s) => ({ kind: s.value })),
      options: Object.fromEntries([...options.querySelectorAll("input")].map((i) => [i.dataset.option,
        i.type === "checkbox" ? i.checked : i.type === "number" ? Number(i.value) : i.value])),
    };
    if (deadline.value) body.deadline_seconds = Number(deadline.value);
    try {
      const g = await call("POST", "/api/games", { body });
      showCreated(created, g);
    } catch (e) { error.textContent = e.message; }
  });
}

function showCreated(box, g) {
  clear(box);
  const humans = g.seats.filter((s) => s.token);
  humans.forEach((s) => remember({ id: g.id, game: g.game, seat: s.seat, token: s.token }));
  remember({ id: g.id, game: g.game, seat: null, token: g.spectator_token });
  const copyRow = (label, url) => {
    const input = h("input", { readonly: true, value: url, "aria-label": label });
    const btn = h("button", { type: "button", class: "secondary" }, t("copy"));
    btn.addEventListener("click", async () => {
      input.select();
      try { await navigator.clipboard.writeText(url); } catch { document.execCommand("copy"); }
      btn.textContent = t("copied");
    });
    return h("label", {}, h("span", { text: label }), h("div", { class: "seat-row" }, input, btn));
  };
  box.append(h("div", { class: "panel links", id: "invitations" }, h("h2", { text: t("links") }),
    humans.map((s) => copyRow(`${t("joinLink")} ${s.seat}${s.kind === "master" ? " (Master)" : ""}`, gameLink(g.id, s.token))),
    copyRow(t("spectatorLink"), gameLink(g.id, g.spectator_token)),
    humans.length ? h("p", {}, h("a", { href: `#/game/${g.id}/${humans[0].token}`, id: "play-first" }, `${t("open")}: ${t("seat")} ${humans[0].seat}`)) : null));
}

async function listMine(box) {
  if (await lobbyGames(box)) box.append(h("h3", { text: t("thisBrowser") }));
  const games = myGames();
  if (!games.length) { box.append(h("p", { class: "muted", text: t("noGames") })); return; }
  const body = h("tbody");
  box.append(h("table", { class: "mygames" }, h("thead", {}, h("tr", {},
    h("th", { text: t("game") }), h("th", { text: t("seat") }), h("th", { text: t("turn") }), h("th"))), body));
  for (const g of games.slice(0, 20)) {
    const status = h("td", { text: "…" });
    body.append(h("tr", {}, h("td", { text: `${g.game} ${g.id.slice(0, 6)}` }),
      h("td", { text: g.seat === null ? t("spectator") : g.seat }), status,
      h("td", {}, h("a", { href: `#/game/${g.id}/${g.token}` }, t("open")))));
    call("GET", `/api/games/${g.id}`, { token: g.token }).then((v) => {
      status.textContent = v.finished ? t("over") : v.waiting.includes(v.seat) ? t("yourTurn")
        : `${t("waitingFor")} ${v.waiting.map((p) => `P${p}`).join(", ")}`;
    }).catch((e) => { status.textContent = e.message; });
  }
}

async function listOpen(box) {
  const list = await call("GET", "/api/games").catch(() => []);
  const open = list.filter((g) => g.free_seats > 0 && !g.finished);
  if (!open.length) { box.append(h("p", { class: "muted", text: t("noGames") })); return; }
  for (const g of open) {
    const name = h("input", { "aria-label": t("name"), placeholder: t("name"), maxlength: 64 });
    me().then((who) => { if (who && !name.value) name.value = who.display_name; });
    const seatSel = h("input", { type: "number", min: 0, max: g.players - 1, value: 0, "aria-label": t("seat") });
    const err = h("span", { class: "error" });
    const go = h("button", { type: "button" }, t("claim"));
    go.addEventListener("click", async () => {
      try {
        const r = await call("POST", `/api/games/${g.id}/seats/${Number(seatSel.value)}/claim`, { body: { name: name.value || "Player" } });
        remember({ id: g.id, game: g.game, seat: r.seat, token: r.token });
        location.hash = `#/game/${g.id}/${r.token}`;
      } catch (e) { err.textContent = e.message; }
    });
    const seated = h("small", { class: "muted seat-ratings" });
    seatRatings(g.id).then((text) => { seated.textContent = text; });
    box.append(h("div", { class: "seat-row" }, h("span", { text: `${g.game} ${g.id.slice(0, 6)} (${g.free_seats})` }), seatSel, name, go, err, seated));
  }
}
