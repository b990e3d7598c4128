import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

// With no file descriptors left, starting claude used to raise an `error` event nobody listened to
// (spawn EMFILE) and end the sidecar. Now it is a typed error the chat shows, and the process lives.

const child = join(import.meta.dirname, "emfile-child.ts");

describe.skipIf(process.platform === "win32")("spawning claude without file descriptors", () => {
  it("fails with too_many_open_files and the process survives", async () => {
    // Bundled first: a module loader would itself need descriptors while the table is full.
    const dir = mkdtempSync(join(tmpdir(), "ap-emfile-"));
    const bundle = join(dir, "child.mjs");
    await build({
      entryPoints: [child],
      bundle: true,
      platform: "node",
      format: "esm",
      outfile: bundle,
      logLevel: "silent",
      banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    });
    let out: string;
    try {
      out = execFileSync("bash", ["-c", `ulimit -n 64 && exec "${process.execPath}" "${bundle}"`], { encoding: "utf8", timeout: 20_000 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const result = JSON.parse(out.trim().split("\n").pop()!);
    expect(result).toMatchObject({ started: false, code: "too_many_open_files", survived: true });
    expect(result.message).toMatch(/close some chats/i);
  }, 30_000);
});
