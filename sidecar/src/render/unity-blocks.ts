import type { Token, Tokens } from "marked";
import { decodeEntities } from "./entities.js";
import { lexMarkdown } from "./markdown-tokens.js";
import { escapeRichText } from "./rich-text.js";
import { renderInline } from "./unity-inline.js";
import type { ListBlock, ListItem, TableBlock, UnityBlock } from "../protocol/panel/unity-blocks-schema.js";

// Markdown → the block list the Unity panel maps 1:1 to VisualElements (schema in
// unity-blocks-schema.ts, rich-text rules in rich-text.ts). Raw HTML is never interpreted: it is
// shown as the text that was written (except <br>, which is a line break).

/** Renders an assistant message's markdown as Unity blocks; never throws on any input string. */
export function renderUnityBlocks(markdown: string): UnityBlock[] {
  return blocksOf(lexMarkdown(markdown));
}

function blocksOf(tokens: Token[]): UnityBlock[] {
  const blocks: UnityBlock[] = [];
  for (const token of tokens) {
    const block = blockOf(token);
    if (block !== null) blocks.push(block);
  }
  return blocks;
}

function blockOf(token: Token): UnityBlock | null {
  switch (token.type) {
    case "space":
    case "def":
    case "checkbox":
      return null;
    case "heading":
      return { type: "heading", level: clampLevel((token as Tokens.Heading).depth), text: renderInline(token.tokens) };
    case "paragraph":
      return { type: "paragraph", text: renderInline(token.tokens) };
    case "text":
      return { type: "paragraph", text: token.tokens ? renderInline(token.tokens) : escapeRichText(decodeEntities(token.text)) };
    case "code":
      return { type: "code", language: firstWord((token as Tokens.Code).lang), text: (token as Tokens.Code).text };
    case "blockquote":
      return { type: "quote", blocks: blocksOf(token.tokens ?? []) };
    case "list":
      return list(token as Tokens.List);
    case "table":
      return table(token as Tokens.Table);
    case "hr":
      return { type: "rule" };
    case "html":
      return { type: "paragraph", text: escapeRichText(token.text.replace(/\n+$/, "")) };
    default:
      return { type: "paragraph", text: "tokens" in token && token.tokens ? renderInline(token.tokens) : escapeRichText(token.raw) };
  }
}

function list(token: Tokens.List): ListBlock {
  const block: ListBlock = { type: "list", ordered: token.ordered, items: token.items.map(listItem) };
  if (token.ordered) block.start = typeof token.start === "number" ? token.start : 1;
  return block;
}

// The item's leading paragraph (or tight-list text) is its `text`; everything after it nests.
function listItem(item: Tokens.ListItem): ListItem {
  const tokens = item.tokens.filter((t) => t.type !== "checkbox" && t.type !== "space");
  const first = tokens[0];
  const leadsWithText = first !== undefined && (first.type === "paragraph" || first.type === "text");
  const result: ListItem = { text: leadsWithText ? blockText(first) : "" };
  if (item.task) result.task = item.checked === true;
  const rest = blocksOf(leadsWithText ? tokens.slice(1) : tokens);
  if (rest.length > 0) result.blocks = rest;
  return result;
}

function blockText(token: Token): string {
  return "tokens" in token && token.tokens ? renderInline(token.tokens) : escapeRichText(token.raw);
}

function table(token: Tokens.Table): TableBlock {
  return {
    type: "table",
    align: token.align.map((a) => a ?? null),
    header: token.header.map((cell) => renderInline(cell.tokens)),
    rows: token.rows.map((row) => row.map((cell) => renderInline(cell.tokens))),
  };
}

function firstWord(info: string | undefined): string {
  return (info ?? "").trim().split(/\s/, 1)[0] ?? "";
}

function clampLevel(depth: number): number {
  return Math.min(6, Math.max(1, Math.trunc(depth)));
}
