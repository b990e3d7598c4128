import { runRenderWorker } from "./render-worker.js";

// The render worker thread's own entry (dist/render-worker.mjs in the bundle, this file from
// source): it only serves render requests from the pool (render-pool.ts).
runRenderWorker();
