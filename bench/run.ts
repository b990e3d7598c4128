import { join } from "node:path";
import { benchBridge } from "./bridge.js";
import { benchChatEngine } from "./chat-engine.js";
import { benchHistory } from "./history.js";
import { report } from "./report.js";

// `npm run bench`: runs every benchmark group, prints figures beside their targets and baselines,
// and writes them to bench/results.json. Pass group names to run only some (chat, bridge, history).

const groups = process.argv.slice(2);
const want = (g: string) => groups.length === 0 || groups.includes(g);
const results = join(import.meta.dirname, "results.json");

if (want("chat")) report("chat engine", await benchChatEngine(Number(process.env.BENCH_MB ?? 100)), results);
if (want("bridge")) report("sidecar bridge", await benchBridge(), results);
if (want("history")) report("session history", await benchHistory(), results);
