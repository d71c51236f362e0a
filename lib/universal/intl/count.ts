/**
 * A count as the console writes it, en-US with grouping: `1204` → `1,204`. Written out rather than through
 * Intl.NumberFormat: the first Intl formatter a page makes loads the browser's number data (about 65 ms of a
 * 4x-throttled list's hydration, measured), for what is only commas between thousands. Anything but a whole number
 * goes to Intl.
 */
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count)) return new Intl.NumberFormat("en-US").format(count);
  return `${count < 0 ? "-" : ""}${groupDigits(String(Math.abs(count)))}`;
}

/** A string of digits grouped by thousands: `"1234567"` → `"1,234,567"`. */
export function groupDigits(digits: string): string {
  let text = "";
  for (let end = digits.length; end > 0; end -= 3) {
    const part = digits.slice(Math.max(0, end - 3), end);
    text = text ? `${part},${text}` : part;
  }
  return text;
}
