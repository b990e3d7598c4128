import { UnityBlockSchema, type UnityBlock as RenderedBlock } from "./unity-blocks-schema.js";

// The Unity panel's block schema belongs to the renderer (sidecar/src/render); the protocol
// re-exports it so frames, JSON Schema and samples use the one definition.

/** One block of rendered markdown for the Unity panel. */
export const UnityBlock = UnityBlockSchema;
export type UnityBlock = RenderedBlock;
