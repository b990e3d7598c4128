import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { definitionEntry } from "../../../src/tools/definitions/entry.js";
import { loadDefinitions } from "../../../src/tools/definitions/load.js";
import { toolEntry, type ToolEntry } from "../../../src/tools/types.js";

// Every rule of definition files: each bad definition and the exact message it gets, and what a
// good one publishes.

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

function folders(files: Record<string, unknown>, shared: Record<string, unknown> = {}) {
  const root = mkdtempSync(join(tmpdir(), "ap-defs-"));
  roots.push(root);
  const dirs = { project: join(root, "project"), shared: join(root, "shared") };
  for (const [dir, set] of [
    [dirs.project, files],
    [dirs.shared, shared],
  ] as const) {
    mkdirSync(dir, { recursive: true });
    for (const [name, content] of Object.entries(set)) writeFileSync(join(dir, name), typeof content === "string" ? content : JSON.stringify(content));
  }
  return dirs;
}

const CATALOG: Record<string, ToolEntry> = {
  scene_delete: toolEntry({ name: "scene_delete", description: "d", inputSchema: { type: "object" }, annotations: { destructive: true }, provider: "unity" }),
  scene_read: toolEntry({ name: "scene_read", description: "r", inputSchema: { type: "object" }, annotations: { idempotency: "safe" }, provider: "unity" }),
};
const catalog = (name: string) => CATALOG[name];
const probe = { name: "camera_probe", description: "Read the camera", kind: "probe", reads: [{ id: "pos", path: "@sceneview:camera/transform/position" }] };
const seq = (steps: unknown[], extra: object = {}) => ({ name: "look_check", description: "Chain", kind: "sequence", steps, ...extra });

describe("definition files: each rule and its message", () => {
  it.each([
    ["not JSON", "{ name: ", "$", /^is not valid JSON: /],
    ["no kind", { name: "x_tool", description: "d" }, "$.kind", /^is missing; use "probe", "script" or "sequence"$/],
    ["unknown kind", { name: "x_tool", description: "d", kind: "macro" }, "$.kind", /^"macro" is not a kind; use "probe", "script" or "sequence"$/],
    ["unknown top-level key", { ...probe, moed: "changes" }, "$.moed", /^unknown key "moed"$/],
    ["unknown key in inputs", { ...probe, inputs: { target: { type: "string", descripton: "x" } } }, "$.inputs.target.descripton", /^unknown key "descripton"$/],
    ["unknown key in reads", { ...probe, reads: [{ id: "a", path: "@selection", mode: "x" }] }, "$.reads[0].mode", /^unknown key "mode"$/],
    ["unknown key in steps", seq([{ id: "a", tool: "scene_read", args: {} }]), "$.steps[0].args", /^unknown key "args"$/],
    ["bad name", { ...probe, name: "Camera-Probe" }, "$.name", /^must be lowercase letters/],
    ["missing description", { name: "x_tool", kind: "probe", reads: probe.reads }, "$.description", /^is required$/],
    ["unknown group", { ...probe, group: "misc" }, "$.group", /^"misc" is not a known group; use one of scene, /],
    ["probe off the main thread", { ...probe, mainThread: false }, "$.mainThread", /^a probe reads Unity objects and always runs on the main thread/],
    ["undoGroup on a probe", { ...probe, undoGroup: "Probe" }, "$.undoGroup", /^only a sequence can have an undo group \(this is a probe\)$/],
    ["undoGroup off the main thread", seq([{ id: "a", tool: "scene_read" }], { undoGroup: "G", mainThread: false }), "$.undoGroup", /^an undo group needs "mainThread": true/],
    ["script file missing", { name: "light_bump", description: "d", kind: "script", file: "light_bump.cs" }, "$.file", /light_bump\.cs does not exist; give the \.cs file's path/],
    [
      "reference to a later step",
      seq([
        { id: "a", tool: "scene_read", arguments: { x: "{{b.value}}" } },
        { id: "b", tool: "scene_read" },
      ]),
      "$.steps[0].arguments.x",
      /^\{\{b\.value\}\} refers to step "b", which is not an earlier step of this sequence$/,
    ],
    [
      "reference inside a longer string",
      seq([
        { id: "a", tool: "scene_read" },
        { id: "b", tool: "scene_read", arguments: { x: "at {{a.path}}" } },
      ]),
      "$.steps[1].arguments.x",
      /^a \{\{step\.path\}\} reference must be the whole string/,
    ],
    [
      "duplicate step id",
      seq([
        { id: "a", tool: "scene_read" },
        { id: "a", tool: "scene_read" },
      ]),
      "$.steps[1].id",
      /^the step id "a" is used twice$/,
    ],
    [
      "destructive: false on a destructive sequence",
      seq([{ id: "wipe", tool: "scene_delete" }], { destructive: false }),
      "$.destructive",
      /^step "wipe" runs the destructive tool "scene_delete", so this sequence is destructive; remove "destructive": false$/,
    ],
    ["input default of the wrong type", { ...probe, inputs: { n: { type: "integer", default: "3" } } }, "$.inputs.n.default", /^"3" is not of type integer$/],
    ["example string that is not an object", { ...probe, examples: ["[1]"] }, "$.examples[0]", /^an example given as a string must be a JSON object/],
  ])("%s", (_what, content, path, reason) => {
    const set = loadDefinitions(folders({ "a.json": content }), catalog);
    expect(set.loaded).toEqual([]);
    expect(set.rejected).toHaveLength(1);
    expect(set.rejected[0]).toMatchObject({ source: "project", path });
    expect(set.rejected[0]!.reason).toMatch(reason);
  });

  it("rejects sequences that call each other in a cycle, and keeps the rest", () => {
    const set = loadDefinitions(
      folders({
        "a.json": { name: "seq_a", description: "d", kind: "sequence", steps: [{ id: "s", tool: "seq_b" }] },
        "b.json": { name: "seq_b", description: "d", kind: "sequence", steps: [{ id: "s", tool: "seq_a" }] },
        "c.json": {
          name: "seq_c",
          description: "d",
          kind: "sequence",
          steps: [
            { id: "s", tool: "seq_a" },
            { id: "t", tool: "scene_read" },
          ],
        },
        "self.json": { name: "seq_self", description: "d", kind: "sequence", steps: [{ id: "s", tool: "seq_self" }] },
      }),
      catalog,
    );
    expect(set.rejected.map((r) => [r.file.split("/").pop(), r.path, r.reason])).toEqual([
      ["a.json", "$.steps[0].tool", expect.stringMatching(/^sequences call each other in a cycle \(seq_a → seq_b → seq_a\)/)],
      ["b.json", "$.steps[0].tool", expect.stringMatching(/\(seq_b → seq_a → seq_b\)/)],
      ["self.json", "$.steps[0].tool", expect.stringMatching(/\(seq_self → seq_self\)/)],
    ]);
    expect(set.loaded.map((d) => d.def.name)).toEqual(["seq_c"]);
  });

  it("lets the project's definition win over the shared one of the same tool name; two of one name in one folder is an error", () => {
    const set = loadDefinitions(
      folders({ "a.json": probe, "b.json": { ...probe, description: "again" } }, { "x.json": { ...probe, description: "shared" }, "y.json": { ...probe, name: "shared_probe" } }),
      catalog,
    );
    expect(set.loaded.map((d) => [d.def.name, d.source, d.def.description])).toEqual([
      ["camera_probe", "project", "Read the camera"],
      ["shared_probe", "shared", "Read the camera"],
    ]);
    expect(set.rejected).toEqual([expect.objectContaining({ path: "$.name", reason: expect.stringMatching(/^the tool "camera_probe" is already defined by .*a\.json; rename one of them$/) })]);
  });

  it("publishes inputs as a JSON schema, kind defaults, examples, and a destructive sequence as destructive", () => {
    const dirs = folders({
      "p.json": {
        ...probe,
        inputs: { target: { type: "string", description: "What", required: true, enum: ["a", "b"] }, n: { type: "integer", default: 2 } },
        examples: ['{"target":"a"}', { target: "b" }],
      },
      "s.json": seq([{ id: "wipe", tool: "scene_delete" }]),
      "d.json": { name: "definitions_report", description: "d", kind: "sequence", steps: [{ id: "x", tool: "scene_read" }] },
    });
    const set = loadDefinitions(dirs, catalog);
    const [d, p, s] = set.loaded.map(definitionEntry);
    expect(p!.inputSchema).toEqual({
      type: "object",
      properties: { target: { type: "string", description: "What", enum: ["a", "b"] }, n: { type: "integer", default: 2 } },
      required: ["target"],
      additionalProperties: false,
    });
    expect(p!.annotations).toMatchObject({ idempotency: "safe", mainThread: true, destructive: false, group: "custom", examples: [{ arguments: { target: "a" } }, { arguments: { target: "b" } }] });
    expect(s!.annotations).toMatchObject({ idempotency: "unsafe", mainThread: false, destructive: true });
    expect(d!.annotations.group).toBe("diagnostics");
    expect(p!.provider).toBe("definition");
  });
});
