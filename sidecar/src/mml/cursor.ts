// A position in an MML source with the small reading primitives both dialect parsers share.

/** Reads an MML source left to right; offsets feed the diagnostics' line and column. */
export class Cursor {
  pos = 0;
  constructor(readonly text: string) {}

  eof(): boolean {
    return this.pos >= this.text.length;
  }
  /** The character at the cursor (or `ahead` past it), "" at the end. */
  peek(ahead = 0): string {
    return this.text.charAt(this.pos + ahead);
  }
  /** True when the cursor is at the first character of a line. */
  atLineStart(): boolean {
    return this.pos === 0 || this.text.charCodeAt(this.pos - 1) === 10;
  }
  /** Skip spaces and tabs (not newlines), and `;` or `//` comments up to the end of the line. */
  skipBlanks(): void {
    for (;;) {
      const c = this.peek();
      if (c === " " || c === "\t" || c === "\r" || c === "\u3000") this.pos++;
      else if (c === ";" || (c === "/" && this.peek(1) === "/")) {
        const nl = this.text.indexOf("\n", this.pos);
        this.pos = nl === -1 ? this.text.length : nl;
      } else return;
    }
  }
  /** Skip blanks, comments and newlines (inside definitions, which may span lines). */
  skipSpace(): void {
    for (;;) {
      this.skipBlanks();
      if (this.peek() === "\n") this.pos++;
      else return;
    }
  }
  /** Consume `word` if it comes next (case-insensitively when asked). */
  accept(word: string, ignoreCase = false): boolean {
    const got = this.text.substr(this.pos, word.length);
    if (got === word || (ignoreCase && got.toUpperCase() === word.toUpperCase())) {
      this.pos += word.length;
      return true;
    }
    return false;
  }
  /** Read an optionally signed decimal integer after blanks; null (cursor unmoved) when none. */
  readInt(allowSign = false): number | null {
    const save = this.pos;
    this.skipBlanks();
    let sign = 1;
    if (allowSign && (this.peek() === "-" || this.peek() === "+")) {
      if (this.peek() === "-") sign = -1;
      this.pos++;
    }
    const start = this.pos;
    while (this.pos < this.text.length && this.pos - start < 9) {
      const c = this.text.charCodeAt(this.pos);
      if (c < 48 || c > 57) break;
      this.pos++;
    }
    if (this.pos === start) {
      this.pos = save;
      return null;
    }
    while (/[0-9]/.test(this.peek())) this.pos++; // absurdly long numbers: keep the first 9 digits' value
    return sign * Number(this.text.slice(start, Math.min(this.pos, start + 9)));
  }
  /** True when the next non-blank character is a digit. */
  digitNext(): boolean {
    const save = this.pos;
    this.skipBlanks();
    const d = /[0-9]/.test(this.peek());
    this.pos = save;
    return d;
  }
}
