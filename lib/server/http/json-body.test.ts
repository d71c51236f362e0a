import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "../../../shared/api-error";
import { jsonNestingDepth, MAX_JSON_DEPTH, readJsonBody } from "./json-body";

const schema = z.strictObject({ name: z.string().min(1, "Enter a name") });
const post = (body: string, contentType = "application/json") =>
  new Request("http://console.test/api/x", {
    method: "POST",
    body,
    headers: { "content-type": contentType },
  });

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe("readJsonBody", () => {
  it("returns the body the schema accepts", async () => {
    await expect(readJsonBody(post('{"name":"Ada"}'), schema, 1024)).resolves.toEqual({ name: "Ada" });
  });

  it("answers 400 for text that is not JSON, an empty body included", async () => {
    for (const body of ["{not json", ""]) {
      const error = await refusal(readJsonBody(post(body), schema, 1024));
      expect([error.status, error.code, error.message]).toEqual([
        400,
        "INVALID_INPUT",
        "The request body is not valid JSON.",
      ]);
    }
  });

  it("answers 400 with the fields the schema refuses", async () => {
    const error = await refusal(readJsonBody(post('{"name":"","role":"admin"}'), schema, 1024));
    expect(error.status).toBe(400);
    expect(error.details).toMatchObject({
      fields: expect.arrayContaining([expect.objectContaining({ path: "name", message: "Enter a name" })]),
    });
  });

  it("answers 413, not 400, for a body past the limit", async () => {
    const error = await refusal(readJsonBody(post(JSON.stringify({ name: "x".repeat(2000) })), schema, 1024));
    expect(error.status).toBe(413);
  });

  it("answers 415 for a body not sent as JSON, as a form or text/plain post from another site would be", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data", ""]) {
      const error = await refusal(readJsonBody(post('{"name":"Ada"}', type), schema, 1024));
      expect([error.status, error.code]).toEqual([415, "UNSUPPORTED_MEDIA_TYPE"]);
    }
    await expect(
      readJsonBody(post('{"name":"Ada"}', "application/json; charset=utf-8"), schema, 1024),
    ).resolves.toEqual({ name: "Ada" });
  });

  it("answers 400 naming the field for text the console cannot store, keys included", async () => {
    for (const [body, path] of [
      ['{"name":"A\\u0000da"}', "name"],
      ['{"name":"\\ud800"}', "name"],
      ['{"name":"Ada","x\\udc00":1}', "x\uFFFD"],
    ] as const) {
      const error = await refusal(readJsonBody(post(body), schema, 1024));
      expect(error.status).toBe(400);
      expect(error.details).toMatchObject({ fields: [expect.objectContaining({ path })] });
    }
  });

  it("answers 400, not 500, for 50,000-deep JSON, before parsing it (issue 46 item 12)", async () => {
    const depth = 50_000;
    const permissive = z.unknown();
    for (const body of [
      "[".repeat(depth) + "]".repeat(depth),
      `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`,
      `{"name":"Ada","x":${"[".repeat(depth)}${"]".repeat(depth)}}`,
    ]) {
      const error = await refusal(readJsonBody(post(body), permissive, 1024 * 1024));
      expect([error.status, error.code]).toEqual([400, "INVALID_INPUT"]);
      expect(error.message).toContain(`${MAX_JSON_DEPTH} deep`);
    }
  });

  it("accepts nesting up to the limit", async () => {
    const within = "[".repeat(MAX_JSON_DEPTH) + "]".repeat(MAX_JSON_DEPTH);
    await expect(readJsonBody(post(within), z.unknown(), 1024)).resolves.toBeDefined();
    const past = "[".repeat(MAX_JSON_DEPTH + 1) + "]".repeat(MAX_JSON_DEPTH + 1);
    expect((await refusal(readJsonBody(post(past), z.unknown(), 1024))).status).toBe(400);
  });
});

describe("jsonNestingDepth", () => {
  it("counts brackets outside strings only, escaped quotes included", () => {
    expect(jsonNestingDepth('{"a":[1,{"b":2}]}')).toBe(3);
    expect(jsonNestingDepth('{"a":"[[[[{{{{"}')).toBe(1);
    // JSON text `{"a":"\\"}`: an escaped backslash, then the string ends.
    expect(jsonNestingDepth('{"a":"\\\\"}')).toBe(1);
    // JSON text `{"a":"\\\"[[["}`: an escaped backslash, an escaped quote, brackets still inside the string.
    expect(jsonNestingDepth('{"a":"\\\\\\"[[["}')).toBe(1);
    // JSON text `["\\",[[]]]`: the string ends after the escaped backslash, so the brackets count.
    expect(jsonNestingDepth('["\\\\",[[]]]')).toBe(3);
    expect(jsonNestingDepth("1")).toBe(0);
    expect(jsonNestingDepth("[][][]")).toBe(1);
  });

  it("stops once past the limit", () => {
    expect(jsonNestingDepth("[".repeat(1_000_000), 64)).toBe(65);
  });
});
