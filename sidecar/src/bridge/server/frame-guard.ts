import type { Duplex } from "node:stream";
import type { WebSocket } from "ws";
import { formatMB, MAX_FRAME_BYTES } from "../../protocol/panel/limits.js";

// The hard bound on what one client frame may cost the sidecar. The WebSocket library would close
// an oversize frame with 1009 and no word of why; instead the library reads without a limit and
// this guard counts the bytes of the frame being received. Frames up to the read limit are read
// whole, so the router can refuse them by size and keep the connection. Past the read limit the
// sidecar stops reading: it says why in an error frame, then closes with 1009 and a reason.

/** The close code for a frame the sidecar would not read (WebSocket "message too big"). */
export const CLOSE_TOO_BIG = 1009;

/** Watch `socket` under `ws`; returns nothing, acts only when a frame passes `readLimit` bytes. */
export function guardFrameSize(ws: WebSocket, socket: Duplex, readLimit: number, log: (line: string) => void): void {
  let bytes = 0;
  let tripped = false;
  ws.on("message", () => void (bytes = 0));
  const onData = (chunk: Buffer): void => {
    bytes += chunk.length;
    if (bytes <= readLimit || tripped) return;
    tripped = true;
    socket.off("data", onData);
    // Stop taking in the rest of the frame; what we send still goes out.
    socket.pause();
    log(`a client sent a frame over ${formatMB(readLimit)}; closing it`);
    const message = `The panel sent a frame over ${formatMB(readLimit)}, which the sidecar does not read, so it closed the connection. Frames may be up to ${formatMB(MAX_FRAME_BYTES)}; send less at once (see the attachment limits) and reconnect.`;
    try {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ kind: "error", code: "frame_too_large", message }));
      ws.close(CLOSE_TOO_BIG, `frame over ${formatMB(readLimit)}: send smaller frames`);
    } catch {
      // The socket is already going away.
    }
    setTimeout(() => ws.terminate(), 2000).unref();
  };
  socket.on("data", onData);
}
