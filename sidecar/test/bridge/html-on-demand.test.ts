import { describe, expect, it } from "vitest";
import { htmlRendererPending, preloadHtmlRenderer, renderBlocks } from "../../src/bridge/hubs/hub-render.js";

// The HTML renderer (jsdom) costs about a second of the event loop to load. It loads only once a
// client wants HTML: rendering a reply for clients that do not (Unity, the CLI) must not start the
// load, which would stall the sidecar in the middle of the next turn. This file starts with the
// renderer not loaded (each test file has its own modules).

describe("HTML rendering on demand", () => {
  it("renders Unity blocks without loading the HTML renderer until a client asks for HTML", async () => {
    const before = renderBlocks("Hello **there**.");
    expect(before.unity?.length).toBeGreaterThan(0);
    expect(before.html).toBeUndefined();
    expect(htmlRendererPending()).toBeUndefined(); // no load under way
    await preloadHtmlRenderer(); // what a hello with render ["html"] or a browser connection does
    expect(renderBlocks("Hello **there**.").html).toContain("<strong>there</strong>");
  });
});
