import { describe, expect, it } from "vitest";
import { exactAssetRef, splitAssetRefs } from "../../src/render/asset-refs.js";

const refs = (text: string): string[] => splitAssetRefs(text).flatMap((p) => (p.kind === "asset" ? [p.ref] : []));

describe("splitAssetRefs", () => {
  it("finds Assets/ and Packages/ paths and keeps the text around them", () => {
    expect(splitAssetRefs("Open Assets/Scripts/Player.cs now")).toEqual([
      { kind: "text", text: "Open " },
      { kind: "asset", text: "Assets/Scripts/Player.cs", ref: "Assets/Scripts/Player.cs" },
      { kind: "text", text: " now" },
    ]);
    expect(refs("Packages/com.foo/bar.asset")).toEqual(["Packages/com.foo/bar.asset"]);
  });

  it("leaves sentence punctuation and brackets outside the path", () => {
    expect(refs("See Assets/A.cs. Also (Assets/B.cs), [Assets/C.cs]; Assets/D.cs!")).toEqual(["Assets/A.cs", "Assets/B.cs", "Assets/C.cs", "Assets/D.cs"]);
  });

  it("keeps a :line suffix in the ref and the link text", () => {
    expect(splitAssetRefs("at Assets/A.cs:42.")).toEqual([
      { kind: "text", text: "at " },
      { kind: "asset", text: "Assets/A.cs:42", ref: "Assets/A.cs:42" },
      { kind: "text", text: "." },
    ]);
    expect(refs("Assets/A.cs: fixed")).toEqual(["Assets/A.cs"]);
  });

  it("ignores paths glued to a longer word or path, bare roots and dot segments", () => {
    expect(refs("MyAssets/x.cs /home/me/proj/Assets/x.cs C:\\p\\Assets/x.cs")).toEqual([]);
    expect(refs("Assets/ and Assets/. and Assets/../../etc/passwd")).toEqual([]);
  });

  it("handles non-ASCII folder names", () => {
    expect(refs("Assets/Szenen/Überblick.unity")).toEqual(["Assets/Szenen/Überblick.unity"]);
  });

  it("returns the text unchanged when there is no path", () => {
    expect(splitAssetRefs("nothing here")).toEqual([{ kind: "text", text: "nothing here" }]);
  });

  it("stays linear on adversarial input (rejected paths are not rescanned)", () => {
    const big = "Assets/../".repeat(100_000) + " Assets/" + "Assets/x".repeat(50_000);
    const started = performance.now();
    splitAssetRefs(big);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe("exactAssetRef — a code span or link destination that is one path", () => {
  it("accepts a string that is exactly one path, trimmed", () => {
    expect(exactAssetRef(" Assets/A.cs ")).toBe("Assets/A.cs");
  });

  it("lets the path contain spaces and a line number", () => {
    expect(exactAssetRef("Assets/My Folder/Icon.png")).toBe("Assets/My Folder/Icon.png");
    expect(exactAssetRef("Assets/My Scripts/A.cs:7")).toBe("Assets/My Scripts/A.cs:7");
  });

  it("rejects commands, lists of paths and hostile paths", () => {
    for (const code of ["cat Assets/A.cs", "Assets/A.cs Assets/B.cs", 'Assets/"x".cs', "Assets/../x", "Assets/a<b>", "Assets/a:b:c"]) {
      expect(exactAssetRef(code), code).toBeNull();
    }
  });
});
