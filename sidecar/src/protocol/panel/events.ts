import { z } from "zod";
import { ChatEvent, ChatStateName } from "../chat-events.js";
import { UnityBlock } from "./unity-block.js";

// PanelEvent: the chat engine's ChatEvent as clients receive it. The one difference is that
// text blocks of message_final carry the markdown rendered once in the sidecar: `unity` (blocks
// for the Unity panel) and `html` (sanitized HTML for the browser), each only if asked for.

type ChatEventOption = (typeof ChatEvent.options)[number];
type MessageFinalOption = Extract<ChatEventOption, { shape: { type: z.ZodLiteral<"message_final"> } }>;

const messageFinal = ChatEvent.options.find((o): o is MessageFinalOption => o.shape.type.value === "message_final");
if (!messageFinal) throw new Error("chat/events.ts has no message_final event");
const others = ChatEvent.options.filter((o) => o.shape.type.value !== "message_final") as Exclude<ChatEventOption, MessageFinalOption>[];

/** One block of a final message; text blocks may carry their rendered forms. */
export const PanelBlock = messageFinal.shape.blocks.element.extend({
  unity: z.array(UnityBlock).optional(),
  html: z.string().optional(),
});
export type PanelBlock = z.infer<typeof PanelBlock>;

/** message_final with rendered text blocks. */
export const PanelMessageFinal = messageFinal.extend({ blocks: z.array(PanelBlock) });

/** Every event a client can receive for a chat, discriminated by `type`. */
export const PanelEvent = z.discriminatedUnion("type", [PanelMessageFinal, ...others]);
export type PanelEvent = z.infer<typeof PanelEvent>;

/** Narrow helper: the panel event with a given `type` tag. */
export type PanelEventOf<T extends PanelEvent["type"]> = Extract<PanelEvent, { type: T }>;

/** One line of the chat list (welcome, chats frames, chats.list). */
export const ChatSummary = z.object({
  chatId: z.string(),
  sessionId: z.string().optional(),
  state: ChatStateName,
  title: z.string().optional(),
  model: z.string().optional(),
  permissionMode: z.string().optional(),
  cwd: z.string(),
  lastSeq: z.number().int().nonnegative(),
  pendingPermissions: z.number().int().nonnegative(),
});
export type ChatSummary = z.infer<typeof ChatSummary>;

export { ChatStateName };
