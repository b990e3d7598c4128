// What tests leave to be undone after each test, kept here rather than in a helper's own afterEach:
// test files share their worker's modules, so a hook a helper module registers when it is first
// imported would only run for the first file that imports it. setup.ts runs these after every test.

const pending: (() => void)[] = [];

/** Undo `fn` after the current test (temp folders, mostly). */
export function afterThisTest(fn: () => void): void {
  pending.push(fn);
}

/** Run and forget everything registered so far (setup.ts calls it after each test). */
export function runAfterTest(): void {
  for (const fn of pending.splice(0)) fn();
}
