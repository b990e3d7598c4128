import { EventEmitter } from "node:events";
import { AgentPanelError, reportInternal } from "../shared/errors.js";
import type { ClaudeProcess, FrameProblem, ProcessExit, ProcessOptions } from "../claude/process.js";
import { serializeOutbound } from "../claude/writer.js";
import { containsClipped } from "../protocol/json-bounds.js";
import type { LaunchOptions } from "../claude/spawn.js";
import { CanUseToolRequest, HookCallbackRequest, type InitializeResponse } from "../protocol/claude/inbound.js";
import { controlError, hookContinue, permissionAnswer, userMessage, type OutUserMessage } from "../protocol/claude/outbound.js";
import type { Inbound } from "../protocol/claude/parse.js";
import { attachmentBlocks, type ContextAttachment } from "./attachments.js";
import type { ControlChannel } from "./control.js";
import type { ChatEvent, ChatStateName } from "../protocol/chat-events.js";
import { CrashRecovery } from "./recovery.js";
import { crashResult, delay, isSessionNotFound } from "./exits.js";
import { NOT_LOGGED_IN } from "../claude/login.js";
import { launchClaude } from "./launch.js";
import { SilenceWatchdog } from "./watchdog.js";
import { INTERRUPT_SETTLE_MS, unansweredInterrupt } from "./stuck-turn.js";
import { DEFAULT_IDLE_MS, IdleTimer } from "./idle.js";
import { CLOSE_TURN_WAIT_MS, finishOpenTurn } from "./closing.js";
import { Normalizer } from "../claude/normalize.js";
import { modeSetBy, toPermissionResult, type PermissionAnswer } from "./permissions.js";
import { initEvent } from "./init-event.js";
import { assertModeAllowed } from "./permission-mode.js";
import { PermissionBook, type PendingPermission } from "./permission-book.js";
import { agentToolLabel, agentToolRequest, type ChatToolHost } from "./agent-tools.js";

export type { PendingPermission };
import { ChatStateMachine, liveStates } from "./state.js";
import { logTurnFiles, SNAPSHOT_HOOK_ID, TURN_FILE_HOOKS, TurnFiles, type RevertOutcome, type TurnFilesOptions } from "./turn-files.js";

// One chat = one resident claude process. The Chat turns commands into typed stdin messages,
// stdout into ChatEvents, keeps the state machine honest, and owns the crash → resume path.

/** Everything a chat needs to launch and supervise its claude process. */
export interface ChatOptions extends Omit<LaunchOptions, "resume"> {
  /** Continue this session id instead of starting a new one. */
  resume?: string;
  /** Return to ready with a notice after this long without output mid-turn (default 10 min). */
  silenceMs?: number;
  /** Automatic --resume attempts after a crash (default 3), with exponential backoff from `resumeBackoffMs`. */
  resumeRetries?: number;
  resumeBackoffMs?: number;
  /** How long to wait for the initialize response (default 60 s). */
  initTimeoutMs?: number;
  process?: ProcessOptions;
  /** The sidecar's own tools (Unity, native): titles, summaries and dry runs for their cards. */
  tools?: ChatToolHost;
  /** Allow the sidecar's read-only tools (never a tool that writes: see tools/effect.ts) without a card (default true). */
  preAllowReadOnlyTools?: boolean;
  /** End a turn claude leaves open this long after an interrupt with no output (default 5 s). */
  interruptSettleMs?: number;
  /** How long claude has to acknowledge an interrupt before the call fails with control_timeout (default 10 s). */
  interruptTimeoutMs?: number;
  /** End claude after this long with nothing running; the next message resumes the session (default 30 min, 0 = never). */
  idleMs?: number;
  /** Per-turn copies of the files claude writes, for turn_files and chat.revertFiles (default on, in <cwd>/Library/AgentPanel; false = off). */
  turnFiles?: TurnFilesOptions | false;
}

/** A live chat with the claude CLI. Listen to "event" for ChatEvents. */
export class Chat extends EventEmitter<{ event: [ChatEvent] }> {
  sessionId: string | undefined;
  initInfo: InitializeResponse | undefined;
  private proc: ClaudeProcess | undefined;
  private control: ControlChannel | undefined;
  private readonly normalizer = new Normalizer();
  private readonly sm = new ChatStateMachine((to, from, reason) => this.emitEvent({ type: "state", state: to, previous: from, ...(reason ? { reason } : {}) }));
  private readonly permissions = new PermissionBook();
  /** Requests of our own tools whose card waits for its dry run. */
  private readonly preparing = new Set<string>();
  private readonly prompts = new Map<string, OutUserMessage>();
  private readonly silence: SilenceWatchdog;
  private readonly recovery: CrashRecovery;
  private readonly idle: IdleTimer;
  /** Set while claude is stopped for idleness: the chat is ready and its next message resumes the session. */
  private dormant = false;
  /** The model (null: the CLI's default) and permission mode the chat was last told, for an idle chat's relaunch. */
  private readonly setup: { model?: string | null; permissionMode?: string } = {};
  private missingSession = false;
  /** Set when close() begins: no new prompt or card, and claude's output after the open turn is dropped. */
  private closing: Promise<void> | undefined;
  /** Set once `state closed` went out: nothing is emitted after it. */
  private ended = false;
  private turnEnded: (() => void) | undefined;
  /** The last init event emitted (JSON), to drop claude's unchanged repeats. */
  private lastInit: string | undefined;
  /** Content lines from claude so far (not control answers): tells whether it reacted to an interrupt. */
  private output = 0;
  private interruptNet: NodeJS.Timeout | undefined;
  /** Copies of the files each turn writes (undefined when turned off). */
  private readonly turnFiles: TurnFiles | undefined;

  constructor(private readonly options: ChatOptions) {
    super();
    assertModeAllowed(options.permissionMode, options.allowBypassPermissions);
    this.sessionId = options.resume;
    this.recovery = new CrashRecovery(options.resumeRetries ?? 3, options.resumeBackoffMs ?? 500);
    this.silence = new SilenceWatchdog(options.silenceMs ?? 600_000, () => this.onSilence());
    this.idle = new IdleTimer(options.idleMs ?? DEFAULT_IDLE_MS, () => void this.sleep().catch((err: unknown) => reportInternal("idle stop", err)));
    if (options.tools) this.normalizer.agentTool = agentToolLabel(options.tools);
    if (options.turnFiles !== false) this.turnFiles = new TurnFiles(options.cwd, options.turnFiles);
  }

  /** The current lifecycle state. */
  get state(): ChatStateName {
    return this.sm.state;
  }

  /** PID of the running claude process (diagnostics, health), if any. */
  get pid(): number | undefined {
    return this.proc?.alive ? this.proc.pid : undefined;
  }

  /** Permission prompts waiting for an answer, oldest first. */
  get pendingPermissions(): PendingPermission[] {
    return this.permissions.list();
  }

  /** Spawn claude and initialize it; resolves once the chat is ready (or auth is required). */
  async start(): Promise<void> {
    try {
      await this.launch(this.options.resume);
      this.sm.go("ready", this.options.resume ? "resumed" : "started");
      this.syncState();
    } catch (err) {
      if (this.sm.state !== "closed") this.fail(err);
      throw err;
    }
  }

  /** Send a prompt (queued by the CLI if a turn is running). Resolves with the prompt's turn id. */
  async send(text: string, attachments: ContextAttachment[] = []): Promise<string> {
    const state = this.sm.state;
    if (!liveStates.has(state) && state !== "resuming") {
      // "Wait" only while it can still become ready: an errored or closed chat never will.
      const what =
        state === "starting"
          ? "The chat is starting; wait until it is ready, then send again."
          : state === "errored"
            ? "The chat stopped after an error (its last notice says why); fix that, then start a new chat or resume this session from History."
            : "The chat is closed; start a new chat, or resume its session from History.";
      throw new AgentPanelError("chat_not_ready", what);
    }
    if (this.closing) throw new AgentPanelError("chat_closed", "The chat is closing; start a new chat to continue.");
    if (text.trim() === "" && attachments.length === 0) throw new AgentPanelError("empty_message", "Type a message before sending.");
    const message = userMessage(text, attachmentBlocks(attachments));
    const queued = this.normalizer.turns.busy || state === "resuming";
    // An idle chat gave its claude back: start it again (--resume); the prompt goes out once it is up.
    if (this.dormant) this.wake();
    // The prompt goes to claude first (written at once, before any event goes out), so the panel's
    // bookkeeping runs while claude already works on it; its echo cannot arrive before this returns.
    // If claude just died, the prompt stays queued and the crash path sends it after resuming.
    const proc = this.sm.state !== "resuming" && this.proc?.alive ? this.proc : undefined;
    const written = proc?.send(message).then(
      () => undefined,
      (err: unknown) => (this.proc?.alive ? err : undefined),
    );
    const turnId = this.normalizer.turns.enqueue();
    this.prompts.set(turnId, message);
    this.emitEvent({ type: "user_message", turnId, text, queued, attachments: attachments.length });
    if (written) {
      const failed = await written;
      if (failed !== undefined) throw failed;
      this.silence.arm(this.normalizer.turns.busy);
      this.syncState();
    }
    return turnId;
  }

  /** Stop the running turn (also withdraws a pending permission prompt). */
  async interrupt(): Promise<void> {
    if (this.dormant) return; // nothing runs
    const control = this.requireControl();
    this.armInterruptNet();
    await control.request({ subtype: "interrupt" }, this.options.interruptTimeoutMs ?? 10_000);
  }

  /** If claude says nothing at all after the interrupt, the panel ends the open turn itself. */
  private armInterruptNet(): void {
    const turnId = this.normalizer.turns.current;
    if (turnId === null) return;
    clearTimeout(this.interruptNet);
    const seen = this.output;
    const waitMs = this.options.interruptSettleMs ?? INTERRUPT_SETTLE_MS;
    this.interruptNet = setTimeout(() => {
      if (this.closing || this.output !== seen || this.normalizer.turns.current !== turnId || !liveStates.has(this.sm.state)) return;
      this.normalizer.turns.end();
      this.normalizer.orphanResults++;
      this.cancelPermissions("the turn was interrupted");
      for (const event of this.normalizer.abandonAll("interrupted")) this.emitEvent(event);
      for (const event of unansweredInterrupt(turnId, waitMs)) this.emitEvent(event);
      this.syncState();
    }, waitMs);
    this.interruptNet.unref?.();
  }

  /** Answer a pending permission prompt. A second answer to the same prompt is refused. */
  async answerPermission(requestId: string, answer: PermissionAnswer): Promise<void> {
    const pending = this.permissions.get(requestId);
    if (!pending) {
      throw new AgentPanelError("permission_not_pending", "This permission request was already answered or withdrawn.");
    }
    const result = toPermissionResult(pending.request, answer);
    const proc = this.requireProcess();
    // Validated before anything is marked answered: an answer that cannot be sent leaves the request pending.
    serializeOutbound(permissionAnswer(requestId, result));
    // Closed before the write, so two answers racing each other cannot both reach claude.
    const resolved = this.permissions.close(requestId, result.behavior === "allow" ? "allowed" : "denied", answer.kind, "user");
    if (resolved) this.emitEvent(resolved);
    if (result.behavior === "allow" && pending.request.tool_use_id) this.normalizer.approved(pending.request.tool_use_id);
    // claude switches its mode with this answer but says so only at its next turn: tell the pickers now.
    const mode = modeSetBy(result);
    if (mode !== undefined) this.emitEvent({ type: "init", permissionMode: mode });
    this.syncState();
    await proc.send(permissionAnswer(requestId, result));
  }

  /** Switch the model for the next turns (null = the CLI's default). */
  async setModel(model: string | null): Promise<void> {
    if (this.dormant) return this.emitEvent({ type: "init", model: model ?? "default" }); // applied when claude starts again
    const control = this.requireControl();
    this.normalizer.modelSwitches++;
    try {
      await control.request({ subtype: "set_model", model });
    } finally {
      this.normalizer.modelSwitches--;
    }
    this.emitEvent({ type: "init", model: model ?? "default" });
  }

  /** Switch the permission mode; bypassPermissions only if the chat was launched with the opt-in. */
  async setPermissionMode(mode: string): Promise<void> {
    assertModeAllowed(mode, this.options.allowBypassPermissions);
    if (this.dormant) return this.emitEvent({ type: "init", permissionMode: mode }); // applied when claude starts again
    await this.requireControl().request({ subtype: "set_permission_mode", mode });
    this.emitEvent({ type: "init", permissionMode: mode });
  }

  /** Put the files a finished turn wrote back as they were before it (see turn-files.ts); emits files_reverted. */
  revertFiles(turnId: string, options: { force?: boolean; paths?: string[] } = {}): RevertOutcome {
    if (this.normalizer.turns.current === turnId || this.normalizer.turns.pending.includes(turnId)) {
      throw new AgentPanelError("turn_running", "This turn is still running; wait until it ends (or interrupt it), then revert its files.");
    }
    if (!this.turnFiles) throw new AgentPanelError("turn_not_found", "This chat keeps no copies of the files its turns write (turned off when it was opened).");
    const outcome = this.turnFiles.revert(turnId, options);
    this.emitEvent({ type: "files_reverted", turnId, ...outcome });
    return outcome;
  }

  /**
   * End the chat. Pending prompts are cancelled; a running turn is interrupted and ends (claude's
   * own result if it comes within CLOSE_TURN_WAIT_MS, else a `chat_closed` result, open tool cards
   * finished as errors) before `state closed`, which is the last event. Then the process tree stops.
   * Idempotent: every call resolves when the same close is done.
   */
  close(reason = "closed"): Promise<void> {
    this.closing ??= this.shutDown(reason);
    return this.closing;
  }

  private async shutDown(reason: string): Promise<void> {
    if (this.sm.state === "closed") return;
    const proc = this.proc;
    this.silence.clear();
    clearTimeout(this.interruptNet);
    this.idle.clear();
    this.cancelPermissions("chat closed");
    if (proc?.alive && this.normalizer.turns.current !== null && liveStates.has(this.sm.state)) {
      const ended = new Promise<void>((resolve) => (this.turnEnded = resolve));
      const interrupted = this.control?.request({ subtype: "interrupt" }, CLOSE_TURN_WAIT_MS).catch(() => undefined);
      await Promise.race([Promise.all([interrupted, ended]), delay(CLOSE_TURN_WAIT_MS)]);
      this.turnEnded = undefined;
    }
    this.control?.failAll("chat_closed", "The chat was closed.");
    for (const event of finishOpenTurn(this.normalizer)) this.emitEvent(event);
    this.silence.clear();
    this.sm.go("closed", reason);
    await proc?.stop();
  }

  private async launch(resume: string | undefined, launch: LaunchOptions = this.options): Promise<void> {
    this.missingSession = false;
    this.initInfo = await launchClaude(
      launch,
      resume,
      { ...this.options, ...(this.turnFiles ? { hooks: TURN_FILE_HOOKS } : {}) },
      {
        adopt: (proc, control) => {
          this.proc = proc;
          this.control = control;
        },
        onMessage: (proc, m) => proc === this.proc && this.onMessage(m),
        onProblem: (proc, p) => proc === this.proc && this.onProblem(p),
        onExit: (proc, exit) => proc === this.proc && this.onExit(exit),
        missingSession: () => this.missingSession,
      },
    );
    this.emitEvent(initEvent(this.initInfo, this.sessionId));
  }

  private onProblem(p: FrameProblem): void {
    if (this.closing) return;
    if (p.kind === "clipped") {
      this.emitEvent({ type: "notice", level: "warning", code: "output_clipped", message: "A message from claude was nested too deeply to show in full; its deepest parts were left out." });
      return;
    }
    if (p.kind !== "handler_failed") {
      this.emitEvent({ type: "notice", level: "warning", code: `output_${p.kind}`, message: `Skipped an unreadable line from claude (${p.kind}).` });
      return;
    }
    // Handling a line threw: that line is lost, so the turn cannot be trusted to finish. End it
    // (and ask claude to stop it) rather than leave the panel waiting; the chat stays usable.
    this.emitEvent({
      type: "notice",
      level: "error",
      code: "internal_error",
      message: "Agent Panel failed on a message from claude, so this turn was stopped. Send again; if it repeats, start a new chat and report the sidecar log.",
      data: { error: p.error.slice(0, 500) },
    });
    const open = this.normalizer.turns.end();
    for (const event of this.normalizer.abandonAll("the panel stopped this turn after an internal error")) this.emitEvent(event);
    if (open) this.emitEvent({ ...crashResult(open), subtype: "internal_error", errors: ["Agent Panel failed on a message from claude"], terminalReason: "internal_error" } as ChatEvent);
    if (this.proc?.alive) void this.control?.request({ subtype: "interrupt" }, 5000).catch(() => undefined);
    this.syncState();
  }

  private onMessage(m: Inbound): void {
    // Closing: only the open turn's end still counts (and the answers to our own requests).
    if (this.closing && m.kind !== "control_response" && this.normalizer.turns.current === null) return;
    this.silence.arm(this.normalizer.turns.busy);
    if (m.kind !== "control_response") this.output++;
    switch (m.kind) {
      case "control_response":
        this.control?.handleResponse(m.msg);
        return;
      case "control_request":
        this.onControlRequest(m.msg.request_id, m.msg.request);
        this.syncState();
        return;
      case "control_cancel_request": {
        this.preparing.delete(m.msg.request_id);
        const resolved = this.permissions.close(m.msg.request_id, "cancelled", "withdrawn by claude", "claude");
        if (resolved) this.emitEvent(resolved);
        this.syncState();
        return;
      }
      case "system":
        if (m.msg.subtype === "init") this.sessionId = m.msg.session_id;
        break;
      case "result":
        if (isSessionNotFound(m.msg)) this.missingSession = true;
        if (m.msg.session_id && !this.missingSession) this.sessionId = m.msg.session_id;
        break;
    }
    for (const event of this.normalizer.handle(m)) this.onNormalized(event);
    this.syncState();
  }

  private onNormalized(event: ChatEvent): void {
    if (event.type === "turn_started") this.prompts.delete(event.turnId);
    // claude repeats its system init at every turn; clients merge init, so an unchanged repeat is
    // dropped: one frame less per turn while claude works towards its first token.
    if (event.type === "init" && JSON.stringify(event) === this.lastInit) return;
    this.emitEvent(this.permissions.attribute(event));
    if (event.type === "notice" && event.code === NOT_LOGGED_IN) {
      // claude refused the turn for want of a login: the notice ended it.
      if (this.normalizer.turns.current === null) this.turnEnded?.();
      if (!this.closing && this.sm.can("auth_required")) this.sm.go("auth_required", typeof event.data?.detail === "string" ? event.data.detail : event.message);
    }
    if (event.type !== "turn_result") return;
    if (this.normalizer.turns.current === null) this.turnEnded?.();
    if (event.ok) this.recovery.succeeded();
  }

  private onControlRequest(requestId: string, request: { subtype: string }): void {
    if (request.subtype === "hook_callback") return this.onHook(requestId, request);
    if (this.closing && request.subtype === "can_use_tool") {
      void this.proc?.send(permissionAnswer(requestId, { behavior: "deny", message: "The user closed the chat." })).catch(() => undefined);
      return;
    }
    if (request.subtype !== "can_use_tool") {
      void this.proc?.send(controlError(requestId, `Agent Panel does not handle "${request.subtype}" requests.`)).catch(() => undefined);
      return;
    }
    const parsed = CanUseToolRequest.safeParse(request);
    if (!parsed.success) {
      void this.proc?.send(permissionAnswer(requestId, { behavior: "deny", message: "Agent Panel could not read this permission request." })).catch(() => undefined);
      this.emitEvent({ type: "notice", level: "warning", code: "permission_unreadable", message: "Denied a permission request that could not be read." });
      return;
    }
    if (containsClipped(parsed.data.input)) {
      // The user cannot see what the tool would really get, so it cannot be approved.
      this.permissions.decidedWithoutCard(parsed.data.tool_use_id, "sidecar");
      void this.proc
        ?.send(permissionAnswer(requestId, { behavior: "deny", message: "Agent Panel refused this tool call: its input is nested too deeply to show to the user." }))
        .catch(() => undefined);
      this.emitEvent({ type: "notice", level: "warning", code: "permission_input_too_deep", message: `Denied a ${parsed.data.tool_name} call whose input was nested too deeply to show.` });
      return;
    }
    const turnId = this.normalizer.turns.current ?? this.normalizer.turns.lastTurnId ?? "none";
    if (this.options.tools) {
      const ours = agentToolRequest(this.options.tools, parsed.data, this.options.preAllowReadOnlyTools !== false);
      if (ours.kind === "allow") {
        this.permissions.decidedWithoutCard(parsed.data.tool_use_id, "read_only_setting");
        void this.proc?.send(permissionAnswer(requestId, { behavior: "allow", updatedInput: parsed.data.input })).catch(() => undefined);
        return;
      }
      if (ours.kind === "card") {
        // The card waits for the dry run (bounded); claude may withdraw the request meanwhile.
        this.preparing.add(requestId);
        void ours.details.then((details) => {
          if (!this.preparing.delete(requestId)) return;
          this.emitEvent({ ...this.permissions.open(requestId, turnId, parsed.data, this.options.cwd), ...details });
          this.syncState();
        });
        return;
      }
    }
    this.emitEvent(this.permissions.open(requestId, turnId, parsed.data, this.options.cwd));
  }

  /** claude waits on our PreToolUse hook: announce the write, keep the file's copy, then let the tool run (always: a copy problem never blocks it). */
  private onHook(requestId: string, request: { subtype: string }): void {
    const proc = this.proc;
    const answer = (): void => void proc?.send(hookContinue(requestId)).catch((err: unknown) => reportInternal("hook answer", err));
    const parsed = HookCallbackRequest.safeParse(request);
    const turnId = this.normalizer.turns.current;
    if (!parsed.success || parsed.data.callback_id !== SNAPSHOT_HOOK_ID || !this.turnFiles || turnId === null) {
      const why = !parsed.success ? "unreadable" : parsed.data.callback_id !== SNAPSHOT_HOOK_ID ? `unknown callback id ${JSON.stringify(parsed.data.callback_id).slice(0, 80)}` : "no running turn";
      logTurnFiles(`answered a hook_callback (${why}) with "continue", without copying anything`);
      return answer();
    }
    const touched = this.turnFiles.touch(turnId, this.options.cwd, parsed.data);
    if (touched.event) this.emitEvent(touched.event);
    void touched.ready.then(answer);
  }

  private onExit(exit: ProcessExit): void {
    this.silence.clear();
    this.control?.failAll("claude_exited", "claude exited before answering.");
    if (this.closing) return this.turnEnded?.();
    if (exit.requested || this.sm.state === "closed" || this.sm.state === "starting" || this.sm.state === "resuming") return;
    this.emitEvent({
      type: "notice",
      level: "error",
      code: "claude_exited",
      message: `claude exited unexpectedly (${exit.signal ?? `code ${exit.code}`}). Resuming the session…`,
      data: { code: exit.code, signal: exit.signal },
    });
    this.cancelPermissions("claude exited");
    const open = this.normalizer.turns.end();
    for (const event of this.normalizer.abandonAll("claude exited before the tool finished")) this.emitEvent(event);
    if (open) this.emitEvent(crashResult(open));
    this.recover().catch((err: unknown) => reportInternal("chat recovery", err));
  }

  /** Crash path: restart with --resume (bounded retries with backoff), then resend unsent prompts. */
  private async recover(): Promise<void> {
    this.sm.go("resuming", "crash");
    const outcome = await this.recovery.run(
      () => this.launch(this.sessionId),
      () => this.sm.state === "resuming",
    );
    if (outcome.kind === "failed") return this.fail(outcome.error);
    if (outcome.kind === "abandoned") return;
    this.sm.go("ready", "resumed after crash");
    this.emitEvent({ type: "notice", level: "info", code: "resumed", message: "Resumed the session after claude exited.", data: { sessionId: this.sessionId } });
    await this.resendPending();
  }

  /** Send the prompts claude has not started (after a restart) and settle the state. */
  private async resendPending(): Promise<void> {
    for (const turnId of this.normalizer.turns.pending) {
      const prompt = this.prompts.get(turnId);
      if (prompt) await this.proc?.send(prompt).catch(() => undefined);
    }
    this.syncState();
  }

  /** Quiet for the idle time: end claude (the chat stays ready; the next message resumes it). */
  private async sleep(): Promise<void> {
    const proc = this.proc;
    if (this.closing || this.sm.state !== "ready" || this.normalizer.turns.busy || this.permissions.size > 0 || !proc?.alive) return;
    this.dormant = true;
    this.idle.forgetTasks();
    this.control?.failAll("claude_exited", "claude was stopped because the chat was idle.");
    await proc.stop();
  }

  /** The next message of an idle chat: claude starts again on the same session, with the chat's current model and mode. */
  private wake(): void {
    this.dormant = false;
    this.sm.go("resuming", "idle");
    const launch: LaunchOptions = { ...this.options };
    if (this.setup.model !== undefined) launch.model = this.setup.model ?? undefined;
    if (this.setup.permissionMode !== undefined) launch.permissionMode = this.setup.permissionMode;
    void this.launch(this.sessionId, launch).then(
      async () => {
        if (this.sm.state !== "resuming") return; // closed meanwhile
        this.sm.go("ready", "resumed after idle");
        await this.resendPending();
      },
      (err: unknown) => {
        for (const turnId of this.normalizer.turns.drainQueued()) this.prompts.delete(turnId);
        if (this.sm.state !== "closed") this.fail(err);
      },
    );
  }

  private syncState(): void {
    const s = this.sm.state;
    if (!liveStates.has(s) || (s === "auth_required" && !this.normalizer.turns.busy)) return;
    const desired: ChatStateName = this.permissions.size > 0 ? "waiting_permission" : this.normalizer.runningMainTools > 0 ? "tool_running" : this.normalizer.turns.busy ? "streaming" : "ready";
    this.sm.go(desired);
    if (desired === "ready") this.silence.clear();
    this.idle.update(desired === "ready" && !this.dormant && !this.closing && this.proc?.alive === true);
  }

  private onSilence(): void {
    if (this.sm.state !== "streaming" && this.sm.state !== "tool_running") return;
    const minutes = Math.round(this.silence.ms / 6000) / 10;
    const open = this.normalizer.turns.end();
    for (const event of this.normalizer.abandonAll("no output from claude")) this.emitEvent(event);
    for (const turnId of this.normalizer.turns.drainQueued()) this.prompts.delete(turnId);
    this.emitEvent({
      type: "notice",
      level: "warning",
      code: "silence",
      message: `claude sent nothing for ${minutes} min, so the panel stopped waiting${open ? ` for turn ${open}` : ""}. Send again or interrupt.`,
    });
    this.syncState();
  }

  private cancelPermissions(detail: string): void {
    this.preparing.clear();
    for (const event of this.permissions.cancelAll(detail)) this.emitEvent(event);
  }

  private fail(err: unknown): void {
    const e = err instanceof AgentPanelError ? err : new AgentPanelError("chat_failed", "The chat failed unexpectedly.", { cause: err });
    this.emitEvent({ type: "notice", level: "error", code: e.code, message: e.message });
    if (this.sm.can("errored")) this.sm.go("errored", e.code);
  }

  private requireProcess(): ClaudeProcess {
    if (!this.proc?.alive) throw new AgentPanelError("claude_not_running", "claude is not running for this chat; wait for it to resume or start a new chat.");
    return this.proc;
  }

  private requireControl(): ControlChannel {
    this.requireProcess();
    return this.control!;
  }

  private emitEvent(event: ChatEvent): void {
    if (this.ended) return;
    this.idle.observe(event);
    if (event.type === "init") {
      this.lastInit = JSON.stringify(event);
      if (event.model !== undefined) this.setup.model = event.model === "default" ? null : event.model;
      if (event.permissionMode !== undefined) this.setup.permissionMode = event.permissionMode;
    }
    if (event.type === "state" && event.state === "closed") this.ended = true;
    // A turn's files card goes out right before its result, however the turn ended.
    if (event.type === "turn_result") {
      const files = this.turnFiles?.finish(event.turnId);
      if (files) this.emit("event", files);
    }
    this.emit("event", event);
  }
}
