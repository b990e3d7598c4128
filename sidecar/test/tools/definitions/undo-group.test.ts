import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { PublishedTool } from "../../../src/protocol/panel/tools.js";
import { addDefinitionTools, type DefinitionTools } from "../../../src/tools/definitions/serve.js";
import { errorResult, textResult, type ToolResult } from "../../../src/tools/types.js";
import { UnityToolProvider, type ProviderSession } from "../../../src/tools/unity-provider.js";
import { startToolServer, type ToolServer } from "../helpers.js";

// A sequence with an undoGroup is one Undo step in Unity: the sidecar brackets its steps with the
// Editor's undo_group_begin / undo_group_end operations (a scripted Unity connection answers them),
// publishes it as a main-thread tool, and never waits for itself on the main-thread lane.

let t: ToolServer | undefined;
let defs: DefinitionTools | undefined;
let unity: UnityToolProvider | undefined;
const roots: string[] = [];
afterEach(async () => {
  defs?.close();
  defs = undefined;
  unity?.close();
  unity = undefined;
  await t?.close();
  t = undefined;
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

const ann = { idempotency: "unsafe" as const, mainThread: true, destructive: false, examples: [], alwaysLoad: false, maxResultSizeChars: 100000 };
const catalog: PublishedTool[] = [
  { name: "gameobject", description: "Create objects", inputSchema: { type: "object" }, annotations: ann },
  { name: "gameobject_fail", description: "Always fails", inputSchema: { type: "object" }, annotations: ann },
];

/** What the scripted Editor received, in order: operation or tool, and its arguments. */
type Seen = { tool: string; args: Record<string, unknown> }[];

async function start(files: Record<string, object>, answer: (tool: string, args: Record<string, unknown>) => ToolResult = () => textResult("ok")): Promise<Seen> {
  const root = mkdtempSync(join(tmpdir(), "ap-undo-"));
  roots.push(root);
  const dirs = { project: join(root, "p"), shared: join(root, "s") };
  mkdirSync(dirs.project, { recursive: true });
  for (const [name, def] of Object.entries(files)) writeFileSync(join(dirs.project, name), JSON.stringify(def));
  t = await startToolServer({ syncWaitMs: 10_000 });
  unity = new UnityToolProvider();
  t.host.addProvider(unity);
  const seen: Seen = [];
  let session: ProviderSession | undefined;
  session = unity.connect(
    {
      invoke: (f) => {
        seen.push({ tool: f.tool, args: f.arguments });
        setImmediate(() => session!.result(f.callId, answer(f.tool, f.arguments)));
      },
      cancel: () => {},
      close: () => {},
    },
    "unity-1",
  );
  session.publish(catalog);
  defs = addDefinitionTools(t.host, dirs, undefined, { watch: false });
  return seen;
}

const seq = (name: string, steps: object[], extra: object = {}) => ({ name, description: `sequence ${name}`, kind: "sequence", steps, ...extra });
const group = (tool: string, args: Record<string, unknown>): ToolResult =>
  tool === "undo_group_begin" ? textResult("opened", { group: 42, name: args.name }) : tool === "gameobject_fail" ? errorResult("tool_failed", "no") : textResult("ok");

describe("sequence undoGroup", () => {
  it("brackets the steps with undo_group_begin and undo_group_end (the group begin answered); published as mainThread", async () => {
    const seen = await start(
      {
        "b.json": seq(
          "build_level",
          [
            { id: "a", tool: "gameobject", arguments: { n: 1 } },
            { id: "b", tool: "gameobject", arguments: { n: 2 } },
          ],
          { undoGroup: "Build level" },
        ),
      },
      group,
    );
    expect(t!.host.registry.get("build_level")!.entry.annotations).toMatchObject({ mainThread: true, undoGroup: "Build level" });
    const { result } = await t!.host.invoker.call("build_level", {});
    expect(result.ok).toBe(true);
    expect(seen).toEqual([
      { tool: "undo_group_begin", args: { definition: "build_level", name: "Build level" } },
      { tool: "gameobject", args: { n: 1 } },
      { tool: "gameobject", args: { n: 2 } },
      { tool: "undo_group_end", args: { definition: "build_level", name: "Build level", group: 42 } },
    ]);
  });

  it("closes the group when a step fails; a sequence without undoGroup sends neither", async () => {
    const seen = await start(
      {
        "f.json": seq(
          "fails",
          [
            { id: "a", tool: "gameobject" },
            { id: "b", tool: "gameobject_fail" },
            { id: "c", tool: "gameobject" },
          ],
          { undoGroup: "Fails" },
        ),
        "p.json": seq("plain", [{ id: "a", tool: "gameobject" }]),
      },
      group,
    );
    const failed = await t!.host.invoker.call("fails", {});
    expect(failed.result.error?.code).toBe("step_failed");
    expect(seen.map((s) => s.tool)).toEqual(["undo_group_begin", "gameobject", "gameobject_fail", "undo_group_end"]);
    seen.length = 0;
    expect((await t!.host.invoker.call("plain", {})).result.ok).toBe(true);
    expect(seen.map((s) => s.tool)).toEqual(["gameobject"]);
    expect(t!.host.registry.get("plain")!.entry.annotations.mainThread).toBe(false);
  });

  it("runs no step when Unity cannot open the group, and says what to do", async () => {
    const seen = await start({ "b.json": seq("build_level", [{ id: "a", tool: "gameobject" }], { undoGroup: "Build level" }) }, (tool) =>
      tool === "undo_group_begin" ? errorResult("not_found", "Unity has no tool named 'undo_group_begin'.") : textResult("ok"),
    );
    const { result } = await t!.host.invoker.call("build_level", {});
    expect(result.error?.code).toBe("undo_group_failed");
    expect(result.error?.message).toMatch(/no step ran\. Update the Agent Panel package in Unity/);
    expect(seen.map((s) => s.tool)).toEqual(["undo_group_begin"]);
  });

  it("nested grouped sequences and concurrent calls finish: a sequence never waits for the main-thread lane it would hold", async () => {
    const seen = await start(
      {
        "inner.json": seq("inner_seq", [{ id: "a", tool: "gameobject" }], { undoGroup: "Inner" }),
        "outer.json": seq(
          "outer_seq",
          [
            { id: "in", tool: "inner_seq" },
            { id: "b", tool: "gameobject" },
          ],
          { undoGroup: "Outer" },
        ),
      },
      group,
    );
    const results = await Promise.all([t!.host.invoker.call("outer_seq", {}, { mode: "wait" }), t!.host.invoker.call("outer_seq", {}, { mode: "wait" })]);
    expect(results.map((r) => r.result.ok)).toEqual([true, true]);
    expect(
      seen
        .filter((s) => s.tool === "undo_group_begin")
        .map((s) => s.args.name)
        .sort(),
    ).toEqual(["Inner", "Inner", "Outer", "Outer"]);
    expect(seen.filter((s) => s.tool === "undo_group_end")).toHaveLength(4);
  }, 20_000);
});
