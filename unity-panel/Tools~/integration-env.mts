// Runs a command (by default the C# integration tests) in the environment they need: the project's
// fake Anthropic Messages API answering the prompts of SidecarIntegrationTests, an isolated HOME,
// the real claude binary, and AGENT_PANEL_SIDECAR pointing at the built sidecar bundle.
//
//   npx tsx unity-panel/Tools~/integration-env.mts                  # dotnet test (net10.0) --filter Category=Integration
//   npx tsx unity-panel/Tools~/integration-env.mts -- <command…>    # any other command (the Mono run: mono nunit3-console.exe …)
import { spawn } from "node:child_process";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { say, slow, startFakeApi, useTool } from "../../fixtures/fake-api/index.js";
import { claudeBinary, makeSandbox } from "../../sidecar/test/e2e/harness.js";

const repo = resolve(fileURLToPath(import.meta.url), "..", "..", "..");
const sandbox = makeSandbox();
const api = await startFakeApi([
  { match: "integration: stream", answers: [say("The **jump** runs twice because input is read in `FixedUpdate`.", { chunkSize: 6 })] },
  { match: "integration: permission", answers: [useTool("Bash", { command: "rm -rf Library/AgentPanelIntegration", description: "remove a scratch folder" }), say("Removed.")] },
  { match: "integration: slow", answers: [slow("one two three four five six seven eight nine ten eleven twelve", { chunkSize: 4, chunkDelayMs: 150 })] },
]);

const env: Record<string, string> = {};
for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("CLAUDE") && !k.startsWith("ANTHROPIC")) env[k] = v;
Object.assign(env, sandbox.env(api.url), {
  AGENT_PANEL_SIDECAR: join(repo, "dist", "agent-panel.mjs"),
  AGENT_PANEL_CLAUDE: claudeBinary(),
  AGENT_PANEL_NODE: process.execPath,
  // dotnet itself keeps using the real home (its first-run state and the NuGet package folder).
  DOTNET_CLI_HOME: homedir(),
  NUGET_PACKAGES: process.env.NUGET_PACKAGES ?? join(homedir(), ".nuget", "packages"),
});

const at = process.argv.indexOf("--");
const command = at >= 0 ? process.argv.slice(at + 1) : ["dotnet", "test", join(repo, "unity-panel", "Dotnet~", "Tests"), "-f", "net10.0", "--no-build", "--filter", "Category=Integration", "-nologo"];
const child = spawn(command[0]!, command.slice(1), { stdio: "inherit", env, cwd: repo });
const code: number = await new Promise((done) => child.on("close", (c) => done(c ?? 1)));
await api.close();
sandbox.cleanup();
process.exit(code);
