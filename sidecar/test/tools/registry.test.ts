import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ToolRegistry } from "../../src/tools/registry.js";
import { toolEntry, type CatalogListener, type ToolEntry, type ToolProvider } from "../../src/tools/types.js";

function provider(id: string, names: string[], kind: ToolProvider["kind"] = "unity") {
  let entries: ToolEntry[] = names.map((name) => toolEntry({ name, description: `${name} from ${id}`, inputSchema: { type: "object" }, provider: kind }));
  const listeners = new Set<CatalogListener>();
  const p: ToolProvider & { publish(names: string[]): void } = {
    id,
    kind,
    list: () => entries,
    subscribe: (l) => (listeners.add(l), () => listeners.delete(l)),
    invoke: async () => ({ ok: true, content: [] }),
    publish(next) {
      entries = next.map((name) => toolEntry({ name, description: `${name} from ${id}`, inputSchema: { type: "object" }, provider: kind }));
      for (const l of listeners) l();
    },
  };
  return p;
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tempFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "ap-reg-"));
  dirs.push(dir);
  return path.join(dir, "AgentPanel", "abc.tools.json");
}

describe("ToolRegistry", () => {
  it("merges providers; a duplicate name is served by the first provider and reported", () => {
    const reg = new ToolRegistry();
    reg.add(provider("native", ["job_status", "scene_list"], "native"));
    reg.add(provider("unity", ["scene_list", "asset_find"]));
    expect(reg.list().map((e) => e.name)).toEqual(["job_status", "scene_list", "asset_find"]);
    expect(reg.get("scene_list")?.provider.id).toBe("native");
    expect(reg.diagnostics().duplicates).toEqual([{ name: "scene_list", winner: "native", shadowed: ["unity"] }]);
  });

  it("notifies listeners only when the catalog really changes", () => {
    const reg = new ToolRegistry();
    const unity = provider("unity", ["a"]);
    reg.add(unity);
    let n = 0;
    reg.subscribe(() => n++);
    unity.publish(["a"]);
    expect(n).toBe(0);
    unity.publish(["a", "b"]);
    expect(n).toBe(1);
    expect(reg.list().map((e) => e.name)).toEqual(["a", "b"]);
  });

  it("caches the catalog on disk (0600 file, 0700 dir) and serves it until the provider publishes", () => {
    const file = tempFile();
    const first = new ToolRegistry({ cacheFile: file });
    first.add(provider("unity", ["scene_list", "asset_find"]));
    if (process.platform !== "win32") {
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    }
    // A restarted sidecar: Unity has not connected yet (its provider lists nothing).
    const second = new ToolRegistry({ cacheFile: file });
    const unity = provider("unity", []);
    second.add(unity);
    expect(second.list().map((e) => e.name)).toEqual(["scene_list", "asset_find"]);
    expect(second.get("scene_list")?.cached).toBe(true);
    unity.publish(["asset_find"]);
    expect(second.list().map((e) => e.name)).toEqual(["asset_find"]);
    expect(JSON.parse(readFileSync(file, "utf8")).providers.unity).toHaveLength(1);
  });

  it("ignores a damaged cache file instead of failing", () => {
    const file = tempFile();
    new ToolRegistry({ cacheFile: file }).add(provider("unity", ["a"]));
    writeFileSync(file, "{not json");
    const logs: string[] = [];
    const reg = new ToolRegistry({ cacheFile: file, log: (l) => logs.push(l) });
    reg.add(provider("unity", []));
    expect(reg.list()).toEqual([]);
    expect(logs.join("\n")).toMatch(/ignoring the tool catalog cache/);
  });

  it("removing a provider drops its tools and notifies", () => {
    const reg = new ToolRegistry();
    const remove = reg.add(provider("unity", ["a"]));
    let n = 0;
    reg.subscribe(() => n++);
    remove();
    expect(reg.list()).toEqual([]);
    expect(n).toBe(1);
  });
});
