import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startToolRig, type ToolRig, type WsClient } from "./tool-provider-rig.js";

// compose_mml asks the connected Unity Editor to import the WAV it wrote: a fake provider on the
// WebSocket (as the Editor's tool host) receives asset_import with the project-relative path, and
// the result says whether the import happened, is pending (no Editor) or failed.

const TIMEOUT = 30_000;
const MML = "A t150 l8 o5 q2 c e g > c4";

let rig: ToolRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

async function editor(r: ToolRig): Promise<WsClient> {
  const p = await r.client();
  expect((await p.cmd({ cmd: "hello", protocol: 1, client: "unity", render: [], provides: ["tools"], providerId: "editor-test" })).kind).toBe("welcome");
  expect((await p.cmd({ cmd: "tools.publish", catalog: [] })).kind).toBe("ack");
  return p;
}

const compose = (r: ToolRig, extra: Record<string, unknown> = {}) => r.rest("compose_mml", { action: "compose", mode: "ppmck", mml: MML, ...extra });

describe("compose_mml imports its WAV through the connected Editor", () => {
  it("sends asset_import with the project-relative path after the file is written, and reports imported", { timeout: TIMEOUT }, async () => {
    rig = await startToolRig([]);
    const unity = await editor(rig);
    const pending = compose(rig);
    const call = await unity.waitFor((f) => f.kind === "tool.invoke" && f.tool === "asset_import");
    expect(call.arguments.path).toMatch(/^Assets\/Audio\/Generated\/mml-[0-9a-f]{12}\.wav$/);
    expect(existsSync(join(rig.sandbox.project, call.arguments.path))).toBe(true);
    await unity.cmd({ cmd: "tool.result", callId: call.callId, ok: true, content: [{ type: "text", text: `Imported ${call.arguments.path}` }] });
    const { body } = await pending;
    expect(body.ok).toBe(true);
    expect(body.structured.wav_path).toBe(call.arguments.path);
    expect(body.structured.unity_import).toMatchObject({ status: "imported" });
    expect(body.structured.validation.warnings).toEqual([]);
  });

  it("a custom output_path under Assets/ is imported at that path; one outside Assets/ is not asked for", { timeout: TIMEOUT }, async () => {
    rig = await startToolRig([]);
    const unity = await editor(rig);
    const inside = compose(rig, { output_path: "Assets/Sounds/jingle.wav" });
    const call = await unity.waitFor((f) => f.kind === "tool.invoke" && f.tool === "asset_import");
    expect(call.arguments).toEqual({ path: "Assets/Sounds/jingle.wav" });
    await unity.cmd({ cmd: "tool.result", callId: call.callId, ok: true, content: [{ type: "text", text: "Imported" }] });
    expect((await inside).body.structured.unity_import.status).toBe("imported");
    const outside = (await compose(rig, { output_path: "Temp/jingle.wav" })).body;
    expect(outside.structured.unity_import.status).toBe("skipped");
    expect(unity.frames.filter((f) => f.kind === "tool.invoke")).toHaveLength(1);
  });

  it("without a connected Editor nothing is asked and the result says the import is pending", { timeout: TIMEOUT }, async () => {
    rig = await startToolRig([]);
    const { body } = await compose(rig);
    expect(body.ok).toBe(true);
    expect(body.structured.unity_import.status).toBe("pending");
    expect(body.structured.unity_import.message).toContain("next asset refresh");
    expect(existsSync(join(rig.sandbox.project, body.structured.wav_path))).toBe(true);
  });

  it("an Editor that refuses or does not answer in time leaves the WAV, a failed status and an IMPORT_FAILED warning", { timeout: TIMEOUT }, async () => {
    rig = await startToolRig([], { importWaitMs: 500 });
    const unity = await editor(rig);
    const refused = compose(rig);
    const call = await unity.waitFor((f) => f.kind === "tool.invoke" && f.tool === "asset_import");
    await unity.cmd({ cmd: "tool.result", callId: call.callId, ok: false, content: [{ type: "text", text: "disk full" }], error: { code: "tool_failed", message: "disk full" } });
    const first = (await refused).body;
    expect([first.ok, first.structured.unity_import.status]).toEqual([true, "failed"]);
    expect(first.structured.validation.warnings.map((w: { code: string }) => w.code)).toEqual(["IMPORT_FAILED"]);
    expect(first.structured.unity_import.message).toContain("disk full");

    const silent = (await compose(rig, { output_path: "Assets/late.wav" })).body;
    expect(silent.structured.unity_import.status).toBe("failed");
    expect(silent.structured.unity_import.message).toContain("did not answer within");
    expect(existsSync(join(rig.sandbox.project, "Assets/late.wav"))).toBe(true);
  });
});
