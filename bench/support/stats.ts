export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** Nearest-rank percentile of unsorted values; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export function ms(value: number, digits = 1): string {
  return Number.isFinite(value) ? `${value.toFixed(digits)} ms` : "–";
}

export function ratio(value: number, digits = 2): string {
  return Number.isFinite(value) ? `${value.toFixed(digits)}×` : "–";
}

export function count(value: number): string {
  return Number.isFinite(value) ? Math.round(value).toLocaleString("en-US") : "–";
}

export function megabytes(bytes: number): string {
  return Number.isFinite(bytes) ? `${(bytes / 1024 / 1024).toFixed(0)} MB` : "–";
}

export function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} kB`;
}

export const passMiss = (pass: boolean) => (pass ? "pass" : "**miss**");

export const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** Runs `work` once per item with at most `concurrency` at a time. */
export async function mapLimit<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
