import { describe, expect, it } from "vitest";
import { claudeConfigDir, encodeProjectDir, javaHash, projectTranscriptDir } from "../../src/history/paths.js";

describe("encodeProjectDir", () => {
  it("matches the directory names the CLI wrote in the reference transcripts", () => {
    expect(encodeProjectDir("/home/dev/projects/MyGame")).toBe("-home-dev-projects-MyGame");
    expect(encodeProjectDir("/home/dev/projects/enc/Dir With Space.v1_x/ünï")).toBe("-home-dev-projects-enc-Dir-With-Space-v1-x--n-");
  });

  it("encodes Windows paths and counts an emoji as two code units", () => {
    expect(encodeProjectDir("C:\\Users\\dev\\My Game")).toBe("C--Users-dev-My-Game");
    expect(encodeProjectDir("/p/🎮")).toBe("-p---");
  });

  it("cuts names over 200 characters and appends a base-36 hash of the full path", () => {
    const long = "/home/dev/" + "a".repeat(250);
    const name = encodeProjectDir(long);
    expect(name.startsWith("-home-dev-" + "a".repeat(190))).toBe(true);
    expect(name.slice(0, 200)).toHaveLength(200);
    expect(name.slice(200)).toBe(`-${Math.abs(javaHash(long)).toString(36)}`);
    // Two long paths that share the first 200 characters still get different directories.
    expect(encodeProjectDir(long + "x")).not.toBe(name);
    expect(encodeProjectDir("/" + "b".repeat(199))).toHaveLength(200);
  });

  it("hashes like Java's String.hashCode", () => {
    expect(javaHash("")).toBe(0);
    expect(javaHash("hello")).toBe(99162322);
    expect(javaHash("The quick brown fox jumps over the lazy dog")).toBe(-609428141);
  });
});

describe("transcript directory", () => {
  it("honours CLAUDE_CONFIG_DIR", () => {
    expect(claudeConfigDir({}, "/home/u")).toBe("/home/u/.claude");
    expect(claudeConfigDir({ CLAUDE_CONFIG_DIR: "/cfg" }, "/home/u")).toBe("/cfg");
    expect(projectTranscriptDir("/p/Game", { CLAUDE_CONFIG_DIR: "/cfg" }, "/h")).toBe("/cfg/projects/-p-Game");
  });
});
