// The sidecar's layers (docs/architecture.md), checked by `npm run lint`: a folder imports only
// folders below it. Each rule names what a layer must not reach.
const src = "^sidecar/src/";
const layer = (name) => `${src}${name}/`;
const rule = (name, from, to, comment) => ({ name, comment, severity: "error", from: { path: from }, to: { path: to } });

module.exports = {
  forbidden: [
    rule("protocol-is-the-bottom", layer("protocol"), `${src}(?!protocol/)`, "protocol/ holds schemas only and imports no other folder of the sidecar"),
    rule("shared-only-reaches-protocol", layer("shared"), `${src}(?!protocol/|shared/)`, "shared/ helpers depend on Node and protocol/ only"),
    rule("claude-render-below-history", `${src}(claude|render)/`, `${src}(chat|history|tools|mml|bridge|commands|web)/`, "claude/ and render/ sit below history, chat and tools"),
    rule("history-below-chat", layer("history"), `${src}(chat|tools|mml|bridge|commands|web)/`, "history/ reads transcripts into protocol events without the chat engine"),
    rule("chat-and-tools-apart", layer("chat"), `${src}(tools|mml|bridge|commands|web)/`, "the chat engine knows no tool host; bridge/ wires the two"),
    rule("tools-know-no-tool", layer("tools"), `${src}(chat|mml|bridge|commands|web)/`, "the tool host knows no particular tool and no chat"),
    rule("mml-is-a-provider", layer("mml"), `${src}(chat|bridge|commands|web)/`, "compose_mml registers through the tool host's provider interface"),
    rule("bridge-below-commands", layer("bridge"), `${src}(commands|web)/`, "bridge/ is wired by commands/"),
    rule("web-speaks-protocol", layer("web/app"), `${src}(?!protocol/|web/)`, "the browser panel shares only the protocol with the sidecar"),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
  },
};
