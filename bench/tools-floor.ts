import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

// The floor a tool call's round trip stands beside: the same SDK client calling an echo tool of an
// SDK server in the same process (InMemoryTransport: no HTTP, no sidecar, no provider socket). What
// the real path costs above this is what the sidecar and the Editor link add.

/** Median ms of `calls` sequential echo calls in-process, after `warm` warm-up calls. */
export async function inProcessCallMs(calls: number, warm: number): Promise<number> {
  const server = new McpServer({ name: "floor", version: "1" });
  server.registerTool("echo", { inputSchema: { text: z.string() } }, ({ text }) => ({ content: [{ type: "text", text }] }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "bench-floor", version: "1" });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  try {
    const echo = async (text: string) => {
      const r = await client.callTool({ name: "echo", arguments: { text } });
      if ((r.content as { text?: string }[])[0]?.text !== text) throw new Error(`the in-process echo answered ${JSON.stringify(r.content)}`);
    };
    for (let i = 0; i < warm; i++) await echo(`w${i}`);
    const times: number[] = [];
    for (let i = 0; i < calls; i++) {
      const t0 = performance.now();
      await echo(`s${i}`);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return Math.round(times[Math.floor(times.length / 2)]! * 1000) / 1000;
  } finally {
    await client.close();
    await server.close();
  }
}
