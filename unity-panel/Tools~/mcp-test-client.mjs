#!/usr/bin/env node
// The official MCP TypeScript SDK client, driven line by line, for the C# integration tests (McpClientIntegrationTests):
// they check that a C# tool provider connected to the real sidecar answers what a real MCP client asks over Streamable
// HTTP, on .NET and on Mono alike. Connects to <url> (the sidecar's /mcp) with the bearer token, prints {"ready":true},
// then reads one JSON request per stdin line and prints one JSON answer per line (answers may come out of order):
//   {"id":"1","op":"list"}                                  → {"id":"1","ok":true,"tools":[names…]}
//   {"id":"2","op":"call","name":"add_numbers","args":{}}   → {"id":"2","ok":true,"result":<CallToolResult>,"progress":N}
// A request that throws answers {"id",…,"ok":false,"error":message}. Exits when stdin closes, or after 120 s.
//
//   node unity-panel/Tools~/mcp-test-client.mjs http://127.0.0.1:PORT/mcp TOKEN
import { createInterface } from "node:readline";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const [url, token] = process.argv.slice(2);
if (!url || !token) {
  process.stderr.write("usage: mcp-test-client.mjs <mcp url> <token>\n");
  process.exit(2);
}
const say = (line) => process.stdout.write(`${JSON.stringify(line)}\n`);
const lifetime = setTimeout(() => process.exit(3), 120_000);

const client = new Client({ name: "agent-panel-csharp-integration", version: "1.0.0" });
const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
try {
  await client.connect(transport);
} catch (err) {
  say({ ready: false, error: String(err?.message ?? err) });
  process.exit(1);
}
say({ ready: true });

const pending = new Set();
const lines = createInterface({ input: process.stdin });
lines.on("line", (text) => {
  if (!text.trim()) return;
  let request;
  try {
    request = JSON.parse(text);
  } catch {
    say({ ok: false, error: `not JSON: ${text}` });
    return;
  }
  const work = answer(request)
    .then((fields) => say({ id: request.id, ok: true, ...fields }))
    .catch((err) => say({ id: request.id, ok: false, error: String(err?.message ?? err) }))
    .finally(() => pending.delete(work));
  pending.add(work);
});
lines.on("close", async () => {
  await Promise.allSettled([...pending]);
  clearTimeout(lifetime);
  await client.close().catch(() => {});
  process.exit(0);
});

// One request: list the tools, or call one (waiting calls report progress, which keeps the request alive).
async function answer(request) {
  if (request.op === "list") {
    const listed = await client.listTools();
    return { tools: listed.tools.map((t) => t.name) };
  }
  if (request.op === "call") {
    let progress = 0;
    const result = await client.callTool({ name: request.name, arguments: request.args ?? {} }, undefined, {
      timeout: 30_000,
      resetTimeoutOnProgress: true,
      onprogress: () => progress++,
    });
    return { result, progress };
  }
  throw new Error(`unknown op: ${request.op}`);
}
