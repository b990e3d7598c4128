import type { z } from "zod";

// A quick yes for the common case of a zod schema: every line claude writes is validated, and a
// zod parse builds a copy of each loose object it walks (most of what parsing a line costs after
// JSON.parse itself). fastCheck derives, once per schema, a plain predicate from the schema's own
// definition: true only when the schema accepts the value and its result would equal the value
// (no coercion, no checks, no defaults, unknown keys kept), so the value can be used as it is.
// False or undefined never means the value is wrong: the caller then asks zod, which decides and
// says why. So a schema stays the one source of what a message may be.

/** True: the schema accepts `value` and would return an equal value. False: ask the schema. */
export type FastCheck = (value: unknown) => boolean;

/** The predicate for `schema`, or undefined when it uses something the predicate cannot mirror. */
export function fastCheck(schema: z.ZodType): FastCheck | undefined {
  return derive(schema as unknown as Schema);
}

/** The parts of a zod 4 schema's definition read here (its internals, checked at every step). */
interface Schema {
  _zod: {
    def: {
      type: string;
      checks?: unknown[];
      coerce?: boolean;
      innerType?: Schema;
      element?: Schema;
      shape?: Record<string, Schema>;
      catchall?: Schema;
      options?: Schema[];
      keyType?: Schema;
      valueType?: Schema;
      values?: unknown[];
      entries?: Record<string, unknown>;
    };
  };
}

function derive(schema: Schema): FastCheck | undefined {
  const def = schema?._zod?.def;
  if (!def || (def.checks !== undefined && def.checks.length > 0) || def.coerce === true) return undefined;
  switch (def.type) {
    case "string":
      return (v) => typeof v === "string";
    case "number":
      return (v) => typeof v === "number" && Number.isFinite(v);
    case "boolean":
      return (v) => typeof v === "boolean";
    case "unknown":
    case "any":
      return () => true;
    case "literal": {
      const values = def.values;
      return Array.isArray(values) ? (v) => values.includes(v) : undefined;
    }
    case "enum": {
      const values = def.entries ? Object.values(def.entries) : undefined;
      return values ? (v) => values.includes(v) : undefined;
    }
    case "optional": {
      const inner = def.innerType && derive(def.innerType);
      return inner && ((v) => v === undefined || inner(v));
    }
    case "nullable": {
      const inner = def.innerType && derive(def.innerType);
      return inner && ((v) => v === null || inner(v));
    }
    case "array": {
      const element = def.element && derive(def.element);
      return element && ((v) => Array.isArray(v) && v.every(element));
    }
    case "union": {
      const options = def.options?.map(derive);
      if (!options || options.length === 0 || options.some((o) => o === undefined)) return undefined;
      const checks = options as FastCheck[];
      return (v) => checks.some((check) => check(v));
    }
    case "record":
      return record(def.keyType, def.valueType);
    case "object":
      return object(def.shape, def.catchall);
    default:
      return undefined; // transforms, defaults, pipes, lazy schemas …: zod alone
  }
}

/** A plain object with string keys (keys checked by a bare z.string()) and values the value schema takes. */
function record(keyType: Schema | undefined, valueType: Schema | undefined): FastCheck | undefined {
  // Keys are strings in JSON: a key schema other than a bare z.string() (derive refuses checks) is zod's to judge.
  if (keyType?._zod?.def?.type !== "string" || !derive(keyType) || !valueType) return undefined;
  const value = derive(valueType);
  if (!value) return undefined;
  return (v) => {
    if (!isPlain(v)) return false;
    const o = v as Record<string, unknown>;
    for (const k in o) if (!value(o[k])) return false;
    return true;
  };
}

/** A loose object (unknown keys kept as they are): each known key present and taken, or absent and optional. */
function object(shape: Record<string, Schema> | undefined, catchall: Schema | undefined): FastCheck | undefined {
  // A strict or stripping object would reject or drop unknown keys: its result could differ.
  if (!shape || catchall?._zod?.def?.type !== "unknown") return undefined;
  // Parallel arrays, read by index: this runs for most lines claude writes.
  const keys = Object.keys(shape);
  const checks: FastCheck[] = [];
  const optional: boolean[] = [];
  const inherited: boolean[] = []; // a key Object.prototype also has (`constructor` …) is read only when it is the value's own
  for (const key of keys) {
    const check = derive(shape[key]!);
    if (!check) return undefined;
    checks.push(check);
    optional.push(shape[key]!._zod.def.type === "optional");
    inherited.push(key in Object.prototype);
  }
  return (v) => {
    if (!isPlain(v)) return false;
    const o = v as Record<string, unknown>;
    for (let i = 0; i < keys.length; i++) {
      const x = inherited[i] && !Object.hasOwn(o, keys[i]!) ? undefined : o[keys[i]!];
      if (x === undefined) {
        if (!optional[i]) return false; // absent, or present as undefined: zod decides
      } else if (!checks[i]!(x)) return false;
    }
    return true;
  };
}

/** An object as JSON.parse makes it: the plain prototype, and no own `__proto__` key (zod treats that one specially). */
function isPlain(v: unknown): boolean {
  return typeof v === "object" && v !== null && Object.getPrototypeOf(v) === Object.prototype && !Object.hasOwn(v, "__proto__");
}
