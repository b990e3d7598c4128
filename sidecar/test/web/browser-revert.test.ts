import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { say, useTool } from "../../../fixtures/fake-api/index.js";
import { HAVE_CHROMIUM, sendPrompt, until, useChromium } from "./browser-harness.js";
import { openRealPanel, startRealPanelServer, type RealPanelServer } from "./browser-real-harness.js";

// The turn's files card in the browser, on the real claude binary: a Write approved on its card
// shows up as "created" with its diff, and "Revert files" after the user edited the file asks
// first (files_changed_since → confirm), then reverts with force: the file is gone.

let server: RealPanelServer | undefined;
const chrome = useChromium(async () => {
  await server?.close();
  server = undefined;
});

describe.skipIf(!HAVE_CHROMIUM)("browser panel: a turn's files and Revert files", () => {
  it("lists the written file with its diff; Revert files confirms over a later edit, then removes the file", { timeout: 60_000 }, async () => {
    const target = (project: string) => join(project, "Assets", "Scripts", "Reverted.cs");
    server = await startRealPanelServer((sb) => [
      { match: "Create the script", answers: [useTool("Write", { file_path: target(sb.project), content: "public class Reverted {}\n" }), say("Created it.")] },
    ]);
    const file = target(server.sandbox.project);
    const { page, problems } = await openRealPanel(chrome.browser, server);
    await sendPrompt(page, "Create the script");
    const card = page.getByRole("region", { name: "Permission request: Write" });
    await card.waitFor({ timeout: 20_000 });
    await card.getByRole("button", { name: "Allow", exact: true }).click();
    const files = page.getByRole("group", { name: "Files this turn changed" });
    await files.waitFor({ timeout: 20_000 });
    expect(await files.innerText()).toContain("created Assets/Scripts/Reverted.cs");
    await files.locator("summary").click();
    await files.locator(".diff-line.added").filter({ hasText: "public class Reverted {}" }).waitFor();

    writeFileSync(file, "// the user's own edit\n");
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.accept();
    });
    await files.getByRole("button", { name: "Revert files" }).click();
    await files.locator(".files-reverted").filter({ hasText: "Reverted 1 file" }).waitFor({ timeout: 10_000 });
    expect(dialogs).toHaveLength(1);
    expect(dialogs[0]).toContain("changed after this turn");
    expect(existsSync(file)).toBe(false);
    await until(() => server!.commands.filter((c) => c.cmd === "chat.revertFiles").length === 2, 5000, "two revert commands");
    expect(server.commands.filter((c) => c.cmd === "chat.revertFiles").map((c) => c.force === true)).toEqual([false, true]);
    expect(problems).toEqual([]);
  });
});
