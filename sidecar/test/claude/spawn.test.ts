import { describe, expect, it } from "vitest";
import { baseArgs, buildArgs, buildEnv } from "../../src/claude/spawn.js";

describe("buildArgs", () => {
  it("always runs resident bidirectional stream-json with stdio permission prompts", () => {
    const args = buildArgs({ claudePath: "claude", cwd: "/p" });
    expect(args).toEqual([...baseArgs]);
    for (const flag of ["-p", "--verbose", "--include-partial-messages", "--replay-user-messages"]) expect(args).toContain(flag);
    expect(args.join(" ")).toContain("--input-format stream-json --output-format stream-json");
    expect(args.join(" ")).toContain("--permission-prompt-tool stdio");
  });

  it("adds resume, fork, model, permission mode, tool lists and MCP config when asked", () => {
    const args = buildArgs({
      claudePath: "claude",
      cwd: "/p",
      resume: "abc",
      forkSession: true,
      model: "sonnet",
      permissionMode: "acceptEdits",
      allowBypassPermissions: true,
      allowedTools: ["Read", "Bash(git status)"],
      disallowedTools: ["WebFetch"],
      mcpConfig: '{"mcpServers":{}}',
    });
    const after = (flag: string) => args[args.indexOf(flag) + 1];
    expect(after("--resume")).toBe("abc");
    expect(args).toContain("--fork-session");
    expect(after("--model")).toBe("sonnet");
    expect(after("--permission-mode")).toBe("acceptEdits");
    expect(args).toContain("--allow-dangerously-skip-permissions");
    expect(after("--allowedTools")).toBe("Read,Bash(git status)");
    expect(after("--disallowedTools")).toBe("WebFetch");
    expect(after("--mcp-config")).toBe('{"mcpServers":{}}');
  });

  it("never forks without a resume id", () => {
    expect(buildArgs({ claudePath: "c", cwd: "/p", forkSession: true })).not.toContain("--fork-session");
  });
});

describe("buildEnv", () => {
  const base = { PATH: "/bin", CLAUDECODE: "1", CLAUDE_CODE_ENTRYPOINT: "cli", CLAUDE_CODE_SESSION_ID: "s", NODE_OPTIONS: "--inspect", ANTHROPIC_API_KEY: "sk-x", HOME: "/h" };

  it("removes variables that would make claude think it runs inside another agent or a debugger", () => {
    const env = buildEnv({ env: base });
    expect(env).toEqual({ PATH: "/bin", ANTHROPIC_API_KEY: "sk-x", HOME: "/h" });
  });

  it("keeps the API key unless subscription-only is on", () => {
    expect(buildEnv({ env: base, subscriptionOnly: true }).ANTHROPIC_API_KEY).toBeUndefined();
  });
});
