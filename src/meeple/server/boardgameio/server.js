// boardgame.io's own server, state in memory, with a counter game: each player in turn adds
// one, as meeple's counter (games/counter). Started by `meeple bench server --vs-boardgameio`
// (meeple.server.bgio_bench) from a folder where boardgame.io was installed; argument: the
// port. Says "ready" on its standard output once it listens.
const { Server } = require("boardgame.io/server");

const Counter = {
  name: "counter",
  setup: () => ({ count: 0 }),
  moves: { inc: ({ G }) => { G.count += 1; } },
  turn: { minMoves: 1, maxMoves: 1 },  // one move, then the next player's turn
};

const port = Number(process.argv[2]);
Server({ games: [Counter] }).run(port, () => console.log("ready"));
