import type { Renderer } from "../../sidecar/src/bridge/hubs/hub-render.js";
import type { PanelEvent } from "../../sidecar/src/protocol/panel/events.js";
import type { SessionSummary } from "../../sidecar/src/protocol/panel/history.js";
import type { Sample } from "./samples.js";

// Golden samples of the history commands, their ack results and the history.changed frame.

const PROJECT = "/home/dev/projects/MyGame";
const OLD = "2c54866b-7cd0-4caf-b231-cd4dc52df7b3";
const NEW = "7f1e0c2a-93b4-4d57-8a1e-5c0b9d3f6a21";
const AGENT = "a4f2c1d9e8b7a6f50";
const AGENT_TOOL = "toolu_01Bq7fZ3";

/** The history samples (commands, acks with results, the push frame). */
export function historySamples(render: Renderer): Sample[] {
  const jump: SessionSummary = {
    id: OLD,
    title: "Why does the player jump twice?",
    titleSource: "ai",
    firstPrompt: "Why does the player jump twice when I press space?",
    lastPrompt: "Thanks, that fixed it.",
    createdAt: "2026-03-02T09:14:05.120Z",
    lastActivity: "2026-03-02T09:31:44.901Z",
    model: "claude-opus-5-5",
    gitBranch: "main",
    cwd: PROJECT,
    messageCount: 42,
    messageCountExact: true,
    size: 88231,
    hasSubagents: true,
    archived: false,
  };
  const fresh: SessionSummary = {
    id: NEW,
    title: "Add a pause menu",
    titleSource: "prompt",
    firstPrompt: "Add a pause menu",
    lastPrompt: "Add a pause menu",
    createdAt: "2026-03-03T16:02:11.004Z",
    lastActivity: "2026-03-03T16:02:30.517Z",
    cwd: PROJECT,
    messageCount: 3,
    messageCountExact: true,
    size: 5120,
    hasSubagents: false,
    archived: false,
  };
  const reply = "The jump runs in **both** `Update` and `FixedUpdate`; read the input in `Update` only.";
  const events: PanelEvent[] = [
    { type: "user_message", turnId: "h-5d2c1f8e-0b7a-4c3e-9f61-2a8d4e7b9c10", text: "Why does the player jump twice when I press space?", queued: false, attachments: 0 },
    { type: "turn_started", turnId: "h-5d2c1f8e-0b7a-4c3e-9f61-2a8d4e7b9c10", prompted: true },
    { type: "message_start", turnId: "h-5d2c1f8e-0b7a-4c3e-9f61-2a8d4e7b9c10", messageId: "msg_01Hist", parentToolUseId: null, model: "claude-opus-5-5" },
    {
      type: "message_final",
      turnId: "h-5d2c1f8e-0b7a-4c3e-9f61-2a8d4e7b9c10",
      messageId: "msg_01Hist",
      parentToolUseId: null,
      aborted: false,
      blocks: [{ index: 0, kind: "text", text: reply, ...render(reply) }],
    },
  ];
  return [
    { name: "command-history.list", schema: "ClientCommand", value: { id: "20", cmd: "history.list", query: "jump", includeArchived: false } },
    { name: "command-history.search", schema: "ClientCommand", value: { id: "21", cmd: "history.search", text: "FixedUpdate", limit: 50 } },
    { name: "command-history.load", schema: "ClientCommand", value: { id: "22", cmd: "history.load", sessionId: OLD, cursor: "eyJ2IjoxLCJlbmQiOjQwOTZ9" } },
    { name: "command-history.subagent", schema: "ClientCommand", value: { id: "25", cmd: "history.subagent", sessionId: OLD, agentId: AGENT, toolUseId: AGENT_TOOL } },
    { name: "command-history.subscribe", schema: "ClientCommand", value: { id: "23", cmd: "history.subscribe" } },
    { name: "command-history.unsubscribe", schema: "ClientCommand", value: { id: "24", cmd: "history.unsubscribe" } },
    { name: "frame-ack-history.list", schema: "ServerFrame", result: "history.list", value: { kind: "ack", id: "20", result: { sessions: [jump], verified: true } } },
    {
      name: "frame-ack-history.search",
      schema: "ServerFrame",
      result: "history.search",
      value: {
        kind: "ack",
        id: "21",
        result: {
          hits: [
            {
              sessionId: OLD,
              title: jump.title,
              role: "assistant",
              kind: "text",
              snippet: "…The jump runs in **both** `Update` and `FixedUpdate`; read the input in `Update…",
              timestamp: "2026-03-02T09:15:12.330Z",
              uuid: "9b2d7c1e-4f3a-4e8b-a0c5-1d2e3f4a5b6c",
            },
          ],
        },
      },
    },
    { name: "frame-ack-history.load", schema: "ServerFrame", result: "history.load", value: { kind: "ack", id: "22", result: { sessionId: OLD, events, cursor: "eyJ2IjoxLCJlbmQiOjIwNDh9" } } },
    {
      name: "frame-ack-history.subagent",
      schema: "ServerFrame",
      result: "history.subagent",
      value: {
        kind: "ack",
        id: "25",
        result: {
          sessionId: OLD,
          agentId: AGENT,
          toolUseId: AGENT_TOOL,
          description: "Search input handling",
          agentType: "Explore",
          model: "claude-opus-5-5",
          missing: false,
          events: subagentEvents(render),
          cursor: null,
        },
      },
    },
    { name: "frame-history.changed", schema: "ServerFrame", value: { kind: "history.changed", sessions: [fresh], removed: ["0d9c3b7a-1e2f-4a5b-8c6d-7e8f9a0b1c2d"] } },
  ];
}

/** A subagent's restored page: its messages and tools, all under the Agent tool call that started it. */
function subagentEvents(render: Renderer): PanelEvent[] {
  const tool = "toolu_01Sub4Grep";
  const found = "Input is read in both `Update` and `FixedUpdate`.";
  const looking = "Looking for where the jump input is read.";
  return [
    { type: "message_start", turnId: "agent", messageId: "msg_01Sub1", parentToolUseId: AGENT_TOOL, model: "claude-opus-5-5" },
    { type: "message_final", turnId: "agent", messageId: "msg_01Sub1", parentToolUseId: AGENT_TOOL, aborted: false, blocks: [{ index: 0, kind: "text", text: looking, ...render(looking) }] },
    { type: "tool_started", turnId: "agent", toolUseId: tool, name: "Grep", input: { pattern: "GetButtonDown" }, summary: "Grep: GetButtonDown", parentToolUseId: AGENT_TOOL },
    {
      type: "tool_finished",
      turnId: "agent",
      toolUseId: tool,
      name: "Grep",
      isError: false,
      result: "Assets/Scripts/PlayerController.cs",
      durationMs: 61,
      decision: "accept",
      parentToolUseId: AGENT_TOOL,
    },
    { type: "message_start", turnId: "agent", messageId: "msg_01Sub2", parentToolUseId: AGENT_TOOL, model: "claude-opus-5-5" },
    { type: "message_final", turnId: "agent", messageId: "msg_01Sub2", parentToolUseId: AGENT_TOOL, aborted: false, blocks: [{ index: 0, kind: "text", text: found, ...render(found) }] },
  ];
}
