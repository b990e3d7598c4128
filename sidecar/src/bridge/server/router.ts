import { AgentPanelError } from "../../shared/errors.js";
import { VERSION } from "../../shared/version.js";
import { parseClientCommand } from "../../protocol/panel/commands.js";
import type { ClientCommand, ClientCommandOf } from "../../protocol/panel/commands.js";
import type { ServerFrame } from "../../protocol/panel/frames.js";
import { PROTOCOL_VERSION } from "../../protocol/panel/version.js";
import type { ChatRegistry } from "../hubs/chats.js";
import { requireSessionId, resolveResumeId } from "../../chat/resume-id.js";
import { allowedClaudePath } from "../hubs/claude-paths.js";
import { historyHandlers } from "./history-router.js";
import { htmlRendererPending, preloadHtmlRenderer } from "../hubs/hub-render.js";
import type { PanelHistory } from "../hubs/history-service.js";
import type { HubDelivery } from "../hubs/hub.js";
import { toolHandlers } from "./tools-router.js";
import type { UnityToolProvider } from "../../tools/unity-provider.js";
import { openAssetInUnity } from "../../tools/unity-open.js";
import { nameForkWhenKnown, resumedTitle } from "../hubs/chat-title.js";
import { forClient, oversizeFrame, protocolMismatch, toErrorFrame, type RenderWanted } from "./router-frames.js";
import { checkAttachments } from "../../chat/attachments.js";

// Per-connection command handling. The server calls attachClient after an authenticated
// WebSocket upgrade; every text frame goes to onText. Each command is validated, answered with
// an ack or a typed error, and never crashes the sidecar whatever the client sends.

/** The connection as the router sees it. */
export interface ClientLink {
  send(frame: ServerFrame): void;
  close(): void;
}

/** What the server feeds into the router for one connection. */
export interface ClientHandler {
  onText(raw: string): void;
  onClose(): void;
}

/** Facts reported in welcome (defaults: this build's version, this process, the registry's project). */
export interface RouterInfo {
  serverVersion?: string;
  sidecarPid?: number;
  project?: string;
  /** claude executables a client may name in chat.open (default: only the registry's own). */
  claudePaths?: () => string[];
  /** The sidecar's session history (history.* commands fail with history_unavailable without it). */
  history?: PanelHistory;
  /** The Unity tool provider a client offering tools attaches to (hello fails with tools_unavailable without it). */
  tools?: UnityToolProvider;
  /** This connection comes from a browser page (it may not provide tools). */
  browser?: boolean;
}

type Result = Record<string, unknown> | undefined | "sent";
type Handlers = { [C in ClientCommand["cmd"]]: (c: ClientCommandOf<C>) => Promise<Result> | Result };

/** Handle one client connection's commands against the chat registry. */
export function attachClient(registry: ChatRegistry, link: ClientLink, info: RouterInfo = {}): ClientHandler {
  let render: RenderWanted | undefined;
  let unwatch: (() => void) | undefined;
  let open = true;
  const subscriptions = new Map<string, () => void>();
  const send = (frame: ServerFrame): void => {
    if (!open) return;
    try {
      link.send(frame);
    } catch {
      // The server notices a broken socket and calls onClose.
    }
  };
  const pushChats = (): void => send({ kind: "chats", chats: registry.list() });
  const history = historyHandlers(info.history, send, () => render!);
  const tools = toolHandlers(info.tools, send, { browser: info.browser === true, close: () => link.close() });

  const handlers: Handlers = {
    hello: (c) => {
      if (c.protocol !== PROTOCOL_VERSION) throw protocolMismatch(c.protocol, c.client);
      tools.hello(c);
      unwatch ??= registry.watch(pushChats);
      render = { unity: c.render.includes("unity"), html: c.render.includes("html") };
      if (render.html) void preloadHtmlRenderer(); // loaded before this client's first chat.send goes out (below)
      send({
        kind: "welcome",
        id: c.id,
        protocol: PROTOCOL_VERSION,
        serverVersion: info.serverVersion ?? VERSION,
        sidecarPid: info.sidecarPid ?? process.pid,
        project: info.project ?? registry.project,
        chats: registry.list(),
      });
      return undefined;
    },
    "chats.list": () => ({ chats: registry.list() }),
    "chat.open": async (c) => {
      const { id: _id, cmd: _cmd, claudePath, ...params } = c;
      let title: string | undefined;
      if (params.resume !== undefined) {
        // Only a session id of this project (or a unique prefix of one) reaches claude's argv.
        const sessions = info.history ? (await info.history.list({ includeArchived: true })).sessions : [];
        params.resume = info.history
          ? resolveResumeId(
              params.resume,
              sessions.map((s) => s.id),
            )
          : requireSessionId(params.resume);
        // The chat goes by the name History lists the session under; a fork says it is one.
        const listed = sessions.find((s) => s.id === params.resume);
        title = resumedTitle(listed?.titleSource === "none" ? undefined : listed?.title, params.fork === true);
        // Resuming a session that is already open switches to its chat instead of a second claude on it.
        const open = params.fork === true ? undefined : registry.list().find((s) => s.sessionId === params.resume);
        if (open) return { chatId: open.chatId, alreadyOpen: true };
      }
      const located = claudePath === undefined ? undefined : allowedClaudePath(claudePath, info.claudePaths?.() ?? [registry.defaultClaudePath]);
      // Read where the earlier conversation ends before claude can append to the transcript.
      const earlier = params.resume !== undefined ? await info.history?.resumePoint(params.resume) : undefined;
      const hub = registry.open({ ...params, ...(located !== undefined ? { claudePath: located } : {}), ...(title !== undefined ? { title } : {}) });
      const chatId = hub.chatId;
      const history = info.history;
      if (params.fork === true && params.resume !== undefined && title !== undefined && history) nameForkWhenKnown(hub, params.resume, title, (id, t) => history.setTitle(id, t));
      return earlier ? { chatId, history: earlier } : { chatId };
    },
    "chat.close": async (c) => {
      await registry.close(c.chatId);
      return undefined;
    },
    "chat.send": async (c) => {
      // Refused by size before anything waits (start-up, renderer) or reaches the chat.
      checkAttachments(c.attachments ?? []);
      const hub = registry.require(c.chatId);
      if (hub.chat.state === "starting") await hub.whenStarted();
      // A reply's HTML is rendered once, when it ends: the lazily loaded renderer must be ready before
      // the prompt reaches claude, or the sidecar's first reply would go out without it.
      await htmlRendererPending();
      return { turnId: await hub.chat.send(c.text, c.attachments ?? []) };
    },
    "chat.interrupt": async (c) => {
      await registry.require(c.chatId).chat.interrupt();
      return undefined;
    },
    "permission.answer": async (c) => {
      await registry.require(c.chatId).answerPermission(c.requestId, c.answer);
      return undefined;
    },
    "chat.setModel": async (c) => {
      await registry.require(c.chatId).chat.setModel(c.model);
      return undefined;
    },
    "chat.setPermissionMode": async (c) => {
      await registry.require(c.chatId).chat.setPermissionMode(c.mode);
      return undefined;
    },
    "chat.revertFiles": (c) => {
      const chat = registry.require(c.chatId).chat;
      if (!chat.revertFiles) throw new AgentPanelError("turn_not_found", "This chat keeps no copies of the files its turns write.");
      return { ...chat.revertFiles(c.turnId, { ...(c.force !== undefined ? { force: c.force } : {}), ...(c.paths !== undefined ? { paths: c.paths } : {}) }) };
    },
    subscribe: (c) => {
      const hub = registry.require(c.chatId);
      subscriptions.get(c.chatId)?.();
      const deliver = (d: HubDelivery): void => {
        const wanted = render!;
        send(
          d.kind === "event"
            ? { kind: "event", chatId: c.chatId, seq: d.seq, event: forClient(d.event, wanted) }
            : { kind: "snapshot", chatId: c.chatId, seq: d.seq, events: d.events.map((e) => forClient(e, wanted)) },
        );
      };
      const sub = hub.subscribe(c.afterSeq, (seq, event) => deliver({ kind: "event", seq, event }));
      subscriptions.set(c.chatId, sub.unsubscribe);
      // The ack goes out before the catch-up, synchronously, so no live event can slip between.
      send({ kind: "ack", id: c.id, result: { mode: sub.mode, fromSeq: sub.fromSeq, lastSeq: sub.lastSeq } });
      for (const d of sub.initial) deliver(d);
      return "sent" as const;
    },
    "asset.open": async (c) => {
      await openAssetInUnity(info.tools, c.ref);
      return undefined;
    },
    unsubscribe: (c) => {
      subscriptions.get(c.chatId)?.();
      subscriptions.delete(c.chatId);
      return undefined;
    },
    "history.list": history["history.list"],
    "history.search": history["history.search"],
    "history.load": history["history.load"],
    "history.subagent": history["history.subagent"],
    "history.subscribe": history["history.subscribe"],
    "history.unsubscribe": history["history.unsubscribe"],
    "tools.publish": tools["tools.publish"],
    "tools.journal": tools["tools.journal"],
    "tool.progress": tools["tool.progress"],
    "tool.result": tools["tool.result"],
  };

  async function run(command: ClientCommand): Promise<void> {
    try {
      if (command.cmd !== "hello" && !render) throw new AgentPanelError("hello_required", 'Send "hello" first, with the protocol version and the client kind.');
      const handler = handlers[command.cmd] as (c: ClientCommand) => Promise<Result> | Result;
      const result = await handler(command);
      if (command.cmd === "hello" || result === "sent") return;
      send(result === undefined ? { kind: "ack", id: command.id } : { kind: "ack", id: command.id, result });
    } catch (err) {
      send(toErrorFrame(err, command.id));
    }
  }

  return {
    onText(raw: string): void {
      if (!open) return;
      const tooLarge = oversizeFrame(raw);
      if (tooLarge) return send(tooLarge);
      const parsed = parseClientCommand(raw);
      if (!parsed.ok) {
        send({ kind: "error", ...(parsed.id !== undefined ? { id: parsed.id } : {}), code: parsed.code, message: parsed.message });
        return;
      }
      void run(parsed.command);
    },
    onClose(): void {
      if (!open) return;
      open = false;
      unwatch?.();
      for (const unsubscribe of subscriptions.values()) unsubscribe();
      subscriptions.clear();
      history.close();
      tools.close();
    },
  };
}
