import { AgentPanelError } from "../../shared/errors.js";
import type { ClientCommandOf } from "../../protocol/panel/commands.js";
import type { ServerFrame } from "../../protocol/panel/frames.js";
import type { ProviderSession, UnityToolProvider } from "../../tools/unity-provider.js";

// The tool-provider commands of one client connection: the hello that makes it the provider, and
// tools.publish / tools.journal / tool.progress / tool.result, forwarded to the Unity provider.

type Result = Record<string, unknown> | undefined | "sent";

/** Tool-provider handlers of one client, plus the cleanup for when it goes away. */
export interface ToolHandlers {
  /** From hello: attach this client as the tool provider when it offers tools (throws a typed error when it may not). */
  hello(c: ClientCommandOf<"hello">): void;
  "tools.publish": (c: ClientCommandOf<"tools.publish">) => Result;
  "tools.journal": (c: ClientCommandOf<"tools.journal">) => Result;
  "tool.progress": (c: ClientCommandOf<"tool.progress">) => Result;
  "tool.result": (c: ClientCommandOf<"tool.result">) => Result;
  close(): void;
}

/** What the router knows about the client for the tool rules. */
export interface ToolClientFacts {
  /** The client is a browser page (it never provides tools). */
  browser: boolean;
  /** Close the connection (a newer connection of the same provider took over). */
  close(reason: string): void;
}

/** Tool handlers for one client; without a provider host, offering tools fails with tools_unavailable. */
export function toolHandlers(provider: UnityToolProvider | undefined, send: (frame: ServerFrame) => void, facts: ToolClientFacts): ToolHandlers {
  let session: ProviderSession | undefined;
  const need = (): ProviderSession => {
    if (!session) throw new AgentPanelError("not_a_tool_provider", 'Only a client that said provides: ["tools"] in hello may send tool frames; send hello again with it.');
    return session;
  };
  // A provider's report is acknowledged after what it carries has gone on to the caller (the
  // caller's answer is written in the promise continuations this report resolved): the ack is
  // bookkeeping for the provider, a socket write that would otherwise delay every call's answer.
  const ackLater = (id: string): "sent" => {
    setImmediate(() => send({ kind: "ack", id }));
    return "sent";
  };
  return {
    hello(c) {
      if (!c.provides?.includes("tools") || session) return;
      if (facts.browser || c.client === "browser")
        throw new AgentPanelError("tools_not_allowed", "A browser page cannot provide tools; only the Unity Editor (or a tool client holding the token outside a browser) can.");
      if (!provider) throw new AgentPanelError("tools_unavailable", "This sidecar hosts no tools (it was started without the tool host); update or restart it from Unity.");
      session = provider.connect(
        {
          invoke: (f) => send({ kind: "tool.invoke", ...f }),
          cancel: (callId, reason) => send({ kind: "tool.cancel", callId, reason }),
          close: (reason) => facts.close(reason),
        },
        c.providerId,
      );
    },
    "tools.publish": (c) => ({ tools: need().publish(c.catalog, c.wake) }),
    "tools.journal": (c) => {
      need().journal(c.calls);
      return undefined;
    },
    "tool.progress": (c) => {
      need().progress(c.callId, {
        ...(c.progress !== undefined ? { progress: c.progress } : {}),
        ...(c.total !== undefined ? { total: c.total } : {}),
        ...(c.message !== undefined ? { message: c.message } : {}),
      });
      return ackLater(c.id);
    },
    "tool.result": (c) => {
      need().result(c.callId, { ok: c.ok, content: c.content, ...(c.structured !== undefined ? { structured: c.structured } : {}), ...(c.error !== undefined ? { error: c.error } : {}) });
      return ackLater(c.id);
    },
    close() {
      session?.closed();
      session = undefined;
    },
  };
}
