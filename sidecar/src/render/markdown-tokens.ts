import { Marked, type Token, type Tokens } from "marked";
import { decodeEntities } from "./entities.js";

// The single markdown parse shared by the Unity and HTML renderers. After lexing, runs of plain
// inline text (marked "text" tokens without children, and backslash "escape" tokens) are merged
// into one PlainText token holding exactly the characters the user should see. Both renderers
// then escape that text for their own target, so they cannot disagree about what is displayed,
// and an asset path split by marked (e.g. "Assets/My\_File.cs") is seen whole.

/** A merged run of visible characters (already decoded; never contains markup). */
export interface PlainText extends Tokens.Text {
  plain: true;
}

// The one lexer configuration (GFM, no extensions). html.ts renders with its own Marked instance
// because renderer overrides are per instance; the token stream always comes from here.
const markdown = new Marked({ gfm: true, breaks: false });

/** Lexes markdown into block tokens whose inline runs are normalised (see header). */
export function lexMarkdown(source: string): Token[] {
  return normalizeBlocks(markdown.lexer(source));
}

/** Type guard for merged plain text runs. */
export function isPlainText(token: Token): token is PlainText {
  return token.type === "text" && (token as Partial<PlainText>).plain === true;
}

function normalizeBlocks(tokens: Token[]): Token[] {
  for (const token of tokens) {
    switch (token.type) {
      case "paragraph":
      case "heading":
        token.tokens = normalizeInline(token.tokens ?? [], false);
        break;
      case "text":
        if (token.tokens) token.tokens = normalizeInline(token.tokens, false);
        break;
      case "blockquote":
        token.tokens = normalizeBlocks(token.tokens ?? []);
        break;
      case "list":
        for (const item of (token as Tokens.List).items) item.tokens = normalizeBlocks(item.tokens);
        break;
      case "table": {
        const table = token as Tokens.Table;
        for (const cell of [...table.header, ...table.rows.flat()]) cell.tokens = normalizeInline(cell.tokens, false);
        break;
      }
    }
  }
  return tokens;
}

// `literal`: inside an autolink, where marked keeps text exactly as written (no references).
function normalizeInline(tokens: Token[], literal: boolean): Token[] {
  const out: Token[] = [];
  let run: string[] = [];
  let raw: string[] = [];
  const flush = (): void => {
    if (run.length === 0) return;
    const text = run.join("");
    out.push({ type: "text", raw: raw.join(""), text, plain: true } as PlainText);
    run = [];
    raw = [];
  };
  for (const token of tokens) {
    if (token.type === "text" && !token.tokens) {
      run.push(literal ? token.text : decodeEntities(token.text));
      raw.push(token.raw);
      continue;
    }
    if (token.type === "escape") {
      run.push(token.text);
      raw.push(token.raw);
      continue;
    }
    flush();
    if ("tokens" in token && token.tokens) {
      token.tokens = normalizeInline(token.tokens, token.type === "link" && token.autolink === true);
    }
    out.push(token);
  }
  flush();
  return out;
}
