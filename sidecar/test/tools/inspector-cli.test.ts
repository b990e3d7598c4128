import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { startToolServer, type ToolServer } from "./helpers.js";

// The MCP Inspector's command-line client lists and calls a tool on /mcp. It lives in the tools
// folder scripts/mcp-tools.sh installs (scripts/test.sh runs it first); without it the test is
// skipped with a message saying how to get it. It runs in its build folder: it finds its own
// package.json relative to the working directory.

const tools = join(import.meta.dirname, "../../../.tmp/tools/mcp");
const node22 = join(tools, "node_modules/.bin/node");
const cli = join(tools, "node_modules/@modelcontextprotocol/inspector-cli/build/index.js");
const present = existsSync(node22) && existsSync(cli);
if (!present) console.warn("inspector-cli test skipped: run `bash scripts/mcp-tools.sh` to install @modelcontextprotocol/inspector-cli into .tmp/tools/mcp");

let t: ToolServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function inspector(...args: string[]): Promise<unknown> {
  const { stdout } = await promisify(execFile)(node22, [cli, new URL("mcp", t!.url).href, "--transport", "http", "--header", `Authorization: Bearer ${t!.token}`, ...args], {
    timeout: 60_000,
    cwd: dirname(cli),
  });
  return JSON.parse(stdout);
}

describe.skipIf(!present)("MCP Inspector CLI", () => {
  it("lists the tools and calls one", { timeout: 120_000 }, async () => {
    t = await startToolServer();
    const list = (await inspector("--method", "tools/list")) as { tools: { name: string }[] };
    expect(list.tools.map((x) => x.name)).toEqual(expect.arrayContaining(["job_status", "test_echo"]));
    const call = await inspector("--method", "tools/call", "--tool-name", "test_echo", "--tool-arg", "text=from the inspector");
    expect(call).toMatchObject({ content: [{ type: "text", text: "from the inspector" }] });
    expect(t.test.calls.map((c) => c.tool)).toEqual(["test_echo"]);
  });
});
