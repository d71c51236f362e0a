import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * axe-core's WCAG 2.2 A and AA rules and its best practices: labels, names that contain the visible text, contrast,
 * unique landmarks, headings, ARIA use. It cannot judge everything (whether a label makes sense, whether the order
 * of focus does); the other specs drive every page by role, label and keyboard for that.
 */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * An axe-core audit of the page as the specs run it. `axe.run` in the page itself ("legacy mode"): the console has no
 * frames, and the default (a partial run per frame, finished in a new blank page opened for each audit) cost a page
 * open and a second copy of axe per audit, two thirds of the accessibility spec's time. Only violations are
 * collected in full: passes and inapplicable rules are not read, and gathering every node of each was the rest.
 * Both keep every violation the default finds (checked on a page with a planted unlabelled field and faint text).
 */
export function axeAudit(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });
}

/** Fails with every violation, one line each, as `<where>: <rule> (<impact>) <help> at <target>: <why>`. */
export async function expectNoViolations(audit: AxeBuilder, where: string) {
  const { violations } = await audit.analyze();
  const found = violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${where}: ${violation.id} (${violation.impact}) ${violation.help} at ${node.target.join(" ")}: ` +
        [...node.any, ...node.all, ...node.none].map((check) => check.message).join("; "),
    ),
  );
  expect(found, found.join("\n")).toEqual([]);
}
