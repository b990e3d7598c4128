import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { addDefinitionTools, type DefinitionTools } from "../../../src/tools/definitions/serve.js";
import { mcpClient, startToolServer, textOf, until, type ToolServer } from "../helpers.js";

// The sequence engine through the real tool host (invoker, registry, MCP endpoint) with the test
// provider's tools as steps; and hot reload seen by an MCP client as tools/list_changed.

let t: ToolServer | undefined;
let defs: DefinitionTools | undefined;
const clients: Client[] = [];
const roots: string[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close().catch(() => {});
  defs?.close();
  defs = undefined;
  await t?.close();
  t = undefined;
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

async function start(files: Record<string, object>, watch = false) {
  const root = mkdtempSync(join(tmpdir(), "ap-seq-"));
  roots.push(root);
  const dirs = { project: join(root, "p"), shared: join(root, "s") };
  mkdirSync(dirs.project, { recursive: true });
  for (const [name, def] of Object.entries(files)) writeFileSync(join(dirs.project, name), JSON.stringify(def));
  t = await startToolServer();
  defs = addDefinitionTools(t.host, dirs, undefined, { watch, debounceMs: 50 });
  const c = await mcpClient(t);
  clients.push(c);
  return { c, dirs };
}

const seq = (name: string, steps: object[], extra: object = {}) => ({ name, description: `sequence ${name}`, kind: "sequence", steps, ...extra });

describe("sequence engine", () => {
  it("replaces {input} in string arguments and inserts earlier results for whole-string {{step.path}}", async () => {
    const { c } = await start({
      "a.json": seq(
        "echo_twice",
        [
          { id: "first", tool: "test_echo", arguments: { text: "hello {input}!" } },
          { id: "second", tool: "test_echo", arguments: { text: "{{first.text}}" } },
        ],
        { inputs: { input: { type: "string", required: true } } },
      ),
    });
    const r = await c.callTool({ name: "echo_twice", arguments: { input: "world" } });
    expect(r.isError).toBeUndefined();
    expect(r.structuredContent).toEqual({
      steps: [
        { id: "first", tool: "test_echo", ok: true, result: { text: "hello world!" } },
        { id: "second", tool: "test_echo", ok: true, result: { text: "hello world!" } },
      ],
    });
    expect(t!.test.calls.map((x) => x.args)).toEqual([{ text: "hello world!" }, { text: "hello world!" }]);
  });

  it("stops at the first failed step, unless the step says continue_on_error", async () => {
    const { c } = await start({
      "stop.json": seq("stops", [
        { id: "a", tool: "test_error_handling" },
        { id: "b", tool: "test_echo", arguments: { text: "never" } },
      ]),
      "go.json": seq("goes_on", [
        { id: "a", tool: "test_error_handling", continue_on_error: true },
        { id: "b", tool: "test_echo", arguments: { text: "after" } },
      ]),
    });
    const stopped = await c.callTool({ name: "stops", arguments: {} });
    expect(stopped.isError).toBe(true);
    expect((stopped.structuredContent as { steps: unknown[] }).steps).toEqual([expect.objectContaining({ id: "a", ok: false, error: expect.objectContaining({ code: expect.any(String) }) })]);
    expect(textOf(stopped)).toContain('"ok":false');
    const went = await c.callTool({ name: "goes_on", arguments: {} });
    expect((went.structuredContent as { steps: { id: string; ok: boolean }[] }).steps.map((s) => [s.id, s.ok])).toEqual([
      ["a", false],
      ["b", true],
    ]);
    expect(t!.test.calls.map((x) => x.tool)).toEqual(["test_error_handling", "test_error_handling", "test_echo"]);
  });

  it("a destructive step makes the sequence destructive: nothing runs without confirm; confirm reaches the step", async () => {
    const { c } = await start({
      "d.json": seq("clean_up", [
        { id: "log", tool: "test_echo", arguments: { text: "cleaning" } },
        { id: "del", tool: "test_delete", arguments: { path: "Assets/Old" } },
      ]),
    });
    const listed = (await c.listTools()).tools.find((x) => x.name === "clean_up")!;
    expect(Object.keys(listed.inputSchema.properties ?? {})).toEqual(["confirm", "dry_run"]);
    expect(listed.annotations).toMatchObject({ destructiveHint: true });
    const held = await c.callTool({ name: "clean_up", arguments: {} });
    expect(held.isError).toBe(true);
    expect(textOf(held)).toMatch(/Would delete Assets\/Old/); // the dry run of the destructive step
    expect(t!.test.calls).toEqual([]); // a preview runs no step, not even the harmless one
    const done = await c.callTool({ name: "clean_up", arguments: { confirm: true } });
    expect(done.isError).toBeUndefined();
    expect(t!.test.calls.filter((x) => x.tool === "test_delete").map((x) => x.args)).toEqual([{ path: "Assets/Old" }]);
  });

  it("runs nested sequences", async () => {
    const { c } = await start({
      "inner.json": seq("inner_seq", [{ id: "e", tool: "test_echo", arguments: { text: "inner {input}" } }], { inputs: { input: { type: "string" } } }),
      "outer.json": seq(
        "outer_seq",
        [
          { id: "call", tool: "inner_seq", arguments: { input: "{input}" } },
          { id: "last", tool: "test_echo", arguments: { text: "{{call.steps.0.result.text}}" } },
        ],
        { inputs: { input: { type: "string" } } },
      ),
    });
    const r = await c.callTool({ name: "outer_seq", arguments: { input: "x" } });
    expect(r.isError).toBeUndefined();
    expect(t!.test.calls.map((x) => x.args.text)).toEqual(["inner x", "inner x"]);
  });

  it("checks declared input types and enums at call time", async () => {
    const { c } = await start({
      "i.json": seq("typed_seq", [{ id: "e", tool: "test_echo", arguments: { text: "{input}" } }], { inputs: { input: { type: "string", enum: ["a", "b"], required: true } } }),
    });
    const bad = await c.callTool({ name: "typed_seq", arguments: { input: "c" } });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatch(/input/);
    expect(t!.test.calls).toEqual([]);
  });
});

describe("hot reload", () => {
  it("an MCP client gets tools/list_changed when a definition file is added, changed and deleted", async () => {
    const { c, dirs } = await start({}, true);
    let changes = 0;
    c.setNotificationHandler(ToolListChangedNotificationSchema, () => void changes++);
    const names = async () => (await c.listTools()).tools.map((x) => x.name);
    expect(await names()).not.toContain("hot_seq");
    const file = join(dirs.project, "hot.json");
    writeFileSync(file, JSON.stringify(seq("hot_seq", [{ id: "e", tool: "test_echo", arguments: { text: "v1" } }])));
    await until(() => changes >= 1, 5000, "list_changed after adding");
    expect(await names()).toContain("hot_seq");
    writeFileSync(file, JSON.stringify(seq("hot_seq", [{ id: "e", tool: "test_echo", arguments: { text: "v2" } }], { description: "changed" })));
    await until(() => changes >= 2, 5000, "list_changed after changing");
    expect((await c.listTools()).tools.find((x) => x.name === "hot_seq")!.description).toBe("changed");
    unlinkSync(file);
    await until(() => changes >= 3, 5000, "list_changed after deleting");
    expect(await names()).not.toContain("hot_seq");
  });

  it("definitions_list reports what loaded and each rejected file with the JSON path and why", async () => {
    const { c } = await start({
      "ok.json": seq("fine_seq", [{ id: "e", tool: "test_echo", arguments: { text: "x" } }]),
      "bad.json": { name: "bad_probe", description: "d", kind: "probe", reads: [{ id: "a", path: "@selection" }], mainThread: false },
    });
    const r = await c.callTool({ name: "definitions_list", arguments: {} });
    const s = r.structuredContent as { loaded: { name: string }[]; rejected: { file: string; path: string; reason: string }[]; definitionsDir: string };
    expect(s.loaded.map((d) => d.name)).toEqual(["fine_seq"]);
    expect(s.rejected).toEqual([expect.objectContaining({ path: "$.mainThread", reason: expect.stringMatching(/always runs on the main thread/) })]);
    expect(s.rejected[0]!.file.endsWith("bad.json")).toBe(true);
    expect(textOf(r)).toMatch(/1 loaded, 1 rejected/);
  });
});
