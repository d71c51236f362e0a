import { describe, expect, it } from "vitest";
import { CONSOLE_API } from "../console-api/endpoints";
import { actionWords } from "./action-words";

describe("an audited action in words", () => {
  it("names the actions people take", () => {
    expect(actionWords("payment.approve")).toBe("Approved a payment");
    expect(actionWords("config.proposal.decline")).toBe("Declined a proposed change");
  });

  it("says a match's first confirmation only proposed it, and the second confirmed it", () => {
    expect(actionWords("screening.confirm", { step: "1 of 2" })).toBe(
      "Proposed confirming a watchlist match",
    );
    expect(actionWords("screening.confirm", { step: "2 of 2" })).toBe(
      "Confirmed a watchlist match (the second officer)",
    );
    // The attempt, recorded before anyone knows which step it is.
    expect(actionWords("screening.confirm", {})).toBe("Proposed or confirmed a watchlist match");
  });

  it("reads an action it does not know as its code's words", () => {
    expect(actionWords("something.new-here")).toBe("Something new here");
  });

  it("names every change the console's endpoints audit", () => {
    const actions = Object.values(CONSOLE_API).flatMap((entry) =>
      entry.method !== "GET" && typeof entry.action === "string" ? [entry.action] : [],
    );
    const asCode = (action: string) => {
      const words = action.replace(/[._-]+/g, " ");
      return words.charAt(0).toUpperCase() + words.slice(1);
    };
    const unnamed = actions.filter((action) => actionWords(action) === asCode(action));
    expect(unnamed).toEqual([]);
  });
});
