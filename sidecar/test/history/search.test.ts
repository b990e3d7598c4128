import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listSessions } from "../../src/history/list.js";
import { normalizeForSearch, searchSessions, searchText, type TextHit, type TextSearchDone, type TextSearchOptions } from "../../src/history/search.js";
import type { SessionSummary } from "../../src/history/types.js";
import { CONFIG_DIR, PROJECT, tempDir, transcript } from "./helpers.js";

const sessions = async () => (await listSessions(PROJECT, { env: { CLAUDE_CONFIG_DIR: CONFIG_DIR }, stateDir: null })).sessions;

async function collect(list: Array<Pick<SessionSummary, "id" | "file">>, query: string, opts?: TextSearchOptions) {
  const hits: TextHit[] = [];
  let done: TextSearchDone | undefined;
  for await (const item of searchText(list, query, opts)) {
    if (item.type === "hit") hits.push(item);
    else done = item;
  }
  return { hits, done: done! };
}

/** A session with Japanese and full-width text. */
function japanese(): Pick<SessionSummary, "id" | "file"> {
  const file = join(tempDir(), "jp.jsonl");
  const user = { type: "user", message: { role: "user", content: [{ type: "text", text: "プレイヤーのジャンプを修正して" }] }, uuid: "u1", timestamp: "2026-01-01T00:00:00Z" };
  const reply = {
    type: "assistant",
    message: { id: "m1", role: "assistant", model: "x", content: [{ type: "text", text: "ＵｎｉｔｙのRigidbodyを確認しました。ジャンプの高さは2.5です。" }] },
    uuid: "a1",
  };
  writeFileSync(file, [user, reply].map((l) => JSON.stringify(l)).join("\n") + "\n");
  return { id: "jp", file };
}

describe("searchSessions (titles and prompts)", () => {
  it("matches case-insensitively in titles, first and last prompts", async () => {
    const list = await sessions();
    expect(searchSessions(list, "PINEAPPLE").map((s) => s.id)).toEqual([transcript("resume").sessionId]);
    expect(searchSessions(list, "without any directive").map((s) => s.id)).toEqual([transcript("text").sessionId]); // a last prompt
    expect(searchSessions(list, "  ")).toHaveLength(list.length);
  });

  it("finds Japanese text, and full-width letters with a half-width query", () => {
    const s = (title: string) => ({ id: title, title, lastActivity: "", file: "" }) as SessionSummary;
    const list = [s("プレイヤーのジャンプを修正"), s("ＵＮＩＴＹのビルド"), s("ｶﾒﾗの追従")];
    expect(searchSessions(list, "ジャンプ").map((x) => x.id)).toEqual(["プレイヤーのジャンプを修正"]);
    expect(searchSessions(list, "unity").map((x) => x.id)).toEqual(["ＵＮＩＴＹのビルド"]);
    expect(searchSessions(list, "カメラ").map((x) => x.id)).toEqual(["ｶﾒﾗの追従"]);
    expect(normalizeForSearch("ＡＢＣ")).toBe("abc");
  });
});

describe("searchText (full text, streamed)", () => {
  it("finds prompts, replies, tool calls and tool results with their place in the transcript", async () => {
    const { hits, done } = await collect(await sessions(), "hello-from-bash");
    expect(hits.map((h) => h.kind)).toEqual(["prompt", "tool_use", "tool_result"]);
    expect(hits.every((h) => h.sessionId === transcript("tool-allow").sessionId && h.uuid && h.offset > 0)).toBe(true);
    expect(hits[2]!.snippet).toBe("hello-from-bash");
    expect(done).toMatchObject({ type: "done", files: 21, hits: 3 });
    expect(done.stopped).toBeUndefined();
  });

  it("searches Japanese text case-insensitively and shows a snippet", async () => {
    const { hits } = await collect([japanese()], "rigidbody");
    expect(hits).toEqual([expect.objectContaining({ role: "assistant", kind: "text", snippet: expect.stringContaining("Rigidbody") })]);
    expect((await collect([japanese()], "ジャンプ")).hits.map((h) => h.role)).toEqual(["user", "assistant"]);
  });

  it("stops at the hit limit, the per-session limit, the byte budget and on abort", async () => {
    const list = await sessions();
    expect((await collect(list, "FAKE", { maxHits: 5 })).done).toMatchObject({ hits: 5, stopped: "max_hits" });
    const perSession = await collect(list, "FAKE", { maxHitsPerSession: 1 });
    expect(new Set(perSession.hits.map((h) => h.sessionId)).size).toBe(perSession.hits.length);
    expect((await collect(list, "FAKE", { maxBytes: 1 })).done).toMatchObject({ files: 1, stopped: "max_bytes" });
    const controller = new AbortController();
    controller.abort();
    expect((await collect(list, "FAKE", { signal: controller.signal })).done).toMatchObject({ files: 0, stopped: "aborted" });
  });

  it("skips sessions whose file vanished", async () => {
    const { done } = await collect([{ id: "gone", file: join(tempDir(), "gone.jsonl") }, japanese()], "ジャンプ");
    expect(done).toMatchObject({ files: 1, hits: 2 });
  });
});
