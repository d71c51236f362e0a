import { describe, expect, it } from "vitest";
import { strictUtf8 } from "./utf8";

describe("a request body's bytes as text", () => {
  it("decodes valid UTF-8, multi-byte characters included", () => {
    expect(strictUtf8(Buffer.from('{"name":"José Ünal 李"}', "utf8"))).toBe('{"name":"José Ünal 李"}');
  });

  it("refuses bytes that are not UTF-8 rather than replacing them", () => {
    expect(strictUtf8(Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]))).toBeNull();
    // An overlong encoding of "/" and a lone continuation byte.
    expect(strictUtf8(Buffer.from([0xc0, 0xaf]))).toBeNull();
    expect(strictUtf8(Buffer.from([0x80]))).toBeNull();
  });
});
