import { existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TurnFiles, type TurnFilesOptions } from "../../src/chat/turn-files.js";
import { TURN_FILE_LIMITS, turnFilesRoot } from "../../src/chat/turn-file-store.js";
import { HookCallbackRequest } from "../../src/protocol/claude/inbound.js";
import { ChatEvent } from "../../src/protocol/chat-events.js";
import { hasCode, type AgentPanelError } from "../../src/shared/errors.js";

// The per-turn copy store without claude: hooks are fed as claude sends them (see
// fixtures/captures/hook-write.jsonl), files are changed by hand in between.

let project: string;
let logs: string[];

beforeEach(() => {
  project = mkdtempSync(join(tmpdir(), "ap-turnfiles-"));
  mkdirSync(join(project, "Assets"), { recursive: true });
  logs = [];
});
afterEach(() => rmSync(project, { recursive: true, force: true }));

const make = (o: TurnFilesOptions = {}): TurnFiles => new TurnFiles(project, { key: "c1-abc", log: (l) => logs.push(l), ...o });
const hook = (tool: string, filePath: string, id = `toolu_${Math.random().toString(36).slice(2)}`): HookCallbackRequest =>
  HookCallbackRequest.parse({
    subtype: "hook_callback",
    callback_id: "agent_panel_turn_files",
    input: { hook_event_name: "PreToolUse", tool_name: tool, tool_input: { file_path: filePath, content: "x" }, tool_use_id: id, cwd: project },
    tool_use_id: id,
  });
const p = (rel: string): string => join(project, rel);
const touch = async (tf: TurnFiles, turnId: string, rel: string, tool = "Write") => {
  const t = tf.touch(turnId, project, hook(tool, rel.startsWith("/") ? rel : p(rel)));
  await t.ready;
  return t.event;
};
const caught = (fn: () => unknown): AgentPanelError => {
  try {
    fn();
  } catch (err) {
    return err as AgentPanelError;
  }
  throw new Error("expected an error");
};

describe("TurnFiles: copies and the turn's files card", () => {
  it("reports created, modified, deleted and unchanged files with sizes, paths and diffs", async () => {
    writeFileSync(p("Assets/a.cs"), "class A {}\n");
    writeFileSync(p("Assets/gone.txt"), "bye\n");
    writeFileSync(p("notes.txt"), "same\n");
    const tf = make();
    const ev = await touch(tf, "t1", "Assets/new.cs");
    expect(ChatEvent.parse(ev)).toEqual({
      type: "turn_file_write",
      turnId: "t1",
      toolUseId: expect.any(String),
      tool: "Write",
      path: p("Assets/new.cs"),
      relPath: "Assets/new.cs",
      assetPath: "Assets/new.cs",
    });
    await touch(tf, "t1", "Assets/a.cs", "Edit");
    await touch(tf, "t1", "Assets/gone.txt");
    await touch(tf, "t1", "notes.txt");
    writeFileSync(p("Assets/new.cs"), "class N {}\n");
    writeFileSync(p("Assets/a.cs"), "class A { int x; }\n");
    rmSync(p("Assets/gone.txt"));
    const files = ChatEvent.parse(tf.finish("t1"));
    expect(files).toMatchObject({ type: "turn_files", turnId: "t1" });
    const byRel = Object.fromEntries((files as { files: { relPath?: string }[] }).files.map((f) => [f.relPath, f]));
    expect(byRel["Assets/new.cs"]).toMatchObject({ change: "created", bytesBefore: null, bytesAfter: 11, revertible: true, assetPath: "Assets/new.cs" });
    expect(byRel["Assets/a.cs"]).toMatchObject({ change: "modified", bytesBefore: 11, bytesAfter: 19, revertible: true });
    expect(byRel["Assets/a.cs"]).toHaveProperty("diff", expect.stringContaining("-class A {}\n+class A { int x; }"));
    expect(byRel["Assets/gone.txt"]).toMatchObject({ change: "deleted", bytesBefore: 4, bytesAfter: null });
    expect(byRel["notes.txt"]).toMatchObject({ change: "unchanged", relPath: "notes.txt" });
    expect(byRel["notes.txt"]).not.toHaveProperty("assetPath");
    expect(byRel["notes.txt"]).not.toHaveProperty("diff");
  });

  it("keeps the copy of the turn's first write of a path (a second write does not replace it)", async () => {
    writeFileSync(p("Assets/a.txt"), "original");
    const tf = make();
    await touch(tf, "t1", "Assets/a.txt");
    writeFileSync(p("Assets/a.txt"), "first edit");
    await touch(tf, "t1", "Assets/a.txt", "Edit");
    writeFileSync(p("Assets/a.txt"), "second edit");
    const files = tf.finish("t1")!.files;
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ bytesBefore: 8, change: "modified" });
    expect(tf.revert("t1").restored).toEqual([p("Assets/a.txt")]);
    expect(readFileSync(p("Assets/a.txt"), "utf8")).toBe("original");
  });

  it("resolves relative paths against the chat folder, and leaves paths outside the project without relPath", async () => {
    const outside = mkdtempSync(join(tmpdir(), "ap-outside-"));
    try {
      const tf = make();
      expect(tf.touch("t1", project, hook("Write", "Packages/pkg/x.json")).event).toMatchObject({ path: p("Packages/pkg/x.json"), assetPath: "Packages/pkg/x.json" });
      const ev = tf.touch("t1", project, hook("Write", join(outside, "y.txt"))).event;
      expect(ev).toEqual(expect.objectContaining({ path: join(outside, "y.txt") }));
      expect(ev).not.toHaveProperty("relPath");
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it("gives binary files no diff and restores them byte for byte", async () => {
    const bytes = Buffer.from([0, 1, 2, 255, 254, 0, 10, 13, 10]);
    writeFileSync(p("Assets/tex.png"), bytes);
    const tf = make();
    await touch(tf, "t1", "Assets/tex.png");
    writeFileSync(p("Assets/tex.png"), Buffer.from([9, 9, 0, 9]));
    const [f] = tf.finish("t1")!.files;
    expect(f).toMatchObject({ change: "modified", revertible: true });
    expect(f).not.toHaveProperty("diff");
    tf.revert("t1");
    expect(readFileSync(p("Assets/tex.png")).equals(bytes)).toBe(true);
  });

  it("does not copy a file over the size bound: not revertible, skipped on revert, and the tool is not held up", async () => {
    writeFileSync(p("Assets/big.bin"), Buffer.alloc(200, 1));
    const tf = make({ limits: { ...TURN_FILE_LIMITS, maxFileBytes: 100 } });
    await touch(tf, "t1", "Assets/big.bin");
    writeFileSync(p("Assets/big.bin"), Buffer.alloc(300, 2));
    expect(tf.finish("t1")!.files[0]).toMatchObject({ revertible: false, bytesBefore: 200, bytesAfter: 300 });
    expect(tf.revert("t1")).toEqual({ restored: [], skipped: [{ path: p("Assets/big.bin"), reason: expect.stringContaining("larger than") }] });
    expect(readFileSync(p("Assets/big.bin"))[0]).toBe(2);
  });

  it("marks a file whose copy failed not revertible and logs why, without failing the hook", async () => {
    writeFileSync(p("blocker"), "a file where the copies' folder should be");
    writeFileSync(p("Assets/a.txt"), "a");
    const tf = make({ root: join(p("blocker"), "turn-files") });
    await touch(tf, "t1", "Assets/a.txt");
    expect(logs.join("\n")).toContain("could not copy");
    writeFileSync(p("Assets/a.txt"), "b");
    expect(tf.finish("t1")!.files[0]).toMatchObject({ revertible: false, change: "modified" });
  });

  it("keeps the copies under the project's Library folder with a manifest", async () => {
    writeFileSync(p("Assets/a.txt"), "a");
    const tf = make();
    await touch(tf, "t1", "Assets/a.txt");
    tf.finish("t1");
    const dir = join(turnFilesRoot(project), "c1-abc", "t1");
    expect(readdirSync(dir).sort()).toEqual(["0.bin", "manifest.json"]);
    expect(JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"))).toMatchObject({ version: 1, chat: "c1-abc", turnId: "t1" });
  });
});

describe("TurnFiles: revert", () => {
  it("refuses with files_changed_since when a file changed after the turn, then restores with force", async () => {
    writeFileSync(p("Assets/a.txt"), "before");
    const tf = make();
    await touch(tf, "t1", "Assets/a.txt");
    await touch(tf, "t1", "Assets/new.txt");
    writeFileSync(p("Assets/a.txt"), "turn");
    writeFileSync(p("Assets/new.txt"), "new");
    tf.finish("t1");
    writeFileSync(p("Assets/a.txt"), "user edit");
    const err = caught(() => tf.revert("t1"));
    expect(hasCode(err, "files_changed_since")).toBe(true);
    expect(err.details).toEqual({ paths: [p("Assets/a.txt")] });
    expect(err.message).toMatch(/force/);
    // Nothing was restored by the refused call.
    expect(readFileSync(p("Assets/a.txt"), "utf8")).toBe("user edit");
    expect(existsSync(p("Assets/new.txt"))).toBe(true);
    expect(tf.revert("t1", { force: true })).toEqual({ restored: [p("Assets/a.txt"), p("Assets/new.txt")], skipped: [] });
    expect(readFileSync(p("Assets/a.txt"), "utf8")).toBe("before");
    expect(existsSync(p("Assets/new.txt"))).toBe(false);
  });

  it("reverts only the paths asked for (absolute or project-relative)", async () => {
    const tf = make();
    await touch(tf, "t1", "Assets/x.txt");
    await touch(tf, "t1", "Assets/y.txt");
    writeFileSync(p("Assets/x.txt"), "x");
    writeFileSync(p("Assets/y.txt"), "y");
    tf.finish("t1");
    expect(tf.revert("t1", { paths: ["Assets/y.txt"] }).restored).toEqual([p("Assets/y.txt")]);
    expect(existsSync(p("Assets/x.txt"))).toBe(true);
    expect(existsSync(p("Assets/y.txt"))).toBe(false);
  });

  it("restores atomically: a new file is renamed into place (a hard link to the old one keeps the turn's bytes), no temp file stays", async () => {
    writeFileSync(p("Assets/a.txt"), "before");
    const tf = make();
    await touch(tf, "t1", "Assets/a.txt");
    writeFileSync(p("Assets/a.txt"), "turn");
    tf.finish("t1");
    linkSync(p("Assets/a.txt"), p("link.txt"));
    tf.revert("t1");
    expect(readFileSync(p("Assets/a.txt"), "utf8")).toBe("before");
    expect(readFileSync(p("link.txt"), "utf8")).toBe("turn");
    expect(readdirSync(p("Assets"))).toEqual(["a.txt"]);
  });

  it("restores a file the turn deleted, folder included", async () => {
    mkdirSync(p("Assets/Sub"));
    writeFileSync(p("Assets/Sub/k.txt"), "keep me");
    const tf = make();
    await touch(tf, "t1", "Assets/Sub/k.txt");
    rmSync(p("Assets/Sub"), { recursive: true });
    expect(tf.finish("t1")!.files[0]).toMatchObject({ change: "deleted" });
    tf.revert("t1");
    expect(readFileSync(p("Assets/Sub/k.txt"), "utf8")).toBe("keep me");
  });

  it("answers turn_not_found for a turn without copies and turn_running for an open turn", async () => {
    const tf = make();
    expect(caught(() => tf.revert("t9")).code).toBe("turn_not_found");
    expect(caught(() => tf.revert("../../etc")).code).toBe("turn_not_found");
    expect(caught(() => tf.revert("t9")).message).toContain("last 30 turns");
    await touch(tf, "t1", "Assets/a.txt");
    expect(caught(() => tf.revert("t1")).code).toBe("turn_running");
  });
});

describe("TurnFiles: bounds", () => {
  it("keeps the last maxTurnsPerChat turns of a chat", async () => {
    const tf = make({ limits: { ...TURN_FILE_LIMITS, maxTurnsPerChat: 3 } });
    for (let i = 1; i <= 5; i++) {
      await touch(tf, `t${i}`, `Assets/f${i}.txt`);
      writeFileSync(p(`Assets/f${i}.txt`), `${i}`);
      tf.finish(`t${i}`);
      await new Promise((r) => setTimeout(r, 5)); // distinct start times
    }
    await tf.whenPruned();
    expect(readdirSync(join(turnFilesRoot(project), "c1-abc")).sort()).toEqual(["t3", "t4", "t5"]);
    expect(caught(() => tf.revert("t2")).code).toBe("turn_not_found");
    expect(tf.revert("t5").restored).toEqual([p("Assets/f5.txt")]);
  });

  it("removes the project's oldest turns (of any chat) beyond maxProjectBytes", async () => {
    const limits = { ...TURN_FILE_LIMITS, maxProjectBytes: 3600 };
    const a = make({ key: "chat-a", limits });
    const b = make({ key: "chat-b", limits });
    for (const [tf, turn, name] of [
      [a, "t1", "one"],
      [b, "t1", "two"],
      [a, "t2", "three"],
    ] as const) {
      writeFileSync(p(`Assets/${name}.bin`), Buffer.alloc(1000, 7));
      await touch(tf, turn, `Assets/${name}.bin`);
      tf.finish(turn);
      await tf.whenPruned();
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(existsSync(join(turnFilesRoot(project), "chat-a", "t1"))).toBe(false);
    expect(existsSync(join(turnFilesRoot(project), "chat-b", "t1"))).toBe(true);
    expect(existsSync(join(turnFilesRoot(project), "chat-a", "t2"))).toBe(true);
  });
});
