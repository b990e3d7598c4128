// Lint rules for the sidecar's TypeScript (npm run lint): type-aware checks for promises nobody
// awaits or handles and for empty blocks that would swallow a failure silently.
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/**", "unity-panel/**", "node_modules/**", ".tmp/**", "bench/corpus/**", "fixtures/**"] },
  {
    files: ["sidecar/**/*.ts", "bench/**/*.ts", "scripts/**/*.ts"],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { "@typescript-eslint": tseslint.plugin },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { arguments: false, attributes: false } }],
      "no-empty": ["error", { allowEmptyCatch: false }],
    },
  },
);
