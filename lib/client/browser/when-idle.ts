/**
 * Runs `task` once the browser is idle (at the latest after `timeoutMs`), so work a person does not wait for stays
 * out of the page's first load and hydration. Returns the cancel, for an effect's clean-up.
 */
export function whenIdle(task: () => void, timeoutMs = 3_000): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, Math.min(timeoutMs, 1_500));
  return () => window.clearTimeout(handle);
}
