import { defineConfig } from "vitest/config";

// Unit and end-to-end tests live under sidecar/test; e2e tests spawn the real claude binary,
// so they get longer timeouts and run one file at a time to stay within the 2-core machine.
// Test files share their worker's modules (isolate: false): importing the sidecar's modules once per
// worker instead of once per file halves the unit pass. A test that needs a module's first state
// imports it afresh (vi.resetModules), and tests leave process-wide state (listeners, env) as found.
export default defineConfig({
  test: {
    include: ["sidecar/test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    fileParallelism: true,
    isolate: false,
    maxWorkers: 2,
  },
});
