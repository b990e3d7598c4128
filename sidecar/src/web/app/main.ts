import type { SocketLike } from "./connection.js";
import { PanelController } from "./controller.js";
import { mountApp } from "./app.js";
import { SidecarMedia } from "./media.js";
import { takeToken } from "./token.js";

// Entry of the browser panel (bundled to /app.js): read the token, connect to /ws on the page's
// own origin, and mount the UI into <div id="app">.

const root = document.getElementById("app");
if (root) {
  const token = takeToken(window);
  if (token === undefined) {
    root.textContent = "";
    const p = document.createElement("p");
    p.className = "no-token";
    p.textContent = "This page needs the sidecar's access token in its address (#token=…). Open it from the Agent Panel in Unity, which adds the token for you.";
    root.appendChild(p);
  } else {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const controller = new PanelController({ url: `${scheme}//${location.host}/ws`, token, createSocket: (url, protocols) => new WebSocket(url, protocols) as unknown as SocketLike });
    mountApp(root, controller, new SidecarMedia(token, Number(location.port) || (location.protocol === "https:" ? 443 : 80)));
    controller.start();
  }
}
