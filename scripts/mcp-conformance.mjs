// Runs the MCP conformance suite's server scenarios against the sidecar's test mode:
//   node scripts/mcp-conformance.mjs [scenario]
// Needs dist/ (node esbuild.config.mjs) and the tools of scripts/mcp-tools.sh (installed on demand).
// The suite's client sends no headers, so it talks through a local proxy that adds the token.
// Scenarios that fail only because the sidecar does not offer a capability are listed, with the
// reason, in scripts/mcp/conformance-baseline.yml; every other scenario must pass.
import { execFileSync, spawn } from "node:child_process";
import { join } from "node:path";
import { startTestSidecar } from "./mcp/start-test-sidecar.mjs";
import { startTokenProxy } from "./mcp/token-proxy.mjs";

const repo = join(import.meta.dirname, "..");
const tools = join(repo, execFileSync("bash", [join(repo, "scripts/mcp-tools.sh")], { encoding: "utf8" }).trim());
const node22 = join(tools, "node_modules/.bin/node");
const suite = join(tools, "node_modules/@modelcontextprotocol/conformance/dist/index.js");

const sidecar = await startTestSidecar(repo);
const proxy = await startTokenProxy(sidecar.port, sidecar.token);
let status = 1;
try {
  const scenario = process.argv[2] ? ["--scenario", process.argv[2]] : [];
  // Asynchronous: the proxy runs in this process and must keep serving while the suite runs.
  const run = spawn(
    node22,
    [suite, "server", "--url", `http://127.0.0.1:${proxy.port}/mcp`, "--expected-failures", join(repo, "scripts/mcp/conformance-baseline.yml"), "-o", join(repo, ".tmp/conformance"), ...scenario],
    { stdio: "inherit", cwd: repo },
  );
  status = await new Promise((resolve) => run.on("exit", (code) => resolve(code ?? 1)));
} finally {
  await proxy.close();
  await sidecar.stop();
}
console.log(`MCP conformance (server scenarios): ${status === 0 ? "passed (failures only where the baseline names a capability not offered)" : "FAILED"}`);
process.exit(status);
