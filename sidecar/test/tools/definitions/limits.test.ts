import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { definitionsListProvider } from "../../../src/tools/definitions/list-tool.js";
import { loadDefinitions, MAX_DEFINITION_BYTES, type DefinitionSet } from "../../../src/tools/definitions/load.js";
import type { DefinitionProvider } from "../../../src/tools/definitions/provider.js";
import type { ToolCallContext } from "../../../src/tools/types.js";

// Issue #29 item 8: definition files have a size limit, and definitions_list answers in pages.

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

function folders(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), "ap-deflim-"));
  roots.push(root);
  const dirs = { project: join(root, "project"), shared: join(root, "shared") };
  mkdirSync(dirs.project, { recursive: true });
  mkdirSync(dirs.shared, { recursive: true });
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dirs.project, name), content);
  return dirs;
}

const probe = (name: string, pad = "") => JSON.stringify({ name, description: `Read${pad}`, kind: "probe", reads: [{ id: "pos", path: "@sceneview:camera/transform/position" }] });
const ctx = { callId: "c", signal: new AbortController().signal, progress: () => {}, deadline: Date.now() + 1000 } as unknown as ToolCallContext;

describe("definition limits", () => {
  it("refuses a definition file over the size limit without parsing it", () => {
    const dirs = folders({ "big.json": probe("big_probe", " ".repeat(MAX_DEFINITION_BYTES)), "ok.json": probe("ok_probe") });
    const set = loadDefinitions(dirs, () => undefined);
    expect(set.loaded.map((d) => d.def.name)).toEqual(["ok_probe"]);
    expect(set.rejected).toEqual([expect.objectContaining({ path: "$", reason: expect.stringMatching(/^is \d+ bytes; a definition file may be at most 262144 bytes/) })]);
  });

  it("definitions_list answers in pages (loaded first, then rejected) with nextOffset", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 180; i++) files[`p${String(i).padStart(3, "0")}.json`] = probe(`probe_${i}`);
    for (let i = 0; i < 70; i++) files[`z${String(i).padStart(3, "0")}.json`] = "{ nope";
    const dirs = folders(files);
    const set: DefinitionSet = loadDefinitions(dirs, () => undefined);
    const tool = definitionsListProvider({ current: () => set } as unknown as DefinitionProvider, dirs);
    const page = async (args: Record<string, unknown>) => (await tool.invoke("definitions_list", args, ctx)).structured as any;
    const first = await page({});
    expect(first).toMatchObject({ total: { loaded: 180, rejected: 70 }, offset: 0, nextOffset: 100 });
    expect(first.loaded).toHaveLength(100);
    expect(first.rejected).toHaveLength(0);
    const second = await page({ offset: 100, limit: 100 });
    expect([second.loaded.length, second.rejected.length, second.nextOffset]).toEqual([80, 20, 200]);
    const last = await page({ offset: 200 });
    expect([last.loaded.length, last.rejected.length, last.nextOffset]).toEqual([0, 50, undefined]);
  });
});
