import { z } from "zod";
import { INVISIBLE_OR_UNUSUAL_SPACE } from "../../../shared/contract/invisible-text";
import { urlHostIssue } from "../../../shared/contract/url-host";

/** The lists a source may feed: those published as one file (the ones an admin may upload, lib/server/screening/load.ts). */
export const SOURCE_LISTS = ["un", "ofac-advanced", "eu-fsf"] as const;
export type SourceList = (typeof SOURCE_LISTS)[number];

/** How often a source is fetched when no interval is given, and the bounds of one. */
export const DEFAULT_SOURCE_INTERVAL_HOURS = 24;
const MAX_SOURCE_INTERVAL_HOURS = 24 * 30;

export type SourceLocationKind = "path" | "url";

/** A location's kind: an absolute file path on the console's host, or an http(s) URL; undefined for anything else. */
export function locationKindOf(location: string): SourceLocationKind | undefined {
  if (location.startsWith("/")) return "path";
  try {
    const url = new URL(location);
    return url.protocol === "http:" || url.protocol === "https:" ? "url" : undefined;
  } catch {
    return undefined;
  }
}

/** A query parameter whose value is a credential by its name: `token`, `api_key`, `X-Amz-Signature`, `auth`… */
const SECRET_PARAMETER = /token|key|secret|sig|pass|auth|credential|session/i;

/**
 * A location as shown, audited and logged: a URL without its user name and password, and with the values of its
 * query parameters named as credentials (SECRET_PARAMETER) replaced by "…"; the other parameters stay, so a second
 * admin still sees which file of the host is fetched. A path as it is.
 */
export function shownLocation(location: string): string {
  if (locationKindOf(location) !== "url") return location;
  const url = new URL(location);
  const secrets = [...url.searchParams.keys()].filter((name) => SECRET_PARAMETER.test(name));
  if (!url.username && !url.password && secrets.length === 0) return location;
  url.username = "";
  url.password = "";
  if (secrets.length === 0) return url.toString();
  const query = url.search
    .slice(1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const name = decodeURIComponentSafely(equals < 0 ? pair : pair.slice(0, equals));
      return SECRET_PARAMETER.test(name) ? `${pair.slice(0, equals < 0 ? pair.length : equals)}=…` : pair;
    })
    .join("&");
  return `${url.origin}${url.pathname}?${query}${url.hash}`;
}

function decodeURIComponentSafely(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll("+", " "));
  } catch {
    return text;
  }
}

/**
 * Why a location would read as another to the second admin who approves it, or null: an invisible character or an
 * unusual space anywhere, or a URL whose host is a look-alike (urlHostIssue). Every later fetch replaces the list
 * without a second person, so what the approver reads must be where the console fetches from.
 */
function locationIssue(location: string): string | null {
  if (INVISIBLE_OR_UNUSUAL_SPACE.test(location))
    return "Must not contain invisible or control characters, or unusual spaces.";
  if (locationKindOf(location) !== "url") return null;
  const url = new URL(location);
  if (/\s/.test(location)) return "A URL must not contain spaces.";
  return urlHostIssue(location, url);
}

/** POST /api/screening/sources: propose a list's source (a second admin approves it). */
export const screeningSourceBodySchema = z.strictObject({
  listId: z.enum(SOURCE_LISTS),
  location: z
    .string()
    .trim()
    .min(1, { error: "Give an absolute file path or an http(s) URL.", abort: true })
    .max(2_000)
    .refine((value) => locationKindOf(value) !== undefined, "Give an absolute file path or an http(s) URL.")
    .check((ctx) => {
      const issue = locationIssue(ctx.value);
      if (issue !== null) ctx.issues.push({ code: "custom", message: issue, input: ctx.value });
    }),
  intervalHours: z
    .number("Give a whole number of hours.")
    .int({ error: "Give a whole number of hours.", abort: true })
    .min(1, "At least every hour.")
    .max(MAX_SOURCE_INTERVAL_HOURS, "At least every 30 days (720 hours).")
    .optional(),
});
export type ScreeningSourceBody = z.infer<typeof screeningSourceBodySchema>;

/** The "Add source" form: the body with its interval always given. */
export const screeningSourceFormSchema = screeningSourceBodySchema.required({ intervalHours: true });
export type ScreeningSourceFormValues = z.infer<typeof screeningSourceFormSchema>;

/**
 * What a `screening-source` proposal asks a second admin to approve (issue 48): a list's source set (added, or
 * replacing the list's current source) or removed. `location` is shown as shownLocation shows it.
 */
export interface SourceChange {
  action: "set" | "remove";
  listId: string;
  locationKind: SourceLocationKind;
  location: string;
  intervalHours: number;
  /** The source it replaces or removes, if any: approving after that changed supersedes the proposal. */
  replaces: string | null;
}

/** One list source as GET /api/screening/sources answers it. */
export interface ScreeningSourceView {
  id: string;
  listId: string;
  locationKind: SourceLocationKind;
  /** Without a URL's user name and password. */
  location: string;
  intervalHours: number;
  createdBy: string;
  approvedBy: string;
  createdAt: string;
  lastFetchedAt: string | null;
  lastOutcome: "loaded" | "unchanged" | "failed" | null;
  lastMessage: string | null;
  lastVersionId: number | null;
  nextRefreshAt: string | null;
}
