import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { descriptorDir, descriptorPaths, normalizeProjectRoot, projectHash } from "../../src/shared/descriptor.js";
import { parseDescriptor, readDescriptor, removeDescriptorIfOurs, writeDescriptor, type Descriptor } from "../../src/shared/descriptor-io.js";

// Test vectors for the C# side: [input, platform, normalized root, <hash>]. The hash is the first
// 16 hex digits of SHA-256 over the UTF-8 bytes of the normalized root.
const VECTORS: [string, "linux" | "win32", string, string][] = [
  ["/home/dev/My Game", "linux", "/home/dev/My Game", "089fb72855a154b8"],
  ["/home/dev/My Game/", "linux", "/home/dev/My Game", "089fb72855a154b8"],
  ["/home/dev/x/../My Game", "linux", "/home/dev/My Game", "089fb72855a154b8"],
  ["/", "linux", "/", "8a5edab282632443"],
  ["/home/dev/Spiel ünï 🎮", "linux", "/home/dev/Spiel ünï 🎮", "16fc1fc08e1c3e22"],
  ["C:/Users/Dev/My Game", "win32", "c:\\Users\\Dev\\My Game", "9bd8ea1b1c692190"],
  ["C:\\Users\\Dev\\My Game\\", "win32", "c:\\Users\\Dev\\My Game", "9bd8ea1b1c692190"],
  ["c:\\Users\\Dev\\My Game", "win32", "c:\\Users\\Dev\\My Game", "9bd8ea1b1c692190"],
  ["D:\\", "win32", "d:\\", "1836262184c1d1a3"],
  ["\\\\server\\share\\Proj\\", "win32", "\\\\server\\share\\Proj", "02d936f404ce7fa5"],
];

describe("project root normalization and hash", () => {
  it.each(VECTORS)("%s on %s → %s (%s)", (input, platform, normalized, hash) => {
    expect(normalizeProjectRoot(input, { platform })).toBe(normalized);
    expect(projectHash(input, { platform })).toBe(hash);
  });

  it("keeps the case of the path apart from the drive letter (Windows) and entirely elsewhere", () => {
    expect(projectHash("C:\\Users\\Dev\\MY GAME", { platform: "win32" })).not.toBe("9bd8ea1b1c692190");
    expect(projectHash("/home/dev/my game", { platform: "linux" })).not.toBe("089fb72855a154b8");
  });

  it("makes a relative root absolute against the working directory", () => {
    expect(normalizeProjectRoot("Game/", { platform: "linux", cwd: "/work" })).toBe("/work/Game");
    expect(normalizeProjectRoot("Game", { platform: "win32", cwd: "E:\\Projects" })).toBe("e:\\Projects\\Game");
  });
});

describe("descriptor location", () => {
  it("uses %LOCALAPPDATA%\\AgentPanel on Windows", () => {
    const paths = descriptorPaths("C:/Users/Dev/My Game", { platform: "win32", env: { LOCALAPPDATA: "C:\\Users\\Dev\\AppData\\Local" }, home: "C:\\Users\\Dev" });
    expect(paths.dir).toBe("C:\\Users\\Dev\\AppData\\Local\\AgentPanel");
    expect(paths.descriptor).toBe("C:\\Users\\Dev\\AppData\\Local\\AgentPanel\\9bd8ea1b1c692190.json");
    expect(paths.token).toBe("C:\\Users\\Dev\\AppData\\Local\\AgentPanel\\9bd8ea1b1c692190.token");
    expect(descriptorDir({ platform: "win32", env: {}, home: "C:\\Users\\Dev" })).toBe("C:\\Users\\Dev\\AppData\\Local\\AgentPanel");
  });

  it("uses ~/.local/share/AgentPanel elsewhere, or $XDG_DATA_HOME/AgentPanel when set and absolute", () => {
    expect(descriptorDir({ platform: "linux", env: {}, home: "/home/dev" })).toBe("/home/dev/.local/share/AgentPanel");
    expect(descriptorDir({ platform: "darwin", env: {}, home: "/Users/dev" })).toBe("/Users/dev/.local/share/AgentPanel");
    expect(descriptorDir({ platform: "linux", env: { XDG_DATA_HOME: "/data" }, home: "/home/dev" })).toBe("/data/AgentPanel");
    expect(descriptorDir({ platform: "linux", env: { XDG_DATA_HOME: "relative" }, home: "/home/dev" })).toBe("/home/dev/.local/share/AgentPanel");
    expect(descriptorPaths("/home/dev/My Game/", { platform: "linux", env: {}, home: "/home/dev" }).descriptor).toBe("/home/dev/.local/share/AgentPanel/089fb72855a154b8.json");
  });
});

describe("descriptor file", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const sample: Descriptor = { pid: 4242, port: 27240, token: "t".repeat(43), version: "1.0.0", startedAt: "2025-01-01T00:00:00.000Z", project: "/p" };

  it("is written atomically as owner-only JSON in an owner-only directory", () => {
    dir = mkdtempSync(join(tmpdir(), "ap-desc-"));
    const file = join(dir, "AgentPanel", "h.json");
    writeDescriptor(file, sample);
    writeDescriptor(file, { ...sample, port: 27241 });
    expect(readDescriptor(file)).toEqual({ ...sample, port: 27241 });
    expect(readdirSync(join(dir, "AgentPanel"))).toEqual(["h.json"]); // no temp files left behind
    if (process.platform !== "win32") {
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(join(dir, "AgentPanel")).mode & 0o777).toBe(0o700);
    }
  });

  it("reads a missing or malformed descriptor as absent", () => {
    dir = mkdtempSync(join(tmpdir(), "ap-desc-"));
    expect(readDescriptor(join(dir, "none.json"))).toBeUndefined();
    writeFileSync(join(dir, "bad.json"), "{not json");
    expect(readDescriptor(join(dir, "bad.json"))).toBeUndefined();
    writeFileSync(join(dir, "partial.json"), JSON.stringify({ pid: 1 }));
    expect(readDescriptor(join(dir, "partial.json"))).toBeUndefined();
  });

  it("rejects a field of the wrong kind or out of range and drops unknown fields", () => {
    for (const bad of [{ pid: 0 }, { pid: 1.5 }, { pid: "4242" }, { port: 0 }, { port: 65536 }, { token: "" }, { version: 1 }, { startedAt: null }, { project: undefined }]) {
      expect(parseDescriptor({ ...sample, ...bad }), JSON.stringify(bad)).toBeUndefined();
    }
    expect(parseDescriptor(null)).toBeUndefined();
    expect(parseDescriptor([sample])).toBeUndefined();
    expect(parseDescriptor({ ...sample, extra: true })).toEqual(sample);
  });

  it("is removed on exit only while it still describes this sidecar", () => {
    dir = mkdtempSync(join(tmpdir(), "ap-desc-"));
    const file = join(dir, "h.json");
    writeDescriptor(file, { ...sample, startedAt: "2025-02-02T00:00:00.000Z" }); // a newer sidecar took over
    expect(removeDescriptorIfOurs(file, sample)).toBe(false);
    expect(readDescriptor(file)).toBeDefined();
    writeDescriptor(file, sample);
    expect(removeDescriptorIfOurs(file, sample)).toBe(true);
    expect(readDescriptor(file)).toBeUndefined();
  });
});
