import type { Renderer } from "../../sidecar/src/bridge/hubs/hub-render.js";
import type { ClientCommand } from "../../sidecar/src/protocol/panel/commands.js";
import type { ChatSummary, PanelEvent, PanelEventOf } from "../../sidecar/src/protocol/panel/events.js";
import type { CommandResults, ServerFrame } from "../../sidecar/src/protocol/panel/frames.js";
import { historySamples } from "./samples-history.js";
import { toolSamples } from "./samples-tools.js";

// Golden samples of the panel protocol: one realistic value per server frame kind (plus the
// typed ack results), per event type and per client command. docs/protocol/samples/ is generated
// from these; the C# client deserializes every one of them in its tests.

/** One sample: file name (without .json), the schema it must satisfy, and the value. */
export type Sample =
  | { name: string; schema: "ServerFrame"; value: ServerFrame; result?: keyof typeof CommandResults }
  | { name: string; schema: "PanelEvent"; value: PanelEvent }
  | { name: string; schema: "ClientCommand"; value: ClientCommand };

const SESSION = "2c54866b-7cd0-4caf-b231-cd4dc52df7b3";
const PROJECT = "/home/dev/projects/MyGame";
const MESSAGE = "msg_01XFDUDYJgAACzvnptvVoYEL";
const TOOL = "toolu_01A09q90qw90lq917835lq9";

const FINAL_MARKDOWN = [
  "The jump is handled in `Assets/Scripts/PlayerController.cs`:",
  "",
  "1. **Ground check** uses `Physics.Raycast`",
  "2. The jump force is *not* scaled by `Time.deltaTime`",
  "",
  "```csharp",
  'if (isGrounded && Input.GetButtonDown("Jump"))',
  "    body.AddForce(Vector3.up * jumpForce, ForceMode.Impulse);",
  "```",
  "",
  "See [the manual](https://docs.unity3d.com/Manual/RigidbodiesOverview.html) — List<int> stays literal.",
].join("\n");

/** Every sample, in a stable order; text blocks of message_final are rendered with `render`. */
export function buildSamples(render: Renderer): Sample[] {
  const events = buildEvents(render);
  const ev = <T extends PanelEvent["type"]>(type: T) => events.find((e) => e.type === type) as PanelEventOf<T>;
  const summary: ChatSummary = {
    chatId: "c1-9f3a2b",
    sessionId: SESSION,
    state: "waiting_permission",
    title: "Why does the player jump twice?",
    model: "claude-opus-5-5",
    permissionMode: "default",
    cwd: PROJECT,
    lastSeq: 57,
    pendingPermissions: 1,
  };
  const idle: ChatSummary = { chatId: "c2-41d0ce", state: "starting", cwd: PROJECT, lastSeq: 1, pendingPermissions: 0 };
  const frames: Sample[] = [
    { name: "frame-welcome", schema: "ServerFrame", value: { kind: "welcome", id: "1", protocol: 1, serverVersion: "0.1.0", sidecarPid: 48213, project: PROJECT, chats: [summary] } },
    { name: "frame-ack", schema: "ServerFrame", value: { kind: "ack", id: "7" } },
    { name: "frame-ack-subscribe", schema: "ServerFrame", result: "subscribe", value: { kind: "ack", id: "4", result: { mode: "replay", fromSeq: 42, lastSeq: 57 } } },
    { name: "frame-ack-chat.open", schema: "ServerFrame", result: "chat.open", value: { kind: "ack", id: "2", result: { chatId: "c1-9f3a2b" } } },
    { name: "frame-ack-chat.send", schema: "ServerFrame", result: "chat.send", value: { kind: "ack", id: "5", result: { turnId: "t3" } } },
    { name: "frame-ack-chats.list", schema: "ServerFrame", result: "chats.list", value: { kind: "ack", id: "3", result: { chats: [summary, idle] } } },
    {
      name: "frame-error",
      schema: "ServerFrame",
      value: { kind: "error", id: "9", code: "already_answered", message: "This permission request was already resolved (allowed) from another window; nothing more to do." },
    },
    {
      name: "frame-error-files_changed_since",
      schema: "ServerFrame",
      value: {
        kind: "error",
        id: "13",
        code: "files_changed_since",
        message: `1 file(s) changed after this turn (by you or a later turn): ${PROJECT}/Assets/Scripts/PlayerController.cs. Confirm, then revert again with force to overwrite them.`,
        data: { paths: [`${PROJECT}/Assets/Scripts/PlayerController.cs`] },
      },
    },
    {
      name: "frame-ack-chat.revertFiles",
      schema: "ServerFrame",
      result: "chat.revertFiles",
      value: { kind: "ack", id: "13", result: { restored: [`${PROJECT}/Assets/Scripts/PlayerController.cs`, `${PROJECT}/Assets/Scripts/Jump.cs`], skipped: [] } },
    },
    { name: "frame-error-protocol", schema: "ServerFrame", value: { kind: "error", code: "bad_json", message: "The frame is not valid JSON. Send one JSON object per WebSocket text frame." } },
    { name: "frame-event", schema: "ServerFrame", value: { kind: "event", chatId: "c1-9f3a2b", seq: 42, event: ev("message_delta") } },
    { name: "frame-snapshot", schema: "ServerFrame", value: { kind: "snapshot", chatId: "c1-9f3a2b", seq: 57, events: snapshotEvents(events) } },
    { name: "frame-chats", schema: "ServerFrame", value: { kind: "chats", chats: [summary, idle] } },
  ];
  const variants: Sample[] = [
    // An interrupt: the CLI's own usage says 0, the sidecar reports the tokens the turn used; no internal diagnostics.
    {
      name: "event-turn_result-interrupted",
      schema: "PanelEvent",
      value: {
        type: "turn_result",
        turnId: "t4",
        ok: false,
        status: "interrupted",
        subtype: "error_during_execution",
        errors: [],
        terminalReason: "aborted_streaming",
        durationMs: 852,
        numTurns: 2,
        costUsd: 0.0518,
        usage: { input: 2626, output: 6, cacheRead: 0, cacheCreation: 0 },
        contextWindow: 1000000,
        denials: [],
      },
    },
    // A turn claude refused for want of a login ends with this notice alone (no message, no turn_result).
    {
      name: "event-notice-not_logged_in",
      schema: "PanelEvent",
      value: {
        type: "notice",
        level: "error",
        code: "not_logged_in",
        message: "Claude Code is not logged in. Run claude in a terminal and log in (type /login there), or set ANTHROPIC_API_KEY. Then send your message again.",
        data: { turnId: "t5", detail: "Not logged in · Please run /login" },
      },
    },
  ];
  return [...frames, ...events.map((value): Sample => ({ name: `event-${value.type}`, schema: "PanelEvent", value })), ...variants, ...buildCommands(), ...historySamples(render), ...toolSamples()];
}

function buildEvents(render: Renderer): PanelEvent[] {
  const turnId = "t3";
  return [
    { type: "state", state: "streaming", previous: "ready" },
    {
      type: "init",
      sessionId: SESSION,
      cliVersion: "2.1.332",
      model: "claude-opus-5-5",
      permissionMode: "default",
      cwd: PROJECT,
      tools: ["Bash", "Edit", "Read", "Write", "AskUserQuestion"],
      models: [
        { value: "default", displayName: "Default (recommended)", description: "Opus 5.5 for complex tasks" },
        { value: "sonnet", displayName: "Sonnet", description: "Sonnet 5 for daily tasks" },
      ],
      commands: [{ name: "compact", description: "Clear conversation history but keep a summary in context" }],
      account: { email: "dev@example.com", subscriptionType: "max" },
    },
    { type: "user_message", turnId, text: "Why does the player jump twice when I press space?", queued: false, attachments: 1 },
    { type: "turn_started", turnId, prompted: true },
    { type: "message_start", turnId, messageId: MESSAGE, parentToolUseId: null, model: "claude-opus-5-5" },
    { type: "message_delta", turnId, messageId: MESSAGE, index: 1, kind: "text", text: "The jump is handled in `Assets/Scripts/Pla" },
    {
      type: "message_final",
      turnId,
      messageId: MESSAGE,
      parentToolUseId: null,
      aborted: false,
      blocks: [
        { index: 0, kind: "thinking", text: "The user presses space once; Update may run the jump twice if input is read in FixedUpdate." },
        { index: 1, kind: "text", text: FINAL_MARKDOWN, ...render(FINAL_MARKDOWN) },
      ],
    },
    {
      type: "tool_started",
      turnId,
      toolUseId: TOOL,
      name: "Bash",
      input: { command: "grep -n Jump Assets/Scripts/PlayerController.cs", description: "Find jump code" },
      summary: "Bash: grep -n Jump Assets/Scripts/PlayerController.cs",
      parentToolUseId: null,
    },
    {
      type: "permission_requested",
      turnId,
      requestId: "3f1c9a52-8d5e-4c1b-9a7e-2b6f0d4e8c11",
      toolName: "Bash",
      toolUseId: TOOL,
      input: { command: "grep -n Jump Assets/Scripts/PlayerController.cs", description: "Find jump code" },
      description: "Find jump code",
      summary: "Bash: grep -n Jump Assets/Scripts/PlayerController.cs",
      suggestions: [{ type: "addRules", rules: [{ toolName: "Bash", ruleContent: "grep -n Jump *" }], behavior: "allow", destination: "localSettings" }],
      isQuestion: false,
    },
    { type: "permission_resolved", turnId, requestId: "3f1c9a52-8d5e-4c1b-9a7e-2b6f0d4e8c11", outcome: "allowed", detail: "allow", by: "user" },
    {
      type: "tool_finished",
      turnId,
      toolUseId: TOOL,
      name: "Bash",
      isError: false,
      result: '12:    if (isGrounded && Input.GetButtonDown("Jump"))',
      durationMs: 184,
      decision: "allow",
      decidedBy: "user",
      parentToolUseId: null,
    },
    {
      type: "subagent",
      taskId: "a4f2c1",
      toolUseId: "toolu_01Bq7fZ3",
      status: "completed",
      description: "Search input handling",
      subagentType: "Explore",
      background: false,
      tokens: 18234,
      toolUses: 6,
      durationMs: 41250,
      summary: "Input is read in both Update and FixedUpdate.",
    },
    {
      type: "turn_result",
      turnId,
      ok: true,
      status: "completed",
      subtype: "success",
      text: "The jump force is applied twice.",
      errors: [],
      terminalReason: "completed",
      durationMs: 9120,
      numTurns: 3,
      costUsd: 0.0412,
      usage: { input: 5211, output: 612, cacheRead: 18000, cacheCreation: 0 },
      contextWindow: 1000000,
      denials: [],
    },
    {
      type: "turn_file_write",
      turnId,
      toolUseId: TOOL,
      tool: "Edit",
      path: `${PROJECT}/Assets/Scripts/PlayerController.cs`,
      relPath: "Assets/Scripts/PlayerController.cs",
      assetPath: "Assets/Scripts/PlayerController.cs",
    },
    {
      type: "turn_files",
      turnId,
      files: [
        {
          path: `${PROJECT}/Assets/Scripts/PlayerController.cs`,
          relPath: "Assets/Scripts/PlayerController.cs",
          assetPath: "Assets/Scripts/PlayerController.cs",
          change: "modified",
          bytesBefore: 1843,
          bytesAfter: 1871,
          revertible: true,
          diff: [
            "Index: Assets/Scripts/PlayerController.cs",
            "===================================================================",
            "--- a/Assets/Scripts/PlayerController.cs",
            "+++ b/Assets/Scripts/PlayerController.cs",
            "@@ -40,3 +40,3 @@",
            "     void FixedUpdate()",
            "     {",
            '-        if (isGrounded && Input.GetButtonDown("Jump"))',
            "+        if (isGrounded && jumpQueued)",
            "",
          ].join("\n"),
        },
        { path: `${PROJECT}/Assets/Scripts/Jump.cs`, relPath: "Assets/Scripts/Jump.cs", assetPath: "Assets/Scripts/Jump.cs", change: "created", bytesBefore: null, bytesAfter: 412, revertible: true },
        { path: `${PROJECT}/notes.txt`, relPath: "notes.txt", change: "unchanged", bytesBefore: 20, bytesAfter: 20, revertible: true },
      ],
    },
    {
      type: "files_reverted",
      turnId,
      restored: [`${PROJECT}/Assets/Scripts/PlayerController.cs`, `${PROJECT}/Assets/Scripts/Jump.cs`],
      skipped: [{ path: `${PROJECT}/Assets/Art/Big.psd`, reason: "larger than 16 MB, so no copy was kept" }],
    },
    { type: "notice", level: "warning", code: "api_retry", message: "The API is busy (overloaded); retry 1 of 10 in 1.2 s.", data: { attempt: 1, delayMs: 1200, status: 529 } },
    { type: "unknown", messageType: "system", subtype: "hook_progress", reason: "no schema for this message", raw: { type: "system", subtype: "hook_progress", hook: "PreToolUse" } },
  ];
}

/** A compacted state: what a late subscriber gets while a permission card waits. */
function snapshotEvents(events: PanelEvent[]): PanelEvent[] {
  const keep = new Set(["init", "user_message", "turn_started", "message_start", "message_final", "tool_started", "permission_requested"]);
  return [...events.filter((e) => keep.has(e.type)), { type: "state", state: "waiting_permission", previous: "tool_running" }];
}

function buildCommands(): Sample[] {
  const chatId = "c1-9f3a2b";
  const commands: ClientCommand[] = [
    { id: "1", cmd: "hello", protocol: 1, client: "unity", clientVersion: "0.1.0", render: ["unity"] },
    { id: "2", cmd: "chats.list" },
    { id: "3", cmd: "chat.open", resume: SESSION, fork: false, model: "sonnet", permissionMode: "acceptEdits", allowBypassPermissions: false, preAllowReadOnlyTools: true },
    { id: "4", cmd: "chat.close", chatId },
    {
      id: "5",
      cmd: "chat.send",
      chatId,
      text: "Why does the player jump twice when I press space?",
      attachments: [
        { kind: "text", label: "Selection: Player (GameObject)", text: "Player\n  Rigidbody (mass 1)\n  PlayerController (jumpForce 7)" },
        { kind: "image", label: "Game view", mediaType: "image/png", base64: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==" },
      ],
    },
    { id: "6", cmd: "chat.interrupt", chatId },
    { id: "7", cmd: "permission.answer", chatId, requestId: "3f1c9a52-8d5e-4c1b-9a7e-2b6f0d4e8c11", answer: { kind: "allow_always", suggestions: [0] } },
    { id: "8", cmd: "chat.setModel", chatId, model: "opus" },
    { id: "9", cmd: "chat.setPermissionMode", chatId, mode: "plan" },
    { id: "10", cmd: "subscribe", chatId, afterSeq: 41 },
    { id: "11", cmd: "unsubscribe", chatId },
    { id: "12", cmd: "asset.open", ref: "Assets/Scripts/PlayerController.cs:42" },
    { id: "13", cmd: "chat.revertFiles", chatId, turnId: "t3", force: false, paths: [`${PROJECT}/Assets/Scripts/PlayerController.cs`] },
  ];
  const answers: Sample[] = [
    { kind: "allow" as const },
    { kind: "deny" as const, message: "Do not touch the scene files." },
    { kind: "deny_stop" as const },
    { kind: "answer_questions" as const, answers: { "Which input system should I use?": "Input System package" } },
  ].map((answer, i) => ({
    name: `command-permission.answer-${answer.kind}`,
    schema: "ClientCommand",
    value: { id: `7${i}`, cmd: "permission.answer", chatId, requestId: "3f1c9a52-8d5e-4c1b-9a7e-2b6f0d4e8c11", answer },
  }));
  return [...commands.map((value): Sample => ({ name: `command-${value.cmd}`, schema: "ClientCommand", value })), ...answers];
}
