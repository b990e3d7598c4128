import { describe, expect, it } from "vitest";
import type { PanelEventOf } from "../../src/protocol/panel/events.js";
import { chatName, clip, contextUse, describeSuggestion, formatBytes, formatCost, formatDuration, formatTokens, sessionDetails, shortSummary, stateLabel } from "../../src/web/app/format.js";
import { parseHashToken, takeToken } from "../../src/web/app/token.js";

// Text the panel shows, and where it gets its token from.

describe("format", () => {
  it("formats durations, tokens and costs compactly", () => {
    expect([formatDuration(850), formatDuration(3210), formatDuration(42_000), formatDuration(125_000)]).toEqual(["850 ms", "3.2 s", "42 s", "2 min 5 s"]);
    expect([formatTokens(950), formatTokens(5300), formatTokens(200_000), formatTokens(1_200_000)]).toEqual(["950", "5.3k", "200k", "1.2M"]);
    expect([formatCost(0.022624), formatCost(3.5)]).toEqual(["$0.0226", "$3.50"]);
    expect(stateLabel("waiting_permission")).toBe("Waiting for your approval");
    expect(clip("abcdef", 3)).toBe("abc\n… (3 more characters)");
  });

  it("computes context use from the last turn result, capped at 100%", () => {
    const r: PanelEventOf<"turn_result"> = {
      type: "turn_result",
      turnId: "t",
      ok: true,
      subtype: "success",
      errors: [],
      denials: [],
      usage: { input: 10, output: 90, cacheRead: 900, cacheCreation: 0 },
      contextWindow: 2000,
    };
    expect(contextUse(r)).toEqual({ used: 1000, window: 2000, percent: 50 });
    expect(contextUse({ ...r, contextWindow: 500 })?.percent).toBe(100);
    expect(contextUse({ ...r, contextWindow: undefined })).toBeUndefined();
  });

  it("describes 'always allow' suggestions in words", () => {
    expect(describeSuggestion({ type: "addRules", rules: [{ toolName: "Bash", ruleContent: "npm test" }], behavior: "allow", destination: "localSettings" })).toBe(
      "Always allow Bash(npm test) in this project (local settings)",
    );
    expect(describeSuggestion({ type: "setMode", mode: "acceptEdits", destination: "session" })).toBe("Switch to “Accept edits” mode for this session");
    expect(describeSuggestion({ type: "addDirectories", directories: ["/p"], destination: "session" })).toBe("Allow access to /p for this session");
  });
});

describe("token", () => {
  it("takes the token from the fragment, scrubs the URL and remembers it for reloads", () => {
    const store = new Map<string, string>();
    const replaced: string[] = [];
    const host = (hash: string) => ({
      location: { hash, pathname: "/", search: "?x=1" },
      history: { replaceState: (_d: unknown, _u: string, url?: string) => void replaced.push(url ?? "") },
      sessionStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
    });
    expect(takeToken(host("#token=abc123"))).toBe("abc123");
    expect(replaced).toEqual(["/?x=1"]);
    expect(takeToken(host(""))).toBe("abc123");
    expect(replaced).toHaveLength(1);
    expect(parseHashToken("#foo=1")).toBeUndefined();
    expect(takeToken({ ...host(""), sessionStorage: undefined })).toBeUndefined();
  });
});

describe("shortSummary", () => {
  it("drops the tool name the card already shows", () => {
    expect(shortSummary("Bash", "Bash: ls -la")).toBe("ls -la");
    expect(shortSummary("Bash", "Bash")).toBe("");
    expect(shortSummary("Read", "Other: x")).toBe("Other: x");
  });

  it("describes a history entry by branch, model, message count and size, like the Unity window", () => {
    expect(sessionDetails({ gitBranch: "main", model: "claude-sonnet", messageCount: 42, messageCountExact: false, size: 1288490 })).toBe("main · claude-sonnet · ~42 messages · 1.2 MB");
    expect(sessionDetails({ gitBranch: " ", messageCount: 1, messageCountExact: true, size: 820 })).toBe("1 message · 820 B");
    expect([formatBytes(14 * 1024 + 300), formatBytes(3 * 1024 ** 3 + 400 * 1024 ** 2), formatBytes(-5), formatBytes(2 * 1024 ** 2)]).toEqual(["14 KB", "3.4 GB", "0 B", "2 MB"]);
  });
});

describe("chatName", () => {
  it("names a chat the same way wherever it is shown: its title, else its session, else untitled", () => {
    expect(chatName({ title: "Fork of Player jump", sessionId: "2c54866b-7cd0-4caf-b231-cd4dc52df7b3" })).toBe("Fork of Player jump");
    expect(chatName({ sessionId: "2c54866b-7cd0-4caf-b231-cd4dc52df7b3" })).toBe("Session 2c54866b");
    expect(chatName({})).toBe("Untitled chat");
  });
});
