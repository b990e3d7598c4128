// Two patches the bundle applies to its dependencies' code (esbuild onLoad plugins), both about
// the garbage a /mcp call leaves: see each plugin. Exported for esbuild.config.mjs and for the test
// that checks they still apply to the installed versions and change nothing a caller can see.
import { readFileSync } from "node:fs";

/**
 * zod 4.6 returns a failed safeParse as an object literal with an accessor (`get error()`) whose
 * closure holds the issues and the parsed input. On Node 20's V8 such a literal is allocated in
 * the old generation, so everything its closure holds survives every young-generation GC until the
 * next full one: about 10 KB per failed check, scavenges of 3-12 ms instead of under 1. The MCP
 * SDK fails such checks on every message (isInitializeRequest on each POST, the response checks
 * on each request), so /mcp calls paid it in their tail latency. The same lazy result as a class
 * (private fields, `error` a getter on the prototype) is allocated young. Node 22 and later do not
 * need it; the build fails if zod's code changed, so the patch is looked at again on upgrades.
 */
export function zodFailureResultPlugin() {
  const original = /function failure\(Err, issues, ctx\) \{\n    let error;\n    return \{\n        success: false,\n        get error\(\) \{[\s\S]*?\n    \};\n\}\n/;
  const replacement = `class SafeParseFailure {
    #Err; #issues; #ctx; #error;
    constructor(Err, issues, ctx) { this.success = false; this.#Err = Err; this.#issues = issues; this.#ctx = ctx; }
    get error() {
        if (!this.#error) {
            this.#error = new this.#Err(this.#issues.map((iss) => util.finalizeIssue(iss, this.#ctx, core.config())));
            this.#issues = undefined;
            this.#ctx = undefined;
        }
        return this.#error;
    }
    set error(e) { this.#error = e; this.#issues = undefined; this.#ctx = undefined; }
}
function failure(Err, issues, ctx) {
    return new SafeParseFailure(Err, issues, ctx);
}
`;
  return {
    name: "zod-failure-result",
    setup(b) {
      b.onLoad({ filter: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]parse\.js$/ }, (args) => {
        const text = readFileSync(args.path, "utf8");
        if (!original.test(text)) throw new Error(`zod's failure() in ${args.path} is not the one zodFailureResultPlugin replaces: check whether the patch is still needed (esbuild.config.mjs).`);
        return { contents: text.replace(original, replacement), loader: "js" };
      });
    },
  };
}

/**
 * The MCP SDK tells message kinds apart with type guards like
 * `isJSONRPCRequest = (value) => JSONRPCRequestSchema.safeParse(value).success`, several per
 * message (every request is first checked for being a response), each a full parse that builds a
 * result, and issues when it fails. zod's `validate` gives the same yes or no, stopping at the
 * first problem and building no result (the test compares both on every guard). With it the
 * sidecar allocates about 66 KB per /mcp call instead of 75 (V8's sampling heap profiler).
 */
export function mcpTypeGuardsPlugin() {
  const guard = /^(export const is\w+ = \(value\) => \w+Schema)\.safeParse\(value\)\.success;$/gm;
  return {
    name: "mcp-type-guards",
    setup(b) {
      b.onLoad({ filter: /[\\/]node_modules[\\/]@modelcontextprotocol[\\/]sdk[\\/]dist[\\/]esm[\\/]types\.js$/ }, (args) => {
        const text = readFileSync(args.path, "utf8");
        const patched = text.replace(guard, "$1.validate(value);");
        if (patched === text) throw new Error(`No type guard of the expected form in ${args.path}: check mcpTypeGuardsPlugin (esbuild.config.mjs) against this SDK version.`);
        return { contents: patched, loader: "js" };
      });
    },
  };
}
