/** `env` with every `…/node_modules/.bin` entry removed from PATH. */
export function userEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
