import { defineConfig } from "vitest/config";

// Unit and end-to-end tests live under sidecar/test; e2e tests spawn the real claude binary,
// so they get longer timeouts and run one file at a time to stay within the 2-core machine.
export default defineConfig({
  test: {
    include: ["sidecar/test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    fileParallelism: true,
    maxWorkers: 2,
  },
});
