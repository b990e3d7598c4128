import { describe, expect, it } from "vitest";
import { requireSessionId, resolveResumeId } from "../../src/chat/resume-id.js";

// What chat.open accepts as `resume`: a session id of the project or a unique prefix of one;
// never something claude would read as a flag.

const KNOWN = ["2c54866b-7cd0-4caf-b231-cd4dc52df7b3", "2d90cb6f-60e2-47cb-9646-ae14ec158ee6", "160f977c-39d7-417d-a200-c914f88773e5"];

describe("resolveResumeId", () => {
  it("accepts a full id of the project and a unique prefix of one, case-insensitively", () => {
    expect(resolveResumeId("2c54866b-7cd0-4caf-b231-cd4dc52df7b3", KNOWN)).toBe(KNOWN[0]);
    expect(resolveResumeId("2c54866b", KNOWN)).toBe(KNOWN[0]);
    expect(resolveResumeId(" 160F ", KNOWN)).toBe(KNOWN[2]);
  });

  it("lists the matches of an ambiguous prefix", () => {
    expect(() => resolveResumeId("2c54", [...KNOWN, "2c54aaaa-0000-4000-8000-000000000000"])).toThrow(
      /"2c54" starts 2 sessions \(2c54866b-7cd0-4caf-b231-cd4dc52df7b3, 2c54aaaa-0000-4000-8000-000000000000\); give more of the id/,
    );
  });

  it("answers an id the project does not have with its own message", () => {
    expect(() => resolveResumeId("99999999", KNOWN)).toThrow(expect.objectContaining({ code: "session_not_found", message: expect.stringMatching(/no session starting with "99999999"/) }));
    expect(() => resolveResumeId("00000000-0000-4000-8000-000000000000", KNOWN)).toThrow(expect.objectContaining({ code: "session_not_found" }));
  });

  it.each(["-h", "--dangerously-skip-permissions", "2c5", "../2c54866b", "2c54866b 2c54", "", "x".repeat(300)])("refuses %j as not a session id", (bad) => {
    expect(() => resolveResumeId(bad, KNOWN)).toThrow(expect.objectContaining({ code: "invalid_session_id" }));
  });

  it("without a history index accepts only a full id", () => {
    expect(requireSessionId("2c54866b-7cd0-4caf-b231-cd4dc52df7b3")).toBe("2c54866b-7cd0-4caf-b231-cd4dc52df7b3");
    expect(() => requireSessionId("2c54866b")).toThrow(expect.objectContaining({ code: "invalid_session_id" }));
    expect(() => requireSessionId("--help")).toThrow(expect.objectContaining({ code: "invalid_session_id" }));
  });
});
