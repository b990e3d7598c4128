// Bounds on JSON values that come from outside (claude's stdout, transcripts, clients). JSON.parse
// accepts any nesting, but JSON.stringify, zod and our own walkers recurse and overflow the stack
// somewhere past a few thousand levels: a value that deep must be cut down where it is parsed,
// before anything else touches it. Strings are cut where an event would be too big to send.

/** Deepest nesting kept from claude's output (real messages stay below 20; panel frames add a few). */
export const MAX_JSON_DEPTH = 64;

/** What replaces a subtree nested deeper than the limit. */
export const CLIPPED_DEPTH = `[left out by Agent Panel: nested more than ${MAX_JSON_DEPTH} levels deep]`;

/**
 * True when `value` nests arrays/objects more than `maxDepth` levels. It runs on every line claude
 * writes, so it allocates nothing: a recursion that stops one level past `maxDepth`, so it is safe
 * at any depth (a value nested a million levels costs `maxDepth` frames).
 */
export function exceedsDepth(value: unknown, maxDepth = MAX_JSON_DEPTH): boolean {
  return typeof value === "object" && value !== null && deeperThan(value, maxDepth - 1);
}

/** Whether an object or array holds one nested more than `levels` levels below it. */
function deeperThan(node: object, levels: number): boolean {
  if (levels < 0) return true;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const child: unknown = node[i];
      if (typeof child === "object" && child !== null && deeperThan(child, levels - 1)) return true;
    }
    return false;
  }
  for (const key in node) {
    if (!Object.hasOwn(node, key)) continue;
    const child: unknown = (node as Record<string, unknown>)[key];
    if (typeof child === "object" && child !== null && deeperThan(child, levels - 1)) return true;
  }
  return false;
}

/** A copy of `value` whose subtrees below `maxDepth` are replaced by CLIPPED_DEPTH (recursion is bounded by maxDepth). */
export function clipDepth(value: unknown, maxDepth = MAX_JSON_DEPTH): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (maxDepth <= 0) return CLIPPED_DEPTH;
  if (Array.isArray(value)) return value.map((v) => clipDepth(v, maxDepth - 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = clipDepth(v, maxDepth - 1);
  return out;
}

/** The value bounded to MAX_JSON_DEPTH, and whether anything had to be left out. */
export function boundDepth(value: unknown, maxDepth = MAX_JSON_DEPTH): { value: unknown; clipped: boolean } {
  return exceedsDepth(value, maxDepth) ? { value: clipDepth(value, maxDepth), clipped: true } : { value, clipped: false };
}

/** True when a value (already bounded) contains the depth marker somewhere. */
export function containsClipped(value: unknown): boolean {
  if (value === CLIPPED_DEPTH) return true;
  if (typeof value !== "object" || value === null) return false;
  return (Array.isArray(value) ? value : Object.values(value)).some(containsClipped);
}

/** A copy with every string longer than `maxChars` cut to that length plus a note of what was left out. */
export function clipStrings(value: unknown, maxChars: number): unknown {
  if (typeof value === "string") return value.length > maxChars ? `${value.slice(0, maxChars)}\n[… ${value.length - maxChars} more characters left out by Agent Panel]` : value;
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map((v) => clipStrings(v, maxChars));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = clipStrings(v, maxChars);
  return out;
}

/** JSON text of a value, or undefined when it cannot be serialized (too deep, cyclic, BigInt). Never throws. */
export function tryStringify(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}
