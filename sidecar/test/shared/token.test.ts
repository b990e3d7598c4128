import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { generateToken, loadOrCreateToken, readToken, TOKEN_PATTERN } from "../../src/shared/token.js";

describe("token", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("is 32 random bytes in base64url", () => {
    const a = generateToken();
    expect(a).toMatch(TOKEN_PATTERN);
    expect(Buffer.from(a, "base64url")).toHaveLength(32);
    expect(generateToken()).not.toBe(a);
  });

  it("is created once (0600) and reused across restarts", () => {
    dir = mkdtempSync(join(tmpdir(), "ap-token-"));
    const file = join(dir, "AgentPanel", "h.token");
    const first = loadOrCreateToken(file);
    expect(loadOrCreateToken(file)).toBe(first);
    expect(readToken(file)).toBe(first);
    if (process.platform !== "win32") expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("is replaced when the stored one is malformed", () => {
    dir = mkdtempSync(join(tmpdir(), "ap-token-"));
    const file = join(dir, "h.token");
    writeFileSync(file, "short");
    const token = loadOrCreateToken(file);
    expect(token).toMatch(TOKEN_PATTERN);
    expect(readToken(file)).toBe(token);
  });
});
