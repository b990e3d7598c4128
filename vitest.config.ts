import { defineConfig } from "vitest/config";

// Unit and end-to-end tests live under sidecar/test; e2e tests spawn the real claude binary,
// so they get longer timeouts and run one file at a time to stay within the 2-core machine.
// Test files share their worker's modules (isolate: false): importing the sidecar's modules once per
// worker instead of once per file halves the unit pass. A test that needs a module's first state
// imports it afresh (vi.resetModules), tests leave process-wide state (listeners, env) as found, and
// helpers undo what they made through cleanup.ts (setup.ts runs it after every test of every file).
export default defineConfig({
  test: {
    include: ["sidecar/test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    fileParallelism: true,
    isolate: false,
    setupFiles: ["sidecar/test/setup.ts"],
    maxWorkers: 2,
  },
});
