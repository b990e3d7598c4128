import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { argumentsFromFlags } from "../../src/commands/call-args.js";
import { startServe, type ServeContext, type ServeStart } from "../../src/commands/serve.js";
import { runCall, runTools } from "../../src/commands/tools.js";
import { descriptorPaths } from "../../src/shared/descriptor.js";
import { catalogCacheFile } from "../../src/tools/catalog-cache.js";

let base: string;
let project: string;
let env: NodeJS.ProcessEnv;
let running: ServeStart | undefined;
let out: string[];
let err: string[];

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), "ap-tools-"));
  project = join(base, "Game");
  mkdirSync(project);
  env = { XDG_DATA_HOME: join(base, "data"), LOCALAPPDATA: join(base, "data") };
  out = [];
  err = [];
});
afterEach(async () => {
  if (running?.kind === "serving") await running.lifetime.shutdown("test end");
  running = undefined;
  rmSync(base, { recursive: true, force: true });
});

async function serve(extra: string[] = [], withChats = false): Promise<void> {
  // withChats: the chat side as `agent-panel serve` has it, which adds the Unity provider.
  const createHooks = withChats ? async (ctx: ServeContext) => (await import("../../src/commands/serve-hooks.js")).chatServeHooks(ctx) : undefined;
  running = await startServe(["--project", project, "--test-tools", ...extra], { env, out: () => {}, log: () => {}, exit: () => {}, handleSignals: false, createHooks });
  if (running.kind !== "serving") throw new Error("sidecar did not start");
}
const deps = () => ({ env, out: (t: string) => out.push(t), err: (t: string) => err.push(t), pollMs: 20 });

describe("agent-panel tools / call", () => {
  it("exit 3 with what to do when no sidecar runs", async () => {
    expect(await runTools(["--project", project], deps())).toBe(3);
    expect(await runCall(["test_echo", "--project", project, "--text", "hi"], deps())).toBe(3);
    expect(err.join("\n")).toMatch(/No Agent Panel sidecar is running[\s\S]*agent-panel serve --project/);
  });

  it("lists the tools as a table and as JSON", async () => {
    await serve();
    expect(await runTools(["--project", project], deps())).toBe(0);
    expect(out.join("\n")).toMatch(/test_delete \[destructive\]/);
    // every tool says what it does to the project (issue #29): reads, writes or destroys
    expect(out.join("\n")).toMatch(/test_echo \[read-only, safe\]/);
    expect(out.join("\n")).toMatch(/test_increment \[writes\]/);
    expect(out.join("\n")).toMatch(/compose_mml \[writes, safe\]/);
    out = [];
    expect(await runTools(["--project", project, "--json"], deps())).toBe(0);
    const names = JSON.parse(out.join("\n")).tools.map((t: { name: string }) => t.name);
    expect(names).toContain("job_status");
    expect(names).toContain("compose_mml");
  });

  it("calls with --key value typed by the schema, or --params JSON; exit 1 when the tool fails, 2 on usage", async () => {
    await serve();
    expect(await runCall(["test_increment", "--project", project, "--by", "2"], deps())).toBe(0);
    expect(out).toEqual(["2"]);
    out = [];
    expect(await runCall(["test_echo", "--project", project, "--params", '{"text":"from json"}', "--json"], deps())).toBe(0);
    expect(JSON.parse(out.join("\n"))).toMatchObject({ ok: true, structured: { text: "from json" } });
    expect(await runCall(["test_error_handling", "--project", project], deps())).toBe(1);
    expect(await runCall(["test_delete", "--project", project, "--path", "Assets/X"], deps())).toBe(1);
    expect(out.join("\n")).toMatch(/Would delete Assets\/X/);
    expect(await runCall(["test_increment", "--project", project, "--by", "two"], deps())).toBe(2);
    expect(await runCall(["test_echo", "--project", project], deps())).toBe(2);
    expect([...out, ...err].join("\n")).toMatch(/text: required/);
    expect(await runCall([], deps())).toBe(2);
  });

  it("`call --project X` without a tool says to name the tool (exit 2), not that no tool is named --project", async () => {
    await serve();
    expect(await runCall(["--project", project], deps())).toBe(2);
    expect(err.join("\n")).toContain(`Name the tool to call first: agent-panel call <tool> --project ${project}`);
    expect(err.join("\n")).not.toMatch(/No tool named/);
  });

  it("without Unity: `tools` says Unity's tools appear when the Editor connects, and `call` of an unknown tool exits 3 unity_unavailable", async () => {
    await serve();
    expect(await runTools(["--project", project], deps())).toBe(0);
    expect(out.join("\n")).toMatch(/Unity is not connected: Unity's tools appear here when the Editor connects/);
    expect(await runCall(["find_gameobjects", "--project", project], deps())).toBe(3);
    expect(err.join("\n")).toMatch(/^unity_unavailable: no tool named "find_gameobjects" is known yet and Unity is not connected; .*Open the project in Unity/m);
    expect(err.join("\n")).not.toMatch(/No tool named/);
  });

  it("lists Unity's cached tools as unavailable while Unity is away; calling one exits 3 with unity_unavailable", async () => {
    const entry = { name: "scene_info", description: "What the open scene holds", inputSchema: { type: "object", properties: {} }, provider: "unity" };
    const dir = join(base, "data", "AgentPanel");
    mkdirSync(dir, { recursive: true });
    writeFileSync(catalogCacheFile(descriptorPaths(project, { env })), JSON.stringify({ version: 1, providers: { unity: [entry] } }));
    expect(existsSync(dir)).toBe(true);
    await serve(["--unity-wait-ms", "100", "--claude", process.execPath], true);
    expect(await runTools(["--project", project], deps())).toBe(0);
    expect(out.join("\n")).toMatch(/^scene_info \[[^\]]*unavailable until Unity connects\]  \(unity\)$/m);
    expect(out.join("\n")).toMatch(/The 1 tool marked unavailable is Unity's from its last connection/);
    expect(await runCall(["scene_info", "--project", project], deps())).toBe(3);
    expect(err.join("\n")).toMatch(/Unity is not connected: scene_info waits for the Editor to connect/);
    // the tool's own answer (printed) says why; the code is what made the exit 3
    expect([...out, ...err].join("\n")).toMatch(/Unity (is not connected|did not connect|is not running)/i);
  });

  it("waits for a call that became a job and prints its result", async () => {
    await serve(["--sync-wait-ms", "50"]);
    expect(await runCall(["test_slow", "--project", project, "--ms", "300"], deps())).toBe(0);
    expect(err.join("\n")).toMatch(/still running as job/);
    expect(out).toEqual(["slept 300 ms"]);
  });
});

describe("argumentsFromFlags", () => {
  const schema = { type: "object" as const, properties: { n: { type: "integer" }, x: { type: "number" }, on: { type: "boolean" }, tags: { type: "array" }, name: { type: "string" } } };
  it("types flags by the schema; flags override --params", () => {
    expect(argumentsFromFlags('{"name":"a","n":1}', ["--n", "5", "--x=1.5", "--on", "--tags", '["a"]', "--name", "007"], schema)).toEqual({
      args: { name: "007", n: 5, x: 1.5, on: true, tags: ["a"] },
    });
    expect(argumentsFromFlags(undefined, ["--on", "false"], schema)).toEqual({ args: { on: false } });
  });
  it("says what is wrong", () => {
    expect(argumentsFromFlags(undefined, ["--n", "1.5"], schema)).toEqual({ usage: '--n expects an integer (got "1.5").' });
    expect(argumentsFromFlags("[1]", [], schema)).toMatchObject({ usage: expect.stringMatching(/JSON object/) });
    expect(argumentsFromFlags(undefined, ["loose"], schema)).toMatchObject({ usage: expect.stringMatching(/--name value/) });
  });
});
