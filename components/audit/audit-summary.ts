import { domainWithAsciiForm } from "@/shared/contract/domain-scripts";

/** One line of an audit entry's details: "changes.role" → "compliance". */
export type SummaryLine = { key: string; value: string };

const MAX_VALUE_LENGTH = 160;

function text(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "string") return value === "" ? "(empty)" : value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.length === 0 ? "(none)" : value.map(text).join(", ");
  return JSON.stringify(value);
}

function clip(value: string): string {
  return value.length > MAX_VALUE_LENGTH ? `${value.slice(0, MAX_VALUE_LENGTH - 1)}…` : value;
}

/**
 * An audit entry's summary (any JSON object the console wrote) as key–value lines a person can scan: nested
 * objects are opened one level at a time into dotted keys, lists are joined with commas, long values clipped.
 */
export function summaryLines(summary: Record<string, unknown>, prefix = "", depth = 0): SummaryLine[] {
  const lines: SummaryLine[] = [];
  for (const [key, value] of Object.entries(summary)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === "object" && !Array.isArray(value) && depth < 2) {
      const nested = summaryLines(value as Record<string, unknown>, path, depth + 1);
      lines.push(...(nested.length > 0 ? nested : [{ key: path, value: "(none)" }]));
    } else if (key === "umaDomain" && typeof value === "string" && !/\s/.test(value)) {
      // An international UMA domain is read with its xn-- form beside it, as on the configuration page.
      lines.push({ key: path, value: clip(domainWithAsciiForm(value)) });
    } else {
      lines.push({ key: path, value: clip(text(value)) });
    }
  }
  return lines;
}
