import { describe, expect, it, vi } from "vitest";

// The HTML renderer (jsdom) costs about a second of the event loop to load. It loads only once a
// client wants HTML: rendering a reply for clients that do not (Unity, the CLI) must not start the
// load, which would stall the sidecar in the middle of the next turn. The test imports the renderer
// module afresh (test files share a worker's modules), so it starts with the renderer not loaded.

describe("HTML rendering on demand", () => {
  it("renders Unity blocks without loading the HTML renderer until a client asks for HTML", async () => {
    vi.resetModules();
    const { htmlRendererPending, preloadHtmlRenderer, renderBlocks } = await import("../../src/bridge/hubs/hub-render.js");
    const before = renderBlocks("Hello **there**.");
    expect(before.unity?.length).toBeGreaterThan(0);
    expect(before.html).toBeUndefined();
    expect(htmlRendererPending()).toBeUndefined(); // no load under way
    await preloadHtmlRenderer(); // what a hello with render ["html"] or a browser connection does
    expect(renderBlocks("Hello **there**.").html).toContain("<strong>there</strong>");
  });
});
