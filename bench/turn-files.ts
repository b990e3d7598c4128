import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { say, startFakeApi, useTools } from "../fixtures/fake-api/index.js";
import { Chat } from "../sidecar/src/chat/chat.js";
import type { ChatEvent } from "../sidecar/src/protocol/chat-events.js";
import { claudeBinary, makeSandbox } from "../sidecar/test/e2e/harness.js";
import type { Figure } from "./report.js";

// Asset refreshes for one agent turn that writes 10 files, counted from the events of a real run:
// the real claude CLI (acceptEdits) writes 10 files under Assets/ through the sidecar's chat engine,
// and the events it emits are counted. Without batching the Unity panel would refresh on every
// write it is told about (turn_file_write with an assetPath); with batching it holds auto-refresh
// from the first such write and refreshes once when the turn ends (turn_result). The recorded events
// are then replayed through the Unity package's own turn coordinator (unity-panel/Dotnet~/Bench, a
// counting fake Editor) with batching on and off: the figures are what that code asks of Unity.

const FILES = 10;
const root = join(import.meta.dirname, "..");

/** The refreshes the Unity package's Core asks for when it replays `events`, batching on and off; undefined without dotnet. */
function coreCounts(events: ChatEvent[]): { batched: number; unbatched: number } | undefined {
  const file = join(root, ".tmp", "bench-turn-events.json");
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(events));
  let out: string;
  try {
    out = execFileSync("dotnet", ["run", "--project", join(root, "unity-panel", "Dotnet~", "Bench"), "--", file], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
  const m = /batched (\d+), unbatched (\d+)/.exec(out);
  if (!m) throw new Error(`the Unity bench printed no counts: ${out.slice(0, 300)}`);
  return { batched: Number(m[1]), unbatched: Number(m[2]) };
}

/** Run one scripted 10-file Write turn and count the refreshes each strategy would make. */
export async function benchTurnFiles(): Promise<Record<string, Figure>> {
  const sandbox = makeSandbox();
  const path = (i: number): string => join(sandbox.project, "Assets", "Generated", `Gen${i}.cs`);
  const writes = Array.from({ length: FILES }, (_, i) => ({ name: "Write", input: { file_path: path(i), content: `public class Gen${i} {}\n` } }));
  const api = await startFakeApi([{ match: "Generate", answers: [useTools(writes), say("Generated ten scripts.")] }]);
  const chat = new Chat({ claudePath: claudeBinary(), cwd: sandbox.project, env: sandbox.env(api.url), permissionMode: "acceptEdits" });
  const sequence: ChatEvent[] = [];
  chat.on("event", (e) => sequence.push(e));
  try {
    await chat.start();
    const t0 = performance.now();
    const turnId = await chat.send("Generate ten scripts.");
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("the 10-file turn did not end within 60 s")), 60_000);
      chat.on("event", (e) => {
        if (e.type === "turn_result" && e.turnId === turnId) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    const turnMs = performance.now() - t0;
    const perWrite = sequence.filter((e) => e.type === "turn_file_write" && e.assetPath !== undefined).length;
    const perTurn = sequence.filter((e) => e.type === "turn_result").length;
    const card = sequence.find((e) => e.type === "turn_files");
    const cardBeforeResult = card !== undefined && sequence.indexOf(card) === sequence.findIndex((e) => e.type === "turn_result") - 1;
    if (perWrite !== FILES || perTurn !== 1 || !cardBeforeResult) {
      throw new Error(`unexpected event sequence: ${perWrite} asset writes, ${perTurn} turn ends, turn_files before turn_result: ${cardBeforeResult}`);
    }
    // The recorded events through the Unity package's own turn coordinator (Core, with a counting Editor), where .NET is here.
    const core = coreCounts(sequence);
    const batched = core?.batched ?? perTurn;
    const unbatched = core?.unbatched ?? perWrite;
    const counted = core
      ? "counted by the Unity package's turn coordinator replaying this run's events"
      : "turn ends in this run's events (.NET not found: the Unity package's coordinator was not run)";
    return {
      turn_files_refreshes_batched: {
        value: batched,
        unit: `refresh(es) for a ${FILES}-file turn with batching, ${counted}`,
        vs: { what: "the same turn without batching (one auto refresh per asset write)", value: unbatched },
      },
      turn_files_turn_ms: { value: Math.round(turnMs), unit: `ms for the ${FILES}-file turn (copies included; fake model)` },
    };
  } finally {
    await chat.close();
    await api.close();
    sandbox.cleanup();
  }
}
