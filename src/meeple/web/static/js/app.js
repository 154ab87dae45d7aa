// The router: #/ the lobby, #/game/ID/SECRET a table, #/replay/ID/SECRET a replay.
import { clear } from "./dom.js";
import { t, toggleLanguage, language } from "./i18n.js";
import { showLobby } from "./lobby.js";
import { showTable } from "./table.js";
import { showReplay } from "./replay.js";

const app = document.getElementById("app");
let leave = null;

function route() {
  if (leave) { leave(); leave = null; }
  clear(app);
  document.documentElement.lang = language();
  document.getElementById("tagline").textContent = t("tagline");
  document.getElementById("lang").textContent = language() === "en" ? "RU" : "EN";
  const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  if (parts[0] === "game" && parts.length >= 3) leave = showTable(app, parts[1], parts[2]);
  else if (parts[0] === "replay" && parts.length >= 3) leave = showReplay(app, parts[1], parts[2]);
  else leave = showLobby(app);
}

document.getElementById("lang").addEventListener("click", () => { toggleLanguage(); route(); });
window.addEventListener("hashchange", route);
route();
