import { afterEach, describe, expect, it } from "vitest";
import { errorResult, textResult, toolEntry, type ToolProvider } from "../../src/tools/types.js";
import { startToolServer, type ToolServer } from "./helpers.js";

// REST statuses of failed calls: what the caller must fix in what it sent is 400 (arguments the
// schema refuses, a definition script that does not compile, as seed 000 says); a tool that ran and
// failed is 200 with ok:false.

let t: ToolServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const scripts: ToolProvider = {
  id: "scripts",
  kind: "definition",
  list: () => [toolEntry({ name: "light_bump", description: "A script definition.", inputSchema: { type: "object", properties: { broken: { type: "boolean" } } }, provider: "definition" })],
  subscribe: () => () => {},
  invoke: async (_name, args) =>
    args.broken === true
      ? {
          ...errorResult("script_compile_error", "light_bump.cs(3,5): error CS1002: ; expected. Fix the script and call again."),
          structured: { errors: [{ file: "light_bump.cs", line: 3, column: 5, message: "; expected" }] },
        }
      : textResult("bumped"),
};

async function post(path: string, body: unknown) {
  const res = await fetch(new URL(path, t!.url), { method: "POST", headers: { Authorization: `Bearer ${t!.token}`, "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe("REST statuses of failed calls", () => {
  it("a definition script's compile error is 400 with the errors; a tool failure stays 200", async () => {
    t = await startToolServer();
    t.host.addProvider(scripts);
    const broken = await post("/tools/light_bump", { broken: true });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ ok: false, error: { code: "script_compile_error" }, structured: { errors: [{ line: 3 }] } });
    expect((await post("/tools/light_bump", {})).status).toBe(200);
    expect(await post("/tools/test_fail", {})).toMatchObject({ status: 200, body: { ok: false, error: { code: "test_failure" } } });
  });
});
