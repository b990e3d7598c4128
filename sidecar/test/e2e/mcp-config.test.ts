import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, symlinkSync } from "node:fs";
import { delimiter, join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundledSidecar, claudeBinary, makeSandbox, type Sandbox } from "./harness.js";

// What `agent-panel mcp-config --client claude-code` prints, pasted into a shell as a user would,
// registers the project's tools in the real claude: `claude mcp list` then says "Connected", for the
// stdio form (run from the stable copy of the bundle) and for the HTTP form. Isolated HOME; the
// sidecar runs from the bundle on 127.0.0.1.

let box: Sandbox;
let env: Record<string, string>;
let sidecar: ReturnType<typeof spawn> | undefined;
const bundle = bundledSidecar();

function agentPanel(args: string[]) {
  return spawnSync(process.execPath, [bundle, ...args], { cwd: box.project, env, encoding: "utf8", timeout: 30_000 });
}

beforeAll(async () => {
  box = makeSandbox();
  // `claude` on PATH is the real binary, as after a user's install.
  const bin = join(box.root, "bin");
  mkdirSync(bin);
  symlinkSync(claudeBinary(), join(bin, "claude"));
  env = { ...box.env("http://127.0.0.1:9/"), PATH: `${bin}${delimiter}${process.env.PATH ?? "/usr/bin:/bin"}` };
  sidecar = spawn(process.execPath, [bundle, "serve", "--project", box.project, "--test-tools"], { env, stdio: ["ignore", "pipe", "pipe"] });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the sidecar did not start within 30 s")), 30_000);
    createInterface({ input: sidecar!.stdout! }).on("line", (line) => {
      if (line.includes('"event":"listening"')) (clearTimeout(timer), resolve());
    });
  });
}, 60_000);

afterAll(async () => {
  if (sidecar && sidecar.exitCode === null) {
    const exited = new Promise((r) => sidecar!.once("exit", r));
    sidecar.kill("SIGTERM");
    await exited;
  }
  box?.cleanup();
});

describe("agent-panel mcp-config --client claude-code, pasted into a shell", () => {
  it("registers the stdio server (from the stable copy) and the HTTP one; claude mcp list says Connected for both", () => {
    const stdio = agentPanel(["mcp-config", "--client", "claude-code", "--project", box.project]);
    expect(stdio.status, stdio.stderr).toBe(0);
    // The stdio command runs the copy beside the descriptors, not the bundle it was printed by.
    const stable = join(box.home, ".local", "share", "AgentPanel", "sidecar", "agent-panel.mjs");
    expect(existsSync(stable)).toBe(true);
    expect(stdio.stdout).toContain(stable);
    expect(stdio.stdout).not.toContain(bundle);
    const pasted = spawnSync("sh", ["-c", stdio.stdout], { cwd: box.root, env, encoding: "utf8", timeout: 60_000 });
    expect(pasted.status, pasted.stderr + pasted.stdout).toBe(0);

    // The HTTP form is printed commented out: a user who wants it removes the "# ".
    const http = agentPanel(["mcp-config", "--client", "claude-code", "--project", box.project, "--name", "unity-http"]);
    const httpLine = http.stdout.split("\n").find((l) => l.includes("--transport http"));
    expect(httpLine).toMatch(/^# cd .* && claude mcp add --transport http unity-http http:\/\/127\.0\.0\.1:\d+\/mcp --header "Authorization: Bearer \$\(cat /);
    const added = spawnSync("sh", ["-c", httpLine!.slice(2)], { cwd: box.root, env, encoding: "utf8", timeout: 60_000 });
    expect(added.status, added.stderr + added.stdout).toBe(0);

    const list = spawnSync("claude", ["mcp", "list"], { cwd: box.project, env, encoding: "utf8", timeout: 120_000 });
    expect(list.stdout).toMatch(/^unity: .*agent-panel\.mjs mcp --project .* - [✓✔] Connected$/m);
    expect(list.stdout).toMatch(/^unity-http: http:\/\/127\.0\.0\.1:\d+\/mcp \(HTTP\) - [✓✔] Connected$/m);
  }, 180_000);

  it("prints the JSON for Claude Desktop and Cursor on stdout, and where it goes on stderr", () => {
    for (const client of ["claude-desktop", "cursor"]) {
      const r = agentPanel(["mcp-config", "--client", client, "--project", box.project]);
      expect(r.status).toBe(0);
      const json = JSON.parse(r.stdout);
      expect(json.mcpServers.unity).toEqual({ command: process.execPath, args: [expect.stringMatching(/AgentPanel[/\\]sidecar[/\\]agent-panel\.mjs$/), "mcp", "--project", box.project] });
      expect(r.stderr).toMatch(client === "cursor" ? /\.cursor\/mcp\.json[\s\S]*Authorization: Bearer <the text of .*\.token>/ : /claude_desktop_config\.json/);
    }
  });
});
