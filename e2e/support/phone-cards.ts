import { expect, type Locator } from "@playwright/test";

/** The width of the phone the specs draw lists at, in CSS pixels. */
export const PHONE_WIDTH = 390;

/** A row's `count` cells, each drawn whole within a phone's width (none off to the side). */
export async function expectCellsWithinScreen(cells: Locator, count: number) {
  await expect(cells).toHaveCount(count);
  for (let index = 0; index < count; index++) {
    const box = await cells.nth(index).boundingBox();
    expect(box, `cell ${index}`).not.toBeNull();
    expect(box?.x ?? -1, `cell ${index}`).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0), `cell ${index}`).toBeLessThanOrEqual(PHONE_WIDTH);
  }
}
