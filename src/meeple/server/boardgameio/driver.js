// The load of `meeple bench server` against boardgame.io's server (server.js): G games of C
// players, one socket.io client per seat (its websocket transport only). A client whose
// seat is asked (the state's current player) sends the move with the state's id it saw;
// latency runs from that send until the last client of the game has the new state. The
// measured window opens once every client has its first state ("window" on standard output,
// so that the caller can read the server's CPU then), lasts SECONDS, and ends with "end"
// and one line of JSON: moves, latencies, bytes read, the clients' CPU.
// Arguments: port games clients seconds.
const { io } = require("socket.io-client");

const [port, games, clients, seconds] = process.argv.slice(2).map(Number);
const url = `http://127.0.0.1:${port}/counter`;
const totals = { connected: 0, latencies: [], bytes: 0, moves: 0, windowStart: Infinity };
const sockets = [];

function play(matchID, playerID, load) {
  const socket = io(url, { transports: ["websocket"], forceNew: true, reconnection: false });
  sockets.push(socket);
  let first = true, acted = -1;
  socket.io.on("open", () => {
    socket.io.engine.on("data", (d) => { totals.bytes += typeof d === "string" ? Buffer.byteLength(d) : d.byteLength; });
  });
  const seen = (state) => {
    if (first) {
      first = false;
      if (++totals.connected === games * clients) startWindow();
    }
    const v = state._stateID;
    load.seen.set(v, (load.seen.get(v) || 0) + 1);
    if (load.seen.get(v) === clients) {
      load.seen.delete(v);
      const sent = load.sent.get(v);
      if (sent !== undefined) {
        load.sent.delete(v);
        if (sent >= totals.windowStart) totals.latencies.push(performance.now() - sent);
      }
      if (performance.now() >= totals.windowStart) totals.moves += v > 0;
    }
    if (state.ctx.currentPlayer === playerID && acted < v) {
      acted = v;
      if (!load.sent.has(v + 1)) load.sent.set(v + 1, performance.now());
      socket.emit("update", { type: "MAKE_MOVE", payload: { type: "inc", args: [], playerID } },
        v, matchID, playerID);
    }
  };
  socket.on("sync", (_, info) => seen(info.state));
  socket.on("update", (_, state) => seen(state));
  socket.on("connect", () => socket.emit("sync", matchID, playerID, undefined, clients));
}

let cpuStart = null;
function startWindow() {
  totals.windowStart = performance.now();
  cpuStart = process.cpuUsage();
  totals.bytes = 0;
  console.log("window");
  setTimeout(endWindow, seconds * 1000);
}

function endWindow() {
  const elapsed = (performance.now() - totals.windowStart) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  for (const s of sockets) s.close();
  const out = JSON.stringify({
    moves: totals.moves, seconds: elapsed, latencies_ms: totals.latencies.map((x) => Math.round(x * 100) / 100),
    bytes: totals.bytes, clients_cpu_seconds: (cpu.user + cpu.system) / 1e6,
  });
  // Written whole before the exit: a pipe's writes are asynchronous in Node.
  process.stdout.write(`end\n${out}\n`, () => process.exit(0));
}

for (let g = 0; g < games; g++) {
  const load = { sent: new Map(), seen: new Map() };
  const matchID = `bench-${process.pid}-${g}`;
  for (let p = 0; p < clients; p++) play(matchID, String(p), load);
}
