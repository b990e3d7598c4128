import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// The layer rules of .dependency-cruiser.cjs (docs/architecture.md): the real tree keeps them, and
// an import pointing up the layers makes the check fail.

const repo = join(import.meta.dirname, "../../..");
const cli = join(repo, "node_modules/dependency-cruiser/bin/dependency-cruiser.mjs");
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function cruise(cwd: string): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, [cli, "sidecar/src", "--config", join(repo, ".dependency-cruiser.cjs")], { cwd, encoding: "utf8", timeout: 120_000 });
  return { status: r.status, out: r.stdout + r.stderr };
}

/** A tiny tree laid out like the sidecar's, with one file per given path. */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "ap-layers-"));
  dirs.push(dir);
  copyFileSync(join(repo, "tsconfig.json"), join(dir, "tsconfig.json"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe("layer rules", () => {
  it("hold for the sidecar's own sources", () => {
    const r = cruise(repo);
    expect(r.out).toContain("no dependency violations");
    expect(r.status).toBe(0);
  }, 150_000);

  it("fail on protocol/ importing the chat engine, and on tools/ importing a particular tool", () => {
    const dir = tree({
      "sidecar/src/chat/chat.ts": "export const chat = 1;\n",
      "sidecar/src/mml/tool.ts": "export const tool = 1;\n",
      "sidecar/src/protocol/events.ts": 'import { chat } from "../chat/chat.js";\nexport const e = chat;\n',
      "sidecar/src/tools/host.ts": 'import { tool } from "../mml/tool.js";\nexport const h = tool;\n',
      "sidecar/src/bridge/wire.ts": 'import { chat } from "../chat/chat.js";\nimport { h } from "../tools/host.js";\nexport const w = chat + h;\n',
    });
    const r = cruise(dir);
    expect(r.status).not.toBe(0);
    expect(r.out).toContain("protocol-is-the-bottom");
    expect(r.out).toContain("tools-know-no-tool");
    expect(r.out).not.toContain("bridge/wire.ts →"); // bridge may wire chat and tools
  }, 150_000);
});
