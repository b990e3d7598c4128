import { describe, expect, it } from "vitest";
import { renderHtml } from "../../src/render/html.js";
import { HAVE_CHROMIUM, openPanel, sendPrompt, startPanelServer, useChromium, type PanelServer } from "./browser-harness.js";
import { streamedTurn, withTurns } from "./scenarios.js";

// Rendered replies in the browser: a code block has a Copy button that puts its code on the
// clipboard, and an `Assets/…` link asks the sidecar to open it in the Unity Editor; with no
// Editor connected the path is copied instead and a toast says why.

let server: PanelServer | undefined;
const chrome = useChromium(async () => {
  await server?.close();
  server = undefined;
});

const REPLY = ["Change `Assets/Scripts/Player.cs:12` like this:\n\n", "```csharp\nvoid Jump() {\n  body.AddForce(Vector3.up);\n}\n```\n"];

describe.skipIf(!HAVE_CHROMIUM)("browser panel: code blocks and asset links", () => {
  it("copies a code block with its Copy button, and copies an asset's path when no Editor is connected", async () => {
    server = await startPanelServer(withTurns([streamedTurn("msg_code", [{ kind: "text", chunks: REPLY }])]), { render: (md) => ({ html: renderHtml(md) }) });
    const { page, problems } = await openPanel(chrome.browser, server);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    await sendPrompt(page, "How do I jump?");
    const copy = page.getByRole("button", { name: "Copy code" });
    await copy.waitFor();
    await copy.click();
    await page.getByRole("button", { name: "Copy code" }).filter({ hasText: "Copied" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("void Jump() {\n  body.AddForce(Vector3.up);\n}\n");

    const link = page.getByRole("link", { name: "Assets/Scripts/Player.cs:12" });
    await link.click();
    await page.getByRole("alert").filter({ hasText: "Copied Assets/Scripts/Player.cs" }).waitFor();
    expect(await page.getByRole("alert").last().innerText()).toContain("Unity Editor is not connected");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("Assets/Scripts/Player.cs");
    const asked = server.commands.filter((c) => c.cmd === "asset.open");
    expect(asked.map((c) => c.ref)).toEqual(["Assets/Scripts/Player.cs:12"]);
    expect(problems).toEqual([]);
  });
});
