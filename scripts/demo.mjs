#!/usr/bin/env node
// `npm run demo [-- --dir <folder>] [--reset] [--port N]`: try the whole pipeline with no account.
// Starts the project's fake Anthropic model (fixtures/fake-api/demo-server.ts), makes a demo
// Unity-like project and an isolated HOME under .tmp/demo/, runs `agent-panel serve` on them with
// the REAL claude binary from node_modules pointed at the fake model, and prints the panel URL
// with its token. Ctrl+C stops the sidecar (and its claude processes), then the fake model.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { BUNDLE, ensureBuilt, printPanelUrl, ROOT, startSidecar, stopOnSignals, takeFlag } from "./start.mjs";

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`npm run demo: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);

async function main(argv) {
  const { value: dirFlag, rest: afterDir } = takeFlag(argv, "--dir");
  const { value: port, rest } = takeFlag(afterDir, "--port");
  if (rest.some((a) => a !== "--reset")) throw new Error(`unknown argument ${rest.find((a) => a !== "--reset")}. Usage: npm run demo [-- --dir <folder>] [--reset] [--port N]`);
  const dir = resolve(process.env.INIT_CWD ?? process.cwd(), dirFlag ?? join(ROOT, ".tmp", "demo"));
  if (rest.includes("--reset")) rmSync(dir, { recursive: true, force: true });
  const { project, home } = makeDemoFolders(dir);
  ensureBuilt();
  const claude = claudeBinary();

  const api = await startDemoModel(project);
  let sidecar;
  stopOnSignals(async () => {
    await sidecar?.stop();
    await api.stop();
  });
  const args = ["--project", project, "--claude", claude, "--parent-pid", String(process.pid), ...(port ? ["--port", port] : [])];
  sidecar = startSidecar(args, { env: demoEnv(home, api.url) });
  try {
    printPanelUrl(await sidecar.ready, [
      `Demo project: ${project}`,
      `Fake model:   ${api.url} (real claude: ${claude})`,
      'Try "Hello", then "create a script" (allow or deny it), "make a chiptune" (compose_mml), then "tell me a long story" and press Stop.',
      "The demo's sidecar lives in its own HOME; point the command line at it like this (also for call, sessions, mcp-config):",
      `  ${demoCli(home, project)}`,
    ]);
  } catch (err) {
    await api.stop();
    throw err;
  }
  const code = await sidecar.exited;
  await api.stop();
  return code;
}

/** The `agent-panel tools` command that finds the demo's sidecar (its descriptor is under the demo's HOME). */
function demoCli(home, project) {
  if (process.platform === "win32") return `set "USERPROFILE=${home}" && set "LOCALAPPDATA=${join(home, "AppData", "Local")}" && node "${BUNDLE}" tools --project "${project}"`;
  const q = (s) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`);
  return `HOME=${q(home)} XDG_DATA_HOME=${q(join(home, ".local", "share"))} node ${q(BUNDLE)} tools --project ${q(project)}`;
}

/** The demo project (Unity-like, with the Player.cs the greeting mentions) and the isolated HOME. */
function makeDemoFolders(dir) {
  const project = join(dir, "DemoGame");
  const home = join(dir, "home");
  for (const d of [home, join(home, "tmp"), join(project, "Assets", "Scripts"), join(project, "ProjectSettings"), join(project, "Packages")]) mkdirSync(d, { recursive: true });
  const files = {
    [join(project, "ProjectSettings", "ProjectVersion.txt")]: "m_EditorVersion: 2022.3.20f1\n",
    [join(project, "Packages", "manifest.json")]: '{\n  "dependencies": {}\n}\n',
    [join(project, "Assets", "Scripts", "Player.cs")]:
      'using UnityEngine;\n\npublic class Player : MonoBehaviour\n{\n    public float speed = 5f;\n\n    void Update()\n    {\n        transform.Translate(Input.GetAxis("Horizontal") * speed * Time.deltaTime, 0, 0);\n    }\n}\n',
  };
  for (const [file, text] of Object.entries(files)) if (!existsSync(file)) writeFileSync(file, text);
  return { project, home };
}

/** The real claude binary installed by npm (not the small placeholder of an unfinished install). */
function claudeBinary() {
  const bin = join(ROOT, "node_modules", "@anthropic-ai", "claude-code", "bin", "claude.exe");
  if (!existsSync(bin) || statSync(bin).size < 1_000_000) throw new Error(`the claude binary is missing at ${bin}; run \`npm install\` in ${ROOT} first.`);
  return bin;
}

/** Start the fake model; resolves with its URL and a stop() that waits for it to exit. */
function startDemoModel(project) {
  const server = join(ROOT, "fixtures", "fake-api", "demo-server.ts");
  // stdin stays a pipe: if this launcher dies, the fake model sees stdin close and exits too.
  const child = spawn(process.execPath, ["--import", "tsx", server, "--project", project, "--exit-with-stdin"], { cwd: ROOT, stdio: ["pipe", "pipe", "inherit"] });
  const exited = new Promise((res) => child.once("exit", () => res()));
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    return exited;
  };
  return new Promise((res, rej) => {
    const timer = setTimeout(() => {
      void stop();
      rej(new Error("the fake model did not start within 20 s."));
    }, 20_000);
    createInterface({ input: child.stdout, crlfDelay: Infinity }).on("line", (line) => {
      if (!line.startsWith('{"event":"fake_api"')) return void process.stdout.write(`${line}\n`);
      clearTimeout(timer);
      res({ url: JSON.parse(line).url, stop });
    });
    child.once("error", rej);
    void exited.then(() => {
      clearTimeout(timer);
      rej(new Error("the fake model exited before it was listening; see the messages above."));
    });
  });
}

/**
 * The sidecar's (and so every claude's) environment: the caller's, without any ANTHROPIC_* /
 * CLAUDE_* setting that could send requests elsewhere, with an isolated HOME and the fake model.
 */
function demoEnv(home, apiUrl) {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && !/^(ANTHROPIC_|CLAUDE_|AGENT_PANEL_|XDG_)/i.test(k)) env[k] = v;
  }
  return {
    ...env,
    HOME: home,
    USERPROFILE: home,
    LOCALAPPDATA: join(home, "AppData", "Local"),
    TMPDIR: join(home, "tmp"),
    ANTHROPIC_BASE_URL: apiUrl,
    ANTHROPIC_API_KEY: "sk-demo",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_AUTOUPDATER: "1",
    DISABLE_TELEMETRY: "1",
  };
}
