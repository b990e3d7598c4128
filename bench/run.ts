import { benchBridge } from "./bridge.js";
import { benchChatEngine } from "./chat-engine.js";
import { benchHistory } from "./history.js";
import { benchMml } from "./mml.js";
import { killTracked, quick, resultsFile } from "./options.js";
import { report } from "./report.js";
import { benchRender } from "./render.js";
import { benchStartup } from "./startup.js";
import { benchTools } from "./tools.js";
import { benchTurn } from "./turn.js";
import { benchTurnFiles } from "./turn-files.js";

// `npm run bench`: runs every benchmark group and prints each figure beside the peer or floor it is
// measured against, as a ratio (.tmp/bench-results.json keeps the run). Pass group names to run only
// some (chat, bridge, history, startup, turn, turnfiles, mml, tools, render). `--quick`: small sizes,
// a check that every benchmark still runs (CI).

const groups = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const want = (g: string) => groups.length === 0 || groups.includes(g);
if (quick) console.log("quick pass: small sizes, the figures only show that each benchmark runs");

try {
  if (want("chat")) report("chat engine", await benchChatEngine(quick ? 4 : Number(process.env.BENCH_MB ?? 100)), resultsFile);
  if (want("bridge")) report("sidecar bridge", await benchBridge(), resultsFile);
  if (want("render")) report("rendering big messages", await benchRender(), resultsFile);
  if (want("history")) report("session history", await benchHistory(), resultsFile);
  if (want("startup")) report("start-up", await benchStartup(), resultsFile);
  if (want("turn")) report("turn overhead", await benchTurn(), resultsFile);
  if (want("turnfiles")) report("asset refreshes per agent turn", await benchTurnFiles(), resultsFile);
  if (want("mml")) report("compose_mml", await benchMml(), resultsFile);
  if (want("tools")) report("MCP tools", await benchTools(), resultsFile);
} finally {
  killTracked();
}
