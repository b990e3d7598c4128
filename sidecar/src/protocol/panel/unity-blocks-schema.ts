import { z } from "zod";

// Panel protocol: the blocks the Unity panel maps 1:1 to VisualElements. Every `text`, `header`
// and `rows` string is Unity rich text (see rich-text.ts for the tags used and the escaping);
// CodeBlock.text is the raw code and must be shown with rich text disabled.

/** A heading; level 1–6 as in markdown. */
export const HeadingBlockSchema = z.object({
  type: z.literal("heading"),
  level: z.number().int().min(1).max(6),
  text: z.string(),
});

/** A paragraph of rich text ("\n" inside is a hard line break). */
export const ParagraphBlockSchema = z.object({ type: z.literal("paragraph"), text: z.string() });

/** A fenced or indented code block; `language` is the first word of the info string or "". */
export const CodeBlockSchema = z.object({ type: z.literal("code"), language: z.string(), text: z.string() });

/** Column alignment of a table; null when the delimiter row gives none. */
export const TableAlignSchema = z.enum(["left", "center", "right"]).nullable();

/** A GFM table; every row has as many cells as the header. */
export const TableBlockSchema = z.object({
  type: z.literal("table"),
  align: z.array(TableAlignSchema),
  header: z.array(z.string()),
  rows: z.array(z.array(z.string())),
});

/** A thematic break (horizontal rule). */
export const RuleBlockSchema = z.object({ type: z.literal("rule") });

/** One list item: its first paragraph as `text`, anything after it (nested lists, code…) as blocks. */
export const ListItemSchema = z.object({
  text: z.string(),
  /** Task items only: true when checked, false when not; absent for ordinary items. */
  task: z.boolean().nullable().optional(),
  get blocks(): z.ZodOptional<z.ZodArray<typeof UnityBlockSchema>> {
    return z.array(UnityBlockSchema).optional();
  },
});

/** An ordered or bullet list; `start` is present for ordered lists only. */
export const ListBlockSchema = z.object({
  type: z.literal("list"),
  ordered: z.boolean(),
  start: z.number().int().optional(),
  items: z.array(ListItemSchema),
});

/** A block quote holding further blocks. */
export const QuoteBlockSchema = z.object({
  type: z.literal("quote"),
  get blocks(): z.ZodArray<typeof UnityBlockSchema> {
    return z.array(UnityBlockSchema);
  },
});

/** Any block of an assistant message as sent to the Unity panel. */
export const UnityBlockSchema = z.discriminatedUnion("type", [HeadingBlockSchema, ParagraphBlockSchema, ListBlockSchema, CodeBlockSchema, QuoteBlockSchema, TableBlockSchema, RuleBlockSchema]);

export type HeadingBlock = z.infer<typeof HeadingBlockSchema>;
export type ParagraphBlock = z.infer<typeof ParagraphBlockSchema>;
export type CodeBlock = z.infer<typeof CodeBlockSchema>;
export type TableAlign = z.infer<typeof TableAlignSchema>;
export type TableBlock = z.infer<typeof TableBlockSchema>;
export type RuleBlock = z.infer<typeof RuleBlockSchema>;
export type ListItem = z.infer<typeof ListItemSchema>;
export type ListBlock = z.infer<typeof ListBlockSchema>;
export type QuoteBlock = z.infer<typeof QuoteBlockSchema>;
export type UnityBlock = z.infer<typeof UnityBlockSchema>;
