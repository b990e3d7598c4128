import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeStdout } from "../../src/commands/stdout.js";

// The sessions command prints its (large) JSON with a synchronous write to fd 1 instead of
// process.stdout: the whole text arrives, in order, through a file or a slow pipe, and a reader
// that goes away early ends the output without an error.

const root = join(import.meta.dirname, "..", "..", "..");
const STDOUT_TS = join(root, "sidecar", "src", "commands", "stdout.ts");

/** Run writeStdout in a child (so fd 1 is a real pipe); `text` is `n` numbered lines. */
function child(n: number): ReturnType<typeof spawn> {
  const code = `const { writeStdout } = await import(${JSON.stringify(new URL(`file://${STDOUT_TS}`).href)}); const lines = []; for (let i = 0; i < ${n}; i++) lines.push("line " + i); writeStdout(lines.join("\\n")); writeStdout("end");`;
  return spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
}

describe("writeStdout", () => {
  it("writes the whole text and a newline to a file descriptor", () => {
    const dir = mkdtempSync(join(tmpdir(), "ap-stdout-"));
    try {
      const fd = openSync(join(dir, "out.txt"), "w");
      writeStdout('héllo\n{"a":1}', fd);
      closeSync(fd);
      expect(readFileSync(join(dir, "out.txt"), "utf8")).toBe('héllo\n{"a":1}\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("keeps every character across its write slices, a surrogate pair at a slice edge included", () => {
    const dir = mkdtempSync(join(tmpdir(), "ap-stdout-"));
    try {
      const text = "x".repeat(65535) + "😀" + "プレイヤー".repeat(30_000) + "\u00e9";
      const fd = openSync(join(dir, "out.txt"), "w");
      writeStdout(text, fd);
      writeStdout("", fd);
      closeSync(fd);
      expect(readFileSync(join(dir, "out.txt"), "utf8")).toBe(text + "\n\n");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("delivers megabytes through a pipe read slowly, complete and in order", async () => {
    const n = 200_000;
    const p = child(n);
    const chunks: Buffer[] = [];
    p.stdout!.on("data", (c: Buffer) => {
      chunks.push(c);
      p.stdout!.pause();
      setTimeout(() => p.stdout!.resume(), 1); // a slow reader: the pipe fills up
    });
    let stderr = "";
    p.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise((r) => p.on("close", r));
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const lines = Buffer.concat(chunks).toString("utf8").split("\n");
    expect(lines.length).toBe(n + 2);
    expect(lines[0]).toBe("line 0");
    expect(lines[n - 1]).toBe(`line ${n - 1}`);
    expect(lines[n]).toBe("end");
  }, 30_000);

  it("ends quietly when the reader closes the pipe early", async () => {
    const p = child(500_000);
    p.stdout!.once("data", () => p.stdout!.destroy());
    let stderr = "";
    p.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise((r) => p.on("close", r));
    expect(stderr).toBe("");
    expect(code).toBe(0);
  }, 30_000);
});
