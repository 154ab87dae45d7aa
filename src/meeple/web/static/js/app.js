// The router: #/ the lobby, #/game/ID/SECRET a table (#/game/ID/ with no secret: your
// account's seat), #/replay/ID/SECRET a replay (no secret: the account's seat), #/account sign-in and profile, #/my your
// games, #/ratings/GAME/PLAYERS a leaderboard, #/admin an admin's numbers and announcements.
import { clear } from "./dom.js";
import { t, toggleLanguage, language } from "./i18n.js";
import { showLobby } from "./lobby.js";
import { showTable } from "./table.js";
import { accountBar, adopt, keepLanguage, showAccount, showLeaderboard, showMyGames } from "./account.js";
import { adminLink, showAdmin, startNotices } from "./admin.js";

const app = document.getElementById("app");
let leave = null;

// A view whose module is imported when it is first opened (a table needs no replay, no
// account page); the replay then imports its own game's module only, as a table does
// (js/games.js). Leaving before it came draws nothing.
function later(load, show) {
  let left = false, stop = null;
  load().then((m) => { if (!left) stop = show(m); })
    .catch((e) => { if (!left) app.textContent = e.message; });
  return () => { left = true; if (stop) stop(); };
}

function route() {
  if (leave) { leave(); leave = null; }
  clear(app);
  document.documentElement.lang = language();
  document.getElementById("tagline").textContent = t("tagline");
  // The button shows the other language's code; its name begins with what it shows (a
  // screen reader's user says "RU" to press it) and says what it does.
  const other = language() === "en" ? "RU" : "EN";
  const langButton = document.getElementById("lang");
  langButton.textContent = other;
  langButton.setAttribute("aria-label", other === "RU" ? "RU — Русский" : "EN — English");
  langButton.title = "Language / Язык";
  const bar = document.getElementById("account-bar");
  accountBar(bar).then(() => adminLink(bar));
  const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  if (parts[0] === "game" && parts.length >= 3) { adopt(parts[2]); leave = showTable(app, parts[1], parts[2]); }
  else if (parts[0] === "replay" && parts.length >= 2) {
    leave = later(() => import("./replay.js"), (m) => m.showReplay(app, parts[1], parts[2] || ""));
  }
  else if (parts[0] === "account") leave = showAccount(app, route);
  else if (parts[0] === "my") leave = showMyGames(app);
  else if (parts[0] === "admin") leave = showAdmin(app);
  else if (parts[0] === "ratings" && parts.length >= 3) leave = showLeaderboard(app, parts[1], parts[2]);
  else leave = showLobby(app);
}

document.getElementById("lang").addEventListener("click", () => { toggleLanguage(); keepLanguage(); route(); });
window.addEventListener("hashchange", route);
route();
startNotices();
