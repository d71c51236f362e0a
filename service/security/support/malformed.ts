import fc from "fast-check";
import * as contract from "../../../shared/contract";
import type { RawRequest } from "./raw-http";
import type { ServiceRoute } from "./routes";

/**
 * fast-check generators of requests no endpoint may accept. Each family is malformed whatever the endpoint:
 *
 * - framework-body: refused before any handler runs (invalid JSON, a media type the API does not speak, an
 *   oversize or deeply nested body, a NUL, a `__proto__` key). Safe to aim at real resources.
 * - schema-body: well-formed JSON that no request schema accepts (every schema is strict): a non-object, an
 *   object with an unknown key, or known keys whose values are invalid for every field. Aimed at resources
 *   that do not exist, so a handler that takes no body still fails.
 * - path-param: at least one path parameter that names nothing (NUL, `..`, encoded slashes, bad
 *   percent-encoding, control characters, unicode, over-long).
 * - query: junk query strings; a GET that has no query to validate may ignore them, so only "no 5xx, no change,
 *   errors in shape" holds there.
 *
 * Any of them may carry a broken Authorization header.
 */

type Family = "framework-body" | "schema-body" | "path-param" | "query";

type ParamPlan =
  | { kind: "real"; pick: number }
  | { kind: "fake"; salt: string }
  | { kind: "bad"; value: string };

interface BodyPlan {
  contentType?: string;
  text: string;
  /** Raw bytes spliced into the text where `\u0000BYTES\u0000` stands (invalid UTF-8). */
  bytes?: number[];
  /** Pads a JSON string up to this many bytes (oversize bodies are built when sent, not generated). */
  padTo?: number;
  /** Declares a Content-Length other than the body's (a claimed multi-gigabyte body). */
  claimedLength?: string;
  /** Sent in chunks without a Content-Length, so only reading it shows its size. */
  chunked?: boolean;
  /** Holds a string PostgreSQL cannot store: with the valid credential, only 400 INVALID_INPUT is right. */
  unstorable?: boolean;
}

export interface RequestPlan {
  family: Family;
  params: ParamPlan[];
  query: string;
  /** null: the valid credential. */
  authorization: string | null;
  body?: BodyPlan;
}

export interface FuzzWorld {
  /** Ids of existing resources by path parameter name (customerId, quoteId…), for framework-body requests. */
  realIds: Record<string, string[]>;
  authorization: string;
}

// ---------------------------------------------------------------------------------------------------------
// Building blocks

/** Percent-encodes a string's UTF-8 bytes (a lone surrogate becomes U+FFFD, where encodeURIComponent throws). */
function percentEncode(value: string): string {
  let out = "";
  for (const byte of Buffer.from(value, "utf8")) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

const hex = (length: number) =>
  fc.string({ unit: fc.constantFrom(..."0123456789abcdef"), minLength: length, maxLength: length });

/** Names of every field of every request body and query in the contract, so junk also hits real fields. */
const KNOWN_KEYS: string[] = (() => {
  const keys = new Set<string>();
  const visit = (schema: unknown, depth: number) => {
    if (depth > 4 || typeof schema !== "object" || schema === null) return;
    const def = (schema as { def?: Record<string, unknown> }).def;
    if (!def) return;
    if (def.type === "object" && typeof def.shape === "object" && def.shape !== null) {
      for (const [key, inner] of Object.entries(def.shape)) {
        keys.add(key);
        visit(inner, depth + 1);
      }
    }
    for (const field of ["innerType", "element", "in", "out"]) visit(def[field], depth + 1);
    if (Array.isArray(def.options)) for (const option of def.options) visit(option, depth + 1);
  };
  for (const [name, value] of Object.entries(contract)) {
    if (/(Body|Query|Params)Schema$/.test(name)) visit(value, 0);
  }
  return [...keys].sort();
})();
const knownKeySet = new Set(KNOWN_KEYS);

const CONTROL = ["\u0001", "\u0002", "\u0007", "\u0008", "\u000b", "\u000e", "\u001b", "\u001f", "\u007f"];

const oddStrings = fc.constantFrom(
  "NaN",
  "Infinity",
  "-Infinity",
  "-0",
  "1e309",
  "0x1F",
  "1_000",
  " 12 ",
  "١٢٣",
  "null",
  "undefined",
  "true",
  "[object Object]",
  "$ne",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "%00",
  "\\u0000",
  "𝟘𝟙",
  "ｆｕｌｌ",
  "\u202e",
  "\ufeff",
  "\ud800",
  "Customer:",
  "InternalAccount: x",
  "",
);

/** A long string made when generated, never shrunk character by character. */
const longString = fc
  .oneof(
    { weight: 4, arbitrary: fc.integer({ min: 1_001, max: 4_000 }) },
    { weight: 1, arbitrary: fc.integer({ min: 4_001, max: 120_000 }) },
  )
  .map((length) => "é".repeat(length));

const anyString = fc.oneof(
  oddStrings,
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  longString,
);

/** A string that no text field accepts: a control character between non-space characters. */
const invalidString = fc
  .tuple(anyString, fc.constantFrom(...CONTROL), anyString)
  .map(([before, control, after]) => `x${before}${control}${after}x`);

/** JSON number texts at and beyond every limit; written raw, as JSON.stringify could not. */
const rawNumber = fc.oneof(
  fc.constantFrom(
    "1e400",
    "-1e400",
    "9007199254740993",
    "-9007199254740993",
    "9000000000000001",
    "1e-400",
    "-0",
    "-1",
    "0.5",
    "1.5e300",
    "123456789012345678901234567890",
    "1E2",
    "-0.0000001",
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => JSON.stringify(value)),
  fc.integer().map(String),
);

/** Numbers no amount, limit or count accepts: negative, fractional, or beyond the largest amount. */
const invalidNumber = fc.oneof(
  fc.integer({ min: -1_000_000_000, max: -1 }).map(String),
  fc.constantFrom(
    "-0.5",
    "0.25",
    "1.5",
    "1e19",
    "1e400",
    "-1e400",
    "9007199254740993",
    "99999999999999999999",
  ),
);

const objectText = (pairs: [string, string][]) =>
  `{${pairs.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(",")}}`;

const weirdKey = fc
  .oneof(
    fc.constantFrom(
      "constructor",
      "prototype",
      "toString",
      "valueOf",
      "hasOwnProperty",
      "__defineGetter__",
      "__proto__ ",
      "",
      " ",
      "a.b",
      "$where",
      "\u202e",
      "🙂",
      "0",
      "-1",
      "NaN",
    ),
    fc.constantFrom(...CONTROL).map((control) => `key${control}`),
    fc.integer({ min: 1_000, max: 20_000 }).map((length) => "k".repeat(length)),
    fc.string({ unit: "binary", minLength: 1, maxLength: 20 }),
  )
  .filter((key) => !knownKeySet.has(key) && key !== "__proto__");

const knownKey = KNOWN_KEYS.length > 0 ? fc.constantFrom(...KNOWN_KEYS) : weirdKey;

/** Any JSON text, nested a little, with odd numbers and strings. */
const jsonText: fc.Arbitrary<string> = fc.letrec<{ value: string; array: string; object: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    rawNumber,
    anyString.map((value) => JSON.stringify(value)),
    fc.constantFrom("true", "false", "null"),
    tie("array"),
    tie("object"),
  ),
  array: fc.array(tie("value"), { maxLength: 4 }).map((items) => `[${items.join(",")}]`),
  object: fc.array(fc.tuple(fc.oneof(knownKey, weirdKey), tie("value")), { maxLength: 4 }).map(objectText),
})).value;

/** A value invalid for every field: a bad string or number, or a container of such. */
const invalidValue: fc.Arbitrary<string> = fc.oneof(
  invalidString.map((value) => JSON.stringify(value)),
  invalidNumber,
  fc
    .array(
      invalidString.map((value) => JSON.stringify(value)),
      { minLength: 1, maxLength: 3 },
    )
    .map((items) => `[${items.join(",")}]`),
  fc.tuple(weirdKey, jsonText).map(([key, value]) => objectText([[key, value]])),
);

// ---------------------------------------------------------------------------------------------------------
// Bodies

const json = (text: string, contentType = "application/json"): BodyPlan => ({ contentType, text });

/**
 * A JSON string literal holding text PostgreSQL cannot store: a NUL, or an unpaired UTF-16 surrogate (high or low,
 * alone, reversed, or cut from its pair). Written as JSON escapes: an unpaired surrogate has no UTF-8 form.
 */
const unstorableLiteral = fc
  .tuple(
    fc.string({ unit: "grapheme-ascii", maxLength: 12 }),
    fc.constantFrom(
      "\\u0000",
      "\\ud800",
      "\\udbff",
      "\\udc00",
      "\\udfff",
      "\\udc00\\ud800",
      "\\ud83d",
      "\\ude00x",
    ),
    fc.string({ unit: "grapheme", maxLength: 12 }),
  )
  .map(
    ([before, bad, after]) =>
      `"${JSON.stringify(before).slice(1, -1)}${bad}${JSON.stringify(after).slice(1, -1)}"`,
  );

/**
 * A body with one unstorable string, as a field's value or as a key, at any depth among other fields, real field
 * names first: the input guard must refuse it before a handler writes it to a text or jsonb column.
 */
const unstorableBody: fc.Arbitrary<BodyPlan> = fc
  .tuple(
    unstorableLiteral,
    fc.boolean(),
    fc.oneof({ weight: 3, arbitrary: knownKey }, { weight: 1, arbitrary: weirdKey }),
    fc.array(
      fc.oneof(
        knownKey.map((key) => ({ key, array: false })),
        fc.constant({ key: "", array: true }),
      ),
      {
        maxLength: 3,
      },
    ),
    fc.array(fc.tuple(knownKey, jsonText), { maxLength: 3 }),
    fc.nat(),
  )
  .map(([bad, inKey, key, wrappers, siblings, at]) => {
    let text = inKey ? `{${bad}:${JSON.stringify(key)}}` : `{${JSON.stringify(key)}:${bad}}`;
    for (const wrapper of wrappers)
      text = wrapper.array ? `[${text}]` : `{${JSON.stringify(wrapper.key)}:${text}}`;
    const outer = text.startsWith("{") ? text.slice(1, -1) : `"wrapped":${text}`;
    // A sibling of the same name would replace the unstorable field (the last duplicate wins in JSON.parse).
    const outermost = wrappers.at(-1);
    const taken = outermost ? (outermost.array ? "wrapped" : outermost.key) : key;
    const pairs = siblings
      .filter(([name]) => name !== taken)
      .map(([name, value]) => `${JSON.stringify(name)}:${value}`);
    pairs.splice(at % (pairs.length + 1), 0, outer);
    return { contentType: "application/json", text: `{${pairs.join(",")}}`, unstorable: true };
  });

/** Bodies the framework or the input guard refuses before any handler. */
const frameworkBody: fc.Arbitrary<BodyPlan> = fc.oneof(
  // Not JSON at all, though labelled so.
  fc
    .oneof(
      fc.constantFrom(
        "{",
        "}",
        "[",
        '{"a":}',
        "{'a':1}",
        "nul",
        "tru",
        "NaN",
        "Infinity",
        "-",
        "01",
        "1.",
        ".5",
        '{"a":1,}',
        "[1,]",
        '"unterminated',
        '{"a" 1}',
        '{"a":"\\x"}',
        "\u0000",
        "   ",
      ),
      fc.string({ unit: "binary", minLength: 1, maxLength: 40 }),
    )
    .filter((text) => {
      try {
        // The parser drops a leading byte-order mark, so a text that is JSON after it is JSON.
        JSON.parse(text.replace(/^\ufeff/, ""));
        return false;
      } catch {
        return true;
      }
    })
    .map((text) => json(text)),
  // Prototype pollution attempts.
  fc
    .constantFrom(
      '{"__proto__":{"isAdmin":true}}',
      '{"a":{"__proto__":{"polluted":1}}}',
      '{"constructor":{"prototype":{"polluted":1}}}',
      '[{"__proto__":null}]',
    )
    .map((text) => json(text)),
  // Media types the API does not speak, with a body that would otherwise be fine.
  fc
    .tuple(
      fc.constantFrom(
        "text/plain",
        "text/html",
        "application/xml",
        "text/xml",
        "application/octet-stream",
        "image/png",
        "application/javascript",
        "application/jsonp",
        "text/json",
        "application/json-seq",
      ),
      jsonText,
    )
    .map(([contentType, text]) => json(text, contentType)),
  jsonText.map((text): BodyPlan => ({ text })),
  // Too large: > 1 MB, declared or real.
  fc
    .tuple(fc.integer({ min: 1024 * 1024 + 1, max: 3 * 1024 * 1024 }), fc.boolean())
    .map(([size, chunked]) => ({
      contentType: "application/json",
      text: '{"pad":"',
      padTo: size,
      chunked,
    })),
  fc.constantFrom("2000000000", "99999999999").map((claimed) => ({
    contentType: "application/json",
    text: "{}",
    claimedLength: claimed,
  })),
  // Deep nesting: 33 levels (one past the limit, empty or not) and far beyond.
  fc
    .oneof(fc.constantFrom(33, 34), fc.integer({ min: 33, max: 20_000 }))
    .map((depth) => json(`${"[".repeat(depth)}${"]".repeat(depth)}`)),
  fc
    .oneof(fc.constantFrom(33, 34), fc.integer({ min: 33, max: 2_000 }))
    .map((depth) => json(`${'{"a":'.repeat(depth)}${depth % 2 ? "{}" : "1"}${"}".repeat(depth)}`)),
  // NUL characters, in a value or a key, at any depth.
  fc
    .tuple(jsonText, fc.boolean())
    .map(([value, inKey]) =>
      json(inKey ? objectText([["a\u0000b", value]]) : `{"a":[${value},"x\\u0000y"]}`),
    ),
  // (An empty body labelled JSON is no body, as the API treats it: issue 23; not a malformed request any more.)
  // NUL and unpaired surrogates in values and keys, among real fields.
  { weight: 2, arbitrary: unstorableBody },
);

/** Well-formed JSON that no strict request schema accepts. */
const schemaBody: fc.Arbitrary<BodyPlan> = fc
  .oneof(
    fc.oneof(
      rawNumber,
      anyString.map((value) => JSON.stringify(value)),
      fc.constantFrom("true", "false", "null"),
    ),
    fc.array(jsonText, { maxLength: 4 }).map((items) => `[${items.join(",")}]`),
    fc
      .tuple(
        fc.tuple(weirdKey, jsonText),
        fc.array(fc.tuple(fc.oneof(knownKey, weirdKey), jsonText), { maxLength: 5 }),
        fc.nat(),
      )
      .map(([weird, others, at]) => {
        const pairs = [...others];
        pairs.splice(at % (pairs.length + 1), 0, weird);
        return objectText(pairs);
      }),
    fc.array(fc.tuple(knownKey, invalidValue), { minLength: 1, maxLength: 5 }).map(objectText),
  )
  .map((text) => json(text, "application/json"));

const invalidUtf8Body: fc.Arbitrary<BodyPlan> = fc.constant({
  contentType: "application/json",
  text: '{"zz\\u0001":"\u0000BYTES\u0000"}',
  bytes: [0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80],
});

/** Broken multipart forms (the CSV upload is the one endpoint that reads them). */
const multipartBody: fc.Arbitrary<BodyPlan> = fc.constantFrom(
  { contentType: "multipart/form-data", text: "file=abc" },
  { contentType: "multipart/form-data; boundary=", text: "--\r\n" },
  {
    contentType: "multipart/form-data; boundary=x",
    text: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nplatformCustomerId\r\nx',
  },
  { contentType: "multipart/form-data; boundary=x", text: "--x\r\nno headers here\r\n--x--\r\n" },
  { contentType: "multipart/form-data; boundary=x", text: "--x--" },
  {
    contentType: "multipart/form-data; boundary=x",
    text: '--x\r\nContent-Disposition: form-data; name="other"\r\n\r\nv\r\n--x--\r\n',
  },
  {
    contentType: "multipart/form-data; boundary=x",
    text: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n\r\n--x--\r\n',
  },
  {
    contentType: "multipart/form-data; boundary=x",
    text:
      '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\na\r\n' +
      '--x\r\nContent-Disposition: form-data; name="file"; filename="b.csv"\r\n\r\nb\r\n--x--\r\n',
  },
);

// ---------------------------------------------------------------------------------------------------------
// Path parameters, queries, credentials

const badParamValue = fc.oneof(
  fc.constantFrom(
    "%00",
    "a%00b",
    "%FF",
    "%C0%AF",
    "%E0%A4%A",
    "%",
    "%%",
    "%zz",
    "..",
    "%2E%2E",
    ".",
    "a%2Fb",
    "%2F",
    "..%2F..%2F_local%2Freset",
    "%20",
    "%0A",
    "%0D%0A",
    "%09",
    "%01",
    "%7F",
    "%F0%9F%92%A9",
    "%E2%80%AE",
    "%EF%BB%BF",
    "%C3%BC",
    "%27%20OR%201%3D1--",
    "%7B%7D",
    "__proto__",
    "constructor",
    "null",
    "undefined",
    "NaN",
    "-1",
    "1e309",
    "Customer%3A",
    "Transaction%3A%20x",
  ),
  fc.string({ unit: "binary", minLength: 1, maxLength: 24 }).map(percentEncode),
  fc.integer({ min: 513, max: 4_000 }).map((length) => "a".repeat(length)),
  fc.integer({ min: 200, max: 1_000 }).map((length) => "%41".repeat(length)),
);

const queryPart = fc.oneof(
  fc.constantFrom(
    "__proto__[isAdmin]=1",
    "__proto__=1",
    "constructor[prototype][x]=1",
    "limit=1&limit=2",
    "limit=-1",
    "limit=0",
    "limit=101",
    "limit=NaN",
    "limit=1e309",
    "limit=%00",
    "limit=%FF",
    "cursor=%FF%FE",
    "cursor=not-a-cursor",
    "cursor=eyJ4IjoxfQ",
    "createdAfter=2025-13-45",
    "a[b][c]=1",
    "=",
    "&&&",
    ";;",
    "%00=%00",
    "x=%0D%0ASet-Cookie:%20a=b",
  ),
  // A known parameter only with a value no field accepts: any text is a valid platformCustomerId, and
  // GET /customers/kyc-link with one rightly creates a link. An unknown parameter may carry anything.
  fc
    .oneof(fc.tuple(knownKey, invalidString), fc.tuple(weirdKey, fc.oneof(anyString, invalidString)))
    .map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`),
);
const junkQuery = fc.array(queryPart, { minLength: 1, maxLength: 4 }).map((parts) => `?${parts.join("&")}`);

const brokenAuthorization = fc.oneof(
  fc.constantFrom(
    "Basic",
    "Basic ",
    "Basic !!!",
    "Basic dGVzdA==",
    "basic dGVzdF90b2tlbjp3cm9uZw==",
    "Bearer abc.def.ghi",
    `Basic ${Buffer.from("test_token:wrong").toString("base64")}`,
    `Basic ${Buffer.from(":").toString("base64")}`,
    `Basic ${Buffer.from("test_token").toString("base64")}`,
    `Basic ${"A".repeat(8_000)}`,
    "Digest username=x",
  ),
  fc
    .string({ unit: fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef0123456789+/="), maxLength: 64 })
    .map((value) => `Basic ${value}`),
);
/** Mostly the right credential, so requests reach validation; sometimes a broken one. */
const authorization = fc.oneof(
  { weight: 5, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: brokenAuthorization },
);

// ---------------------------------------------------------------------------------------------------------
// Plans per route

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function paramPlans(route: ServiceRoute, world: FuzzWorld, mode: "any" | "missing" | "bad") {
  if (route.params.length === 0) return fc.constant<ParamPlan[]>([]);
  const fake = hex(12).map((salt): ParamPlan => ({ kind: "fake", salt }));
  const bad = badParamValue.map((value): ParamPlan => ({ kind: "bad", value }));
  const one = (name: string): fc.Arbitrary<ParamPlan> => {
    if (mode === "any" && (world.realIds[name]?.length ?? 0) > 0) {
      return fc.oneof(
        fc.nat().map((pick): ParamPlan => ({ kind: "real", pick })),
        fake,
        bad,
      );
    }
    return fc.oneof(fake, bad);
  };
  const plans = fc.tuple(...route.params.map(one));
  if (mode !== "bad") return plans;
  // At least one bad parameter; the others may name real-looking but missing resources.
  return fc.tuple(plans, fc.nat(), bad).map(([list, at, forced]) => {
    const copy = [...list];
    copy[at % copy.length] = forced;
    return copy;
  });
}

/** Requests for one route that must all be refused (or, for a GET's query family, at least not break). */
export function requestPlans(route: ServiceRoute, world: FuzzWorld): fc.Arbitrary<RequestPlan> {
  const withBody = BODY_METHODS.has(route.method);
  const query = fc.oneof({ weight: 3, arbitrary: fc.constant("") }, { weight: 1, arbitrary: junkQuery });
  const families: fc.Arbitrary<RequestPlan>[] = [];
  if (withBody) {
    families.push(
      fc.record({
        family: fc.constant<Family>("framework-body"),
        params: paramPlans(route, world, "any"),
        query,
        authorization,
        body: frameworkBody,
      }),
      fc.record({
        family: fc.constant<Family>("schema-body"),
        params: paramPlans(route, world, "missing"),
        query,
        authorization,
        body: fc.oneof(
          { weight: 8, arbitrary: schemaBody },
          { weight: 1, arbitrary: invalidUtf8Body },
          { weight: 1, arbitrary: multipartBody },
        ),
      }),
    );
  }
  if (route.params.length > 0) {
    families.push(
      fc.record({
        family: fc.constant<Family>("path-param"),
        params: paramPlans(route, world, "bad"),
        query,
        authorization,
        body: withBody ? fc.option(schemaBody, { nil: undefined }) : fc.constant(undefined),
      }),
    );
  }
  families.push(
    fc.record({
      family: fc.constant<Family>("query"),
      params: paramPlans(route, world, "missing"),
      query: junkQuery,
      authorization,
      body: withBody ? schemaBody : fc.constant(undefined),
    }),
  );
  return fc.oneof(...families);
}

/**
 * Whether a 2xx answer can be right: a GET or HEAD that has no query to validate may ignore a junk one (with the
 * right credential, or on a route open to everyone).
 */
export const mayIgnoreInput = (route: ServiceRoute, plan: RequestPlan, openRoute: boolean) =>
  plan.family === "query" &&
  (route.method === "GET" || route.method === "HEAD") &&
  (plan.authorization === null || openRoute);

function fakeId(name: string, salt: string): string {
  const uuid = `00000000-0000-4000-8000-${salt.padStart(12, "0").slice(0, 12)}`;
  switch (name) {
    case "customerId":
      return `Customer:${uuid}`;
    case "quoteId":
      return `Quote:${uuid}`;
    case "transactionId":
      return `Transaction:${uuid}`;
    case "accountId":
      return `InternalAccount:${uuid}`;
    case "jobId":
      return `Job:${uuid}`;
    case "receiverUmaAddress":
      return encodeURIComponent(`$nobody.${salt}@uma.localhost`);
    default:
      return `missing-${salt}`;
  }
}

/** Turns a plan into the bytes to send. */
export function buildRequest(route: ServiceRoute, plan: RequestPlan, world: FuzzWorld): RawRequest {
  let index = 0;
  const path = route.url.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const param = plan.params[index++];
    if (!param || param.kind === "fake") return fakeId(name, param?.kind === "fake" ? param.salt : "0");
    if (param.kind === "bad") return param.value;
    const real = world.realIds[name] ?? [];
    return encodeURIComponent(real[param.pick % real.length] ?? "");
  });
  const headers: Record<string, string> = { authorization: plan.authorization ?? world.authorization };
  let body: Buffer | undefined;
  if (plan.body) {
    if (plan.body.contentType !== undefined) headers["content-type"] = plan.body.contentType;
    const text = plan.body.text;
    if (plan.body.padTo !== undefined) {
      const pad = Math.max(0, plan.body.padTo - text.length - 2);
      body = Buffer.concat([Buffer.from(text), Buffer.alloc(pad, "a"), Buffer.from('"}')]);
    } else if (plan.body.bytes) {
      const [before = "", after = ""] = text.split("\u0000BYTES\u0000");
      body = Buffer.concat([Buffer.from(before), Buffer.from(plan.body.bytes), Buffer.from(after)]);
    } else {
      body = Buffer.from(text);
    }
    if (plan.body.claimedLength !== undefined) headers["content-length"] = plan.body.claimedLength;
    if (plan.body.chunked) headers["transfer-encoding"] = "chunked";
  }
  return { method: route.method, path: `${path}${plan.query}`, headers, ...(body ? { body } : {}) };
}

/** A short description of a plan for failure messages (bodies cut). */
export function describePlan(request: RawRequest, plan: RequestPlan): string {
  const body = request.body ? Buffer.from(request.body) : undefined;
  const shown = body ? JSON.stringify(body.subarray(0, 160).toString("utf8")) : "none";
  return `${plan.family}: ${request.method} ${request.path.slice(0, 200)} content-type=${
    request.headers?.["content-type"] ?? "none"
  } body(${body?.length ?? 0} B)=${shown} auth=${plan.authorization === null ? "valid" : "broken"}`;
}
