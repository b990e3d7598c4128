import { scenario } from "../chat/fake-chat.js";

// Fake-claude scenarios for the browser tests, built from the recorded shapes of the real CLI
// (fixtures/fake-claude/scenarios): a streamed reply with thinking and markdown, a slow reply to
// interrupt or to drop the socket under, and the recorded Bash/Write permission turns.

type Step = Record<string, unknown>;

const text = scenario("text");
/** system/init, status "requesting" and the echo of the user message, as the CLI sends them. */
const opening: Step[] = text.turns[0].slice(0, 3);
const resultStep: Step = text.turns[0].at(-1);

/** One streamed assistant message: each block's chunks arrive `delayMs` apart. */
export function streamedTurn(msgId: string, blocks: { kind: "text" | "thinking"; chunks: string[] }[], delayMs = 0): Step[] {
  const ev = (event: object): Step => ({ emit: { type: "stream_event", event, session_id: "{{session_id}}", parent_tool_use_id: null, uuid: "{{uuid}}", api_message_id: msgId } });
  const steps: Step[] = [...opening];
  steps.push(
    ev({
      type: "message_start",
      message: {
        id: msgId,
        type: "message",
        role: "assistant",
        model: "claude-opus-5-5",
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 2567, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
      },
    }),
  );
  blocks.forEach((b, index) => {
    steps.push(ev({ type: "content_block_start", index, content_block: b.kind === "text" ? { type: "text", text: "" } : { type: "thinking", thinking: "", signature: "" } }));
    for (const chunk of b.chunks) {
      if (delayMs > 0) steps.push({ wait: delayMs });
      steps.push(ev({ type: "content_block_delta", index, delta: b.kind === "text" ? { type: "text_delta", text: chunk } : { type: "thinking_delta", thinking: chunk } }));
    }
    const full = b.chunks.join("");
    const content = b.kind === "text" ? { type: "text", text: full } : { type: "thinking", thinking: full, signature: "sig" };
    steps.push({
      emit: {
        type: "assistant",
        message: {
          id: msgId,
          type: "message",
          role: "assistant",
          model: "claude-opus-5-5",
          content: [content],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 2567, output_tokens: 1 },
        },
        parent_tool_use_id: null,
        session_id: "{{session_id}}",
        uuid: "{{uuid}}",
      },
    });
    steps.push(ev({ type: "content_block_stop", index }));
  });
  steps.push(ev({ type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 42 } }));
  steps.push(ev({ type: "message_stop" }));
  steps.push(resultStep);
  return steps;
}

/** The fake's base scenario (initialize answer, session id) with these turns. */
export function withTurns(turns: Step[][]): object {
  const { _about, turns: _t, ...base } = text;
  return { ...base, turns };
}

/** Markdown reply used by the streaming and screenshot tests. */
export const MARKDOWN_CHUNKS = ["The **PlayerController** ", "moves the player with `Rigidbody.AddForce`.", "\n\nTo make it ", "jump, check ", "`isGrounded` first."];

/** A reply whose 24 chunks arrive 80 ms apart (about 2 s): long enough to interrupt or drop the socket. */
export const SLOW_CHUNKS = Array.from({ length: 24 }, (_, i) => `w${i} `);

/** The recorded Bash (turn 1) and Write (turn 2+) permission turns. */
export function toolScenario(): object {
  return scenario("tool");
}

/** The Bash permission turn alone, for scenarios that need it after other turns. */
export function bashTurn(): Step[] {
  return scenario("tool").turns[0];
}

/**
 * A tiny markdown → HTML renderer for tests (escapes everything, then **bold**, `code`, paragraphs).
 * The sidecar's real renderer (sidecar/src/render) replaces it once it exists.
 */
export function markdownForTests(md: string): string {
  const esc = md.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  const inline = esc.replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>").replace(/`([^`]+)`/g, "<code>$1</code>");
  return inline
    .split(/\n{2,}/)
    .map((p) => `<p>${p}</p>`)
    .join("\n");
}

/** A turn where Claude asks one AskUserQuestion question (Red / Blue) and waits for the answer. */
export function questionTurn(): Step[] {
  const msgId = "msg_question";
  const input = {
    questions: [
      {
        question: "Which color should the player be?",
        header: "Color",
        multiSelect: false,
        options: [
          { label: "Red", description: "Warm" },
          { label: "Blue", description: "Cool" },
        ],
      },
    ],
  };
  const ev = (event: object): Step => ({ emit: { type: "stream_event", event, session_id: "{{session_id}}", parent_tool_use_id: null, uuid: "{{uuid}}", api_message_id: msgId } });
  return [
    ...opening,
    ev({ type: "message_start", message: { id: msgId, type: "message", role: "assistant", model: "claude-opus-5-5", content: [], usage: { input_tokens: 10, output_tokens: 1 } } }),
    {
      emit: {
        type: "assistant",
        message: {
          id: msgId,
          type: "message",
          role: "assistant",
          model: "claude-opus-5-5",
          content: [{ type: "tool_use", id: "toolu_q", name: "AskUserQuestion", input }],
          usage: { input_tokens: 10, output_tokens: 1 },
        },
        parent_tool_use_id: null,
        session_id: "{{session_id}}",
        uuid: "{{uuid}}",
      },
    },
    ev({ type: "message_delta", delta: { stop_reason: "tool_use", stop_sequence: null }, usage: { output_tokens: 30 } }),
    ev({ type: "message_stop" }),
    {
      emit: {
        type: "control_request",
        request_id: "req-question",
        request: { subtype: "can_use_tool", tool_name: "AskUserQuestion", display_name: "AskUserQuestion", input, tool_use_id: "toolu_q", requires_user_interaction: true },
      },
    },
    { awaitAnswer: "req-question" },
    {
      emit: {
        type: "user",
        message: { role: "user", content: [{ tool_use_id: "toolu_q", type: "tool_result", content: "User has answered your questions." }] },
        parent_tool_use_id: null,
        session_id: "{{session_id}}",
        uuid: "{{uuid}}",
      },
    },
    resultStep,
  ];
}
