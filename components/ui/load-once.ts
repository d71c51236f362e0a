/**
 * `load` run once, its promise shared by every caller: the lazily loaded dialogs' and menus' code downloads once.
 * A failed load is tried again at the next call instead of being remembered.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    if (!pending) {
      const started = load();
      pending = started;
      started.catch(() => {
        if (pending === started) pending = undefined;
      });
    }
    return pending;
  };
}
