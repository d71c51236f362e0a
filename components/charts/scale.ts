/**
 * A round step for a value axis of `ticks` intervals reaching at least `max`: 1, 2 or 5 × 10^n, so the tick labels
 * read cleanly. Integer arithmetic: values are minor units, and sums of them can pass 2^53.
 */
export function niceStep(max: bigint, ticks: number): bigint {
  if (max <= 0n) return 1n;
  const rough = (max + BigInt(ticks) - 1n) / BigInt(ticks);
  let magnitude = 1n;
  while (magnitude * 10n <= rough) magnitude *= 10n;
  for (const factor of [1n, 2n, 5n]) if (magnitude * factor >= rough) return magnitude * factor;
  return magnitude * 10n;
}

/** Where a value sits between 0 and `top`, as a fraction for drawing (exact to one part in ten thousand). */
export function fractionOf(value: bigint, top: bigint): number {
  if (top <= 0n || value <= 0n) return 0;
  if (value >= top) return 1;
  return Number((value * 10_000n) / top) / 10_000;
}
