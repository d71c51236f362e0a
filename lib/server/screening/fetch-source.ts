import "server-only";
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from "node:dns";
import { constants, createWriteStream } from "node:fs";
import { open } from "node:fs/promises";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { shownLocation } from "../../universal/screening/sources";
import { log } from "../log/logger";
import { OutsideSourcesFolder, pathInSourcesFolder } from "./sources-folder";

/** How long one fetch may take, body included, and how large a list it takes. */
export const SOURCE_LIMITS = { timeoutMs: 60_000, maxBytes: 300 * 1024 * 1024 };

/** A fetch that did not bring a whole file; its message names the location without a URL's credentials. */
export class SourceFetchError extends Error {}

/** Counts the bytes through it (`bytes()`), failing past `maxBytes`. */
function limit(maxBytes: number): { stream: Transform; bytes: () => number } {
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) {
        done(new SourceFetchError(`larger than ${Math.round(maxBytes / 1024 / 1024)} MB`));
        return;
      }
      done(null, chunk);
    },
  });
  return { stream, bytes: () => bytes };
}

/** Why a fetch failed, in words free of the URL and what it carries (undici's causes name codes, not URLs). */
function reason(error: unknown, timedOut: boolean): string {
  if (error instanceof SourceFetchError) return error.message;
  if (timedOut) return "no whole answer within the time allowed";
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const own = (error as { code?: unknown } | undefined)?.code;
  const named = typeof own === "string" ? own : typeof cause?.code === "string" ? cause.code : undefined;
  const code = named ? ` (${named})` : "";
  if (error instanceof Error && error.name === "AbortError") return "no whole answer within the time allowed";
  if (
    error instanceof Error &&
    /terminated|premature|aborted|ECONNRESET/i.test(`${error.message} ${named ?? ""}`)
  ) {
    return `the connection ended before the whole file arrived${code}`;
  }
  return `could not be read${code}`;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * A link-local address (169.254.0.0/16, fe80::/10, and AWS's fd00:ec2::254): where a cloud host's metadata service
 * answers with the host's own credentials. A source is approved by two admins and may well be an internal mirror on
 * a private address, but never that.
 */
function isLinkLocal(address: string): boolean {
  const v4 = /^(?:::ffff:)?(\d+)\.(\d+)\.\d+\.\d+$/i.exec(address);
  if (v4) return v4[1] === "169" && v4[2] === "254";
  const v6 = address.toLowerCase().replace(/^\[|\]$/g, "");
  // An IPv4-mapped address as the URL parser writes it: ::ffff:169.254.x.y is ::ffff:a9fe:….
  return /^fe[89ab][0-9a-f]:/.test(v6) || /^::ffff:a9fe:[0-9a-f]{1,4}$/.test(v6) || v6 === "fd00:ec2::254";
}

const LINK_LOCAL_REFUSED = "a link-local address (a host's metadata service) is never fetched";

/** The system's lookup, refusing a name that resolves to a link-local address (checked where the socket connects). */
const guardedLookup = ((
  hostname: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    if (addresses.some((entry) => isLinkLocal(entry.address))) {
      return callback(new SourceFetchError(LINK_LOCAL_REFUSED), []);
    }
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    return first
      ? callback(null, first.address, first.family)
      : callback(new SourceFetchError("no address"), []);
  });
}) as unknown as typeof dnsLookup;

/**
 * GET with Node's own client (not the global fetch, which Next.js patches in this process), following up to
 * `redirects` redirects to http(s) URLs; the credentials go only to the URL's own origin.
 */
function get(
  url: URL,
  headers: Record<string, string>,
  signal: AbortSignal,
  redirects: number,
): Promise<IncomingMessage> {
  const client = url.protocol === "https:" ? https : http;
  // An address written in the URL is connected to without a lookup.
  if (isIP(url.hostname.replace(/^\[|\]$/g, "")) && isLinkLocal(url.hostname)) {
    return Promise.reject(new SourceFetchError(LINK_LOCAL_REFUSED));
  }
  return new Promise((resolve, reject) => {
    const request = client.get(url, { headers, signal, lookup: guardedLookup }, (response) => {
      const location = response.headers.location;
      if (!REDIRECTS.has(response.statusCode ?? 0) || !location) {
        resolve(response);
        return;
      }
      response.resume();
      const next = new URL(location, url);
      if (redirects <= 0 || (next.protocol !== "http:" && next.protocol !== "https:")) {
        reject(new SourceFetchError("redirected too often, or away from http(s)"));
        return;
      }
      resolve(get(next, next.origin === url.origin ? headers : {}, signal, redirects - 1));
    });
    request.on("error", reject);
  });
}

/**
 * Copies a list's file from `location` (an absolute path to a regular file inside `folder`, the sources folder,
 * checked again at each fetch as the folder or its links may have changed since the source was approved; or an
 * http(s) URL, whose user name and password are sent as Basic credentials) to `file`, within `limits`. Answers the
 * bytes copied; throws SourceFetchError with what went wrong, naming the location as shownLocation does.
 */
export async function fetchSource(
  location: string,
  file: string,
  limits: { timeoutMs: number; maxBytes: number } = SOURCE_LIMITS,
  folder?: string,
): Promise<number> {
  const shown = shownLocation(location);
  const signal = AbortSignal.timeout(limits.timeoutMs);
  const { stream: counted, bytes } = limit(limits.maxBytes);
  try {
    if (location.startsWith("/")) {
      const real = await pathInSourcesFolder(location, folder).catch((error: unknown) => {
        if (!(error instanceof OutsideSourcesFolder)) throw error;
        throw new SourceFetchError(
          folder
            ? `not a file inside the folder for list sources, ${folder}`
            : "this console reads no path sources",
        );
      });
      // Opened without following a link put in the real path's place since: what is read is what was checked.
      const handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW).catch(() => undefined);
      if (!handle) throw new SourceFetchError("not a readable regular file");
      try {
        if (!(await handle.stat()).isFile()) throw new SourceFetchError("not a readable regular file");
        await pipeline(handle.createReadStream({ autoClose: false }), counted, createWriteStream(file), {
          signal,
        });
      } finally {
        await handle.close();
      }
      return bytes();
    }
    const url = new URL(location);
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new SourceFetchError("only http and https URLs are fetched");
    }
    const headers: Record<string, string> = {};
    if (url.username || url.password) {
      const user = decodeURIComponent(url.username);
      const password = decodeURIComponent(url.password);
      headers.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
      url.username = "";
      url.password = "";
    }
    const response = await get(url, headers, signal, 5);
    if (response.statusCode !== 200) {
      response.resume();
      throw new SourceFetchError(`answered HTTP ${response.statusCode ?? "?"}`);
    }
    const declared = Number(response.headers["content-length"] ?? Number.NaN);
    if (declared > limits.maxBytes) {
      response.destroy();
      throw new SourceFetchError(`larger than ${Math.round(limits.maxBytes / 1024 / 1024)} MB`);
    }
    await pipeline(response, counted, createWriteStream(file), { signal });
    return bytes();
  } catch (error) {
    if (!(error instanceof SourceFetchError))
      log.warn("screening", "a list source could not be fetched", { error });
    throw new SourceFetchError(`${shown}: ${reason(error, signal.aborted)}`);
  }
}
