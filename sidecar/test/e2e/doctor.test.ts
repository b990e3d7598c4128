import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeApi, type FakeApi } from "../../../fixtures/fake-api/index.js";
import { claudeBinary, makeSandbox, type Sandbox, bundledSidecar } from "./harness.js";

// `agent-panel doctor` from the bundled file, with the real claude binary on PATH.

const bundle = bundledSidecar();

describe("agent-panel doctor (bundle, real claude)", () => {
  let sandbox: Sandbox;
  let api: FakeApi;
  beforeAll(async () => {
    sandbox = makeSandbox();
    api = await startFakeApi([]);
  });
  afterAll(async () => {
    await api.close();
    sandbox.cleanup();
  });

  const run = (env: Record<string, string>, args: string[] = []) => {
    const path = `${dirname(claudeBinary())}:${env.PATH}`;
    return spawnSync(process.execPath, [bundle, "doctor", "--project", sandbox.project, ...args], { env: { ...env, PATH: path }, encoding: "utf8", timeout: 60_000 });
  };

  it("reports node, the Unity project, the transcript dir, claude and the account, and exits 0", () => {
    const res = run(sandbox.env(api.url));
    expect(res.status).toBe(0);
    expect(res.stdout).toMatch(/ok\s+node\s+v\d+/);
    expect(res.stdout).toMatch(/ok\s+project\s+/);
    expect(res.stdout).toContain(".claude/projects/");
    expect(res.stdout).toMatch(/ok\s+claude version\s+\d+\.\d+\.\d+/);
    expect(res.stdout).toMatch(/ok\s+account\s+logged in: API key from ANTHROPIC_API_KEY \(Anthropic API\)/);
    expect(res.stdout).toMatch(/ok\s+claude\s+\S+ \(found on PATH\)/); // why this binary, in words
    expect(res.stdout).not.toMatch(/found via|firstParty/);
  });

  it("exits non-zero with a login hint when there are no credentials", () => {
    const res = run(sandbox.env(api.url, { apiKey: null }), ["--json"]);
    expect(res.status).toBe(1);
    const report = JSON.parse(res.stdout);
    expect(report.checks.find((c: { name: string }) => c.name === "account")).toMatchObject({ ok: false, hint: expect.stringMatching(/login|ANTHROPIC_API_KEY/) });
  });

  it("exits non-zero with an install hint when claude cannot be found", () => {
    const res = spawnSync(process.execPath, [bundle, "doctor", "--project", sandbox.project, "--claude", "/nowhere/claude"], { env: { PATH: "/usr/bin:/bin", HOME: sandbox.home }, encoding: "utf8" });
    expect(res.status).toBe(1);
    expect(res.stdout).toMatch(/FAIL\s+claude/);
  });

  it("rejects unknown flags with usage and exit code 2", () => {
    const res = spawnSync(process.execPath, [bundle, "doctor", "--bogus"], { encoding: "utf8" });
    expect(res.status).toBe(2);
    expect(res.stderr).toContain("Usage");
  });
});
