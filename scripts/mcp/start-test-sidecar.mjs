// Starts the bundled sidecar (dist/agent-panel.mjs) in its test mode (--test-tools) for a throwaway
// project, with its descriptor in a throwaway data folder; resolves with its port, token and stop().
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";

export async function startTestSidecar(repo, extraArgs = []) {
  const base = mkdtempSync(join(tmpdir(), "ap-mcp-"));
  const project = join(base, "Project");
  mkdirSync(project);
  const env = { ...process.env, XDG_DATA_HOME: join(base, "data"), LOCALAPPDATA: join(base, "data") };
  const child = spawn(process.execPath, [join(repo, "dist/agent-panel.mjs"), "serve", "--project", project, "--test-tools", ...extraArgs], { env, stdio: ["ignore", "pipe", "inherit"] });
  const listening = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the sidecar did not start within 30 s")), 30_000);
    child.once("exit", (code) => reject(new Error(`the sidecar exited with code ${code}`)));
    createInterface({ input: child.stdout }).on("line", (line) => {
      if (!line.startsWith("{")) return;
      const event = JSON.parse(line);
      if (event.event === "listening") {
        clearTimeout(timer);
        resolve(event);
      }
    });
  });
  const token = JSON.parse(readFileSync(listening.descriptor, "utf8")).token;
  return {
    port: listening.port,
    token,
    project,
    env,
    async stop() {
      const gone = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([gone, new Promise((r) => setTimeout(r, 5000))]);
      rmSync(base, { recursive: true, force: true });
    },
  };
}
