// Preloaded (`node --import`) into each process of the tools round trip by bench/tools-trace.ts:
// records, on a clock every process on the machine shares (CLOCK_MONOTONIC through hrtime), each
// socket write and read with the call marker it carries ("text":"s<n>"), each HTTP request start,
// and each GC pause; written as JSON to $AP_TRACE_OUT when the process exits. Diagnostic only.
import dc from "node:diagnostics_channel";
import { writeFileSync } from "node:fs";
import net from "node:net";
import { PerformanceObserver, performance } from "node:perf_hooks";

const events = [];
const now = () => Number(process.hrtime.bigint() / 1000n);
const perfOffset = now() - performance.now() * 1000;
const marker = /"text":"(s\d+)"/;
const ids = new WeakMap();
let nextId = 0;
const idOf = (socket) => ids.get(socket) ?? (ids.set(socket, ++nextId), nextId);
const textOf = (data) => {
  if (typeof data === "string") return data;
  if (data instanceof Uint8Array) return Buffer.from(data.buffer, data.byteOffset, Math.min(data.length, 4096)).toString("latin1");
  if (Array.isArray(data)) return data.map((d) => textOf(d.chunk ?? d)).join("");
  return "";
};

const write = net.Socket.prototype._writeGeneric;
net.Socket.prototype._writeGeneric = function (writev, data, encoding, cb) {
  events.push([now(), "w", idOf(this), marker.exec(textOf(data))?.[1] ?? ""]);
  return write.call(this, writev, data, encoding, cb);
};
const emit = net.Socket.prototype.emit;
net.Socket.prototype.emit = function (name, data) {
  if (name === "data") events.push([now(), "r", idOf(this), marker.exec(textOf(data))?.[1] ?? ""]);
  return emit.apply(this, arguments);
};
dc.subscribe("http.server.request.start", ({ request }) => events.push([now(), "req", idOf(request.socket), request.method]));
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) events.push([Math.round(perfOffset + e.startTime * 1000), "gc", Math.round(e.duration * 1000), String(e.detail?.kind ?? "")]);
}).observe({ entryTypes: ["gc"] });

/** The driver marks its own stages (call start and end) and reads its events through this. */
globalThis.__apTrace = { mark: (kind, m) => events.push([now(), kind, 0, m]), events };
process.on("exit", () => process.env.AP_TRACE_OUT && writeFileSync(process.env.AP_TRACE_OUT, JSON.stringify(events)));
