import { afterEach } from "vitest";
import { runAfterTest } from "./cleanup.js";

// Runs before each test file (vitest setupFiles), so every file gets the hook, even though the
// modules it imports are shared with the worker's other files.
afterEach(runAfterTest);
