import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { currentBundleEntry, installStableBundle, refreshStableBundle, stableBundleEntry } from "../../src/commands/stable-bundle.js";

// The copy of the bundle that MCP client configurations run: a path that survives Unity package
// updates (Library/PackageCache/…@hash changes), refreshed when another build runs.

let base: string;
let env: { env: NodeJS.ProcessEnv; platform: NodeJS.Platform };

function bundle(dir: string, text: string, chunk: string): string {
  mkdirSync(join(dir, "chunks"), { recursive: true });
  writeFileSync(join(dir, "agent-panel.mjs"), text);
  writeFileSync(join(dir, "render-worker.mjs"), "// worker");
  writeFileSync(join(dir, "chunks", chunk), `// ${chunk}`);
  return join(dir, "agent-panel.mjs");
}

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), "ap-stable-"));
  env = { env: { XDG_DATA_HOME: join(base, "data") }, platform: "linux" };
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe("the stable copy of the bundle", () => {
  it("copies the bundle beside the descriptors and keeps older chunks when a new build replaces it", () => {
    const first = bundle(join(base, "PackageCache", "pkg@aaa", "Sidecar~"), "// build 1", "chunk-A.mjs");
    const entry = installStableBundle(first, "1.0.0", env);
    expect(entry).toBe(join(base, "data", "AgentPanel", "sidecar", "agent-panel.mjs"));
    expect(entry).toBe(stableBundleEntry(env));
    expect(readFileSync(entry, "utf8")).toBe("// build 1");
    const second = bundle(join(base, "PackageCache", "pkg@bbb", "Sidecar~"), "// build 2, longer", "chunk-B.mjs");
    expect(installStableBundle(second, "1.0.1", env)).toBe(entry);
    expect(readFileSync(entry, "utf8")).toBe("// build 2, longer");
    // a process still running build 1 finds its chunk
    expect(existsSync(join(base, "data", "AgentPanel", "sidecar", "chunks", "chunk-A.mjs"))).toBe(true);
    expect(existsSync(join(base, "data", "AgentPanel", "sidecar", "chunks", "chunk-B.mjs"))).toBe(true);
  });

  it("does not copy again from the same build, nor onto itself", () => {
    const src = bundle(join(base, "dist"), "// build", "chunk-A.mjs");
    const entry = installStableBundle(src, "1.0.0", env);
    writeFileSync(entry, "// marked"); // a copy would overwrite this
    installStableBundle(src, "1.0.0", env);
    expect(readFileSync(entry, "utf8")).toBe("// marked");
    expect(installStableBundle(entry, "1.0.0", env)).toBe(entry);
    utimesSync(src, new Date(), new Date(Date.now() + 5000)); // a rebuild
    installStableBundle(src, "1.0.0", env);
    expect(readFileSync(entry, "utf8")).toBe("// build");
  });

  it("serve refreshes only a copy that exists (it never creates one)", () => {
    const src = bundle(join(base, "dist"), "// build", "chunk-A.mjs");
    refreshStableBundle(src, "1.0.0", env);
    expect(existsSync(stableBundleEntry(env))).toBe(false);
    installStableBundle(src, "1.0.0", env);
    const newer = bundle(join(base, "dist2"), "// newer build", "chunk-C.mjs");
    refreshStableBundle(newer, "1.0.1", env);
    expect(readFileSync(stableBundleEntry(env), "utf8")).toBe("// newer build");
  });

  it("knows when this process runs from a bundle", () => {
    const src = bundle(join(base, "dist"), "// build", "chunk-A.mjs");
    expect(currentBundleEntry(src)).toBe(src);
    expect(currentBundleEntry(join(base, "main.ts"))).toBeUndefined();
    expect(currentBundleEntry(undefined)).toBeUndefined();
  });
});
