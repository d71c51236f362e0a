import { describe, expect, it } from "vitest";
import { actorWithoutPerson } from "./actor";

describe("actorWithoutPerson", () => {
  it("names the approval policy and the version that decided", () => {
    expect(actorWithoutPerson({ by: "policy", policyVersion: 3 })).toBe("Approval policy v3");
    expect(actorWithoutPerson({ by: "policy" })).toBe("Approval policy");
  });

  it("reads the summary as an evidence file copies it, as JSON text", () => {
    expect(actorWithoutPerson('{"by":"policy","policyVersion":1}')).toBe("Approval policy v1");
  });

  it("says anonymous for anything else, a summary that is not JSON included", () => {
    expect(actorWithoutPerson({ path: "/login" })).toBe("anonymous");
    expect(actorWithoutPerson({ by: "person", policyVersion: 2 })).toBe("anonymous");
    expect(actorWithoutPerson("not json")).toBe("anonymous");
    expect(actorWithoutPerson(null)).toBe("anonymous");
    expect(actorWithoutPerson(["policy"])).toBe("anonymous");
  });
});
