import { watch, type FSWatcher } from "node:fs";

// Watches the definition folders and calls back once per burst of changes (editors save through a
// temporary file and a rename, which is several events). A folder that cannot be watched is polled.

/** Watch `dirs`; `onChange` runs `debounceMs` after the last event. Returns a stop function. */
export function watchFolders(dirs: string[], debounceMs: number, onChange: () => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  const fire = () => {
    clearTimeout(timer);
    timer = setTimeout(onChange, debounceMs);
    timer.unref?.();
  };
  const watchers: FSWatcher[] = [];
  const polls: NodeJS.Timeout[] = [];
  for (const dir of dirs) {
    try {
      const w = watch(dir, { persistent: false }, fire);
      w.on("error", () => undefined); // the folder was removed: the next poll or refresh reloads
      watchers.push(w);
    } catch {
      const p = setInterval(onChange, 2000);
      p.unref?.();
      polls.push(p);
    }
  }
  return () => {
    clearTimeout(timer);
    for (const w of watchers) w.close();
    for (const p of polls) clearInterval(p);
  };
}
