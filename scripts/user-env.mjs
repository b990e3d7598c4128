// The environment `npm start` and `npm run doctor` give the sidecar: the user's, minus the
// node_modules/.bin folders npm puts first on PATH while it runs a script. Without this the
// repository's own test copy of claude (a dev dependency) would shadow the one the user installed.
import { delimiter } from "node:path";

/** `env` with every `…/node_modules/.bin` entry removed from PATH (npm adds one per parent folder). */
export function userEnv(env = process.env) {
  const key = Object.keys(env).find((k) => k.toUpperCase() === "PATH") ?? "PATH";
  const path = (env[key] ?? "").split(delimiter).filter((d) => d !== "" && !/[\\/]node_modules[\\/]\.bin[\\/]*$/.test(d));
  return { ...env, [key]: path.join(delimiter) };
}
