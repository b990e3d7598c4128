#!/usr/bin/env node
// `npm start [-- --project <dir>] [serve flags]`: builds the bundle when the sources are newer,
// runs `agent-panel serve` for the project (default: the directory npm was started in) and prints
// the browser panel's URL with its `#token=…` fragment, read from the sidecar's descriptor.
// Ctrl+C stops the sidecar (and every claude it started). scripts/demo.mjs reuses these helpers.
import { spawn, execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";
import { userEnv } from "./user-env.mjs";

/** The repository root (where package.json and dist/ live). */
export const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** The bundled sidecar. */
export const BUNDLE = join(ROOT, "dist", "agent-panel.mjs");

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      process.stderr.write(`npm start: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}

async function main(argv) {
  const { value: project, rest } = takeFlag(argv, "--project");
  const cwd = process.env.INIT_CWD ?? process.cwd(); // npm runs scripts in the package root
  const args = ["--project", resolve(cwd, project ?? "."), ...resolveClaudeFlag(rest, cwd)];
  if (!rest.includes("--parent-pid")) args.push("--parent-pid", String(process.pid));
  ensureBuilt();
  const sidecar = startSidecar(args, { env: userEnv() }); // the user's claude, not the repository's test copy
  stopOnSignals(() => sidecar.stop());
  const ready = await sidecar.ready;
  printPanelUrl(ready);
  // Said now, not at the first chat: without claude no chat can start.
  const missing = await claudeProblem(ready);
  if (missing) process.stderr.write(`\nWarning: no chat can start, claude was not found.\n${missing}\nThen stop this with Ctrl+C and run npm start again (or pass -- --claude <path to claude>).\n\n`);
  return sidecar.exited;
}

/** Build dist/agent-panel.mjs when it is missing or older than a source (or when `force`). */
export function ensureBuilt(force = false) {
  // First run after cloning: install the dependencies (including the claude CLI the demo uses).
  if (!existsSync(join(ROOT, "node_modules", "zod")) || !existsSync(join(ROOT, "node_modules", "esbuild"))) {
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    execFileSync(npm, ["ci", "--no-audit", "--no-fund"], { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"], shell: process.platform === "win32" });
  }
  const inputs = [join(ROOT, "sidecar", "src"), join(ROOT, "package.json"), join(ROOT, "esbuild.config.mjs")];
  if (!force && existsSync(BUNDLE) && Math.max(...inputs.map(newestMtime)) <= statSync(BUNDLE).mtimeMs) return;
  execFileSync(process.execPath, ["esbuild.config.mjs"], { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"] });
}

/**
 * Run `agent-panel serve <args>`. `ready` resolves with {url, panelUrl, pid, project, reused} once
 * it listens (or found one already running); `exited` resolves with its exit code; `stop()` asks
 * it to shut down and waits. Human lines are echoed, the JSON lines are consumed.
 */
export function startSidecar(args, { env, echo = (line) => process.stdout.write(`${line}\n`) }) {
  const child = spawn(process.execPath, [BUNDLE, "serve", ...args], { cwd: ROOT, env, stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise((res) => child.once("exit", (code, signal) => res(code ?? (signal ? 1 : 0))));
  const ready = new Promise((res, rej) => {
    createInterface({ input: child.stdout, crlfDelay: Infinity }).on("line", (line) => {
      const info = parseEvent(line);
      if (info === undefined) return echo(line);
      if (info.event !== "listening" && info.event !== "already_running") return;
      try {
        res({ url: info.url, panelUrl: panelUrl(info.url, info.descriptor), pid: info.pid, project: info.project, reused: info.event === "already_running" });
      } catch (err) {
        rej(err);
      }
    });
    child.once("error", rej);
    void exited.then((code) => rej(new Error(`the sidecar exited (code ${code}) before it was listening; see the messages above.`)));
  });
  ready.catch(() => {}); // callers await it; avoid an unhandled rejection after a later exit
  return {
    child,
    ready,
    exited,
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

/** The page URL with the token fragment, from the descriptor the sidecar wrote. */
export function panelUrl(url, descriptorFile) {
  const descriptor = JSON.parse(readFileSync(descriptorFile, "utf8"));
  if (typeof descriptor.token !== "string" || descriptor.token === "") throw new Error(`the descriptor ${descriptorFile} has no token; restart the sidecar.`);
  return `${url}#token=${descriptor.token}`;
}

/**
 * The sidecar's own answer to "is there a claude to run?" (its /health, once its chat side has
 * loaded): the error text when claude was not found, else undefined (also when it cannot tell).
 */
export async function claudeProblem(ready, timeoutMs = 20_000) {
  const token = new URL(ready.panelUrl).hash.replace(/^#token=/, "");
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      const res = await fetch(new URL("health", ready.url), { headers: { Authorization: `Bearer ${token}` } });
      const body = await res.json();
      if (body.claude) return body.claude.found === false ? String(body.claude.error ?? "claude was not found.") : undefined;
    } catch {
      // not answering yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return undefined;
}

/** Print the URL a person opens (one line starting with "Open the panel: "). */
export function printPanelUrl(ready, extra = []) {
  const lines = [
    "",
    ready.reused ? `Agent Panel is already running for ${ready.project} (pid ${ready.pid}).` : `Agent Panel is running for ${ready.project}.`,
    `Open the panel: ${ready.panelUrl}`,
    ...extra,
    ready.reused ? "" : "Press Ctrl+C to stop.",
    "",
  ];
  process.stdout.write(lines.join("\n") + "\n");
}

/** Call `stop` once on SIGINT/SIGTERM/SIGHUP (a repeated signal waits for the same stop). */
export function stopOnSignals(stop) {
  let stopping;
  for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(sig, () => void (stopping ??= stop()));
}

/** Remove `--name value` (or `--name=value`) from argv; returns the value and the other args. */
export function takeFlag(argv, name) {
  const rest = [];
  let value;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === name) value = argv[++i];
    else if (a.startsWith(`${name}=`)) value = a.slice(name.length + 1);
    else rest.push(a);
  }
  return { value, rest };
}

// A relative --claude is relative to where the user ran npm, not to the package root.
function resolveClaudeFlag(args, cwd) {
  const { value, rest } = takeFlag(args, "--claude");
  return value === undefined ? rest : [...rest, "--claude", isAbsolute(value) ? value : resolve(cwd, value)];
}

function parseEvent(line) {
  if (!line.startsWith("{")) return undefined;
  try {
    const value = JSON.parse(line);
    return typeof value === "object" && value !== null && typeof value.event === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}
