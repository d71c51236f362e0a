import type { Locator } from "@playwright/test";

/**
 * Where the text of an element wraps inside a word, as it is drawn: each place a line starts, written as the
 * characters either side of the break ("bancoej|emplo"). A break after a space, "@", "-", "/", ",", ":", "=", "&" or
 * "?", or before a "." or "@", is where an address or a machine-written value may wrap, and is not listed.
 */
export async function wrapsInsideWords(locator: Locator): Promise<string[]> {
  return locator.evaluate((element) => {
    const characters: { char: string; box: DOMRect | undefined }[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (let index = 0; index < text.length; index++) {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const box = range.getClientRects()[0];
        characters.push({ char: text.charAt(index), box: box && box.width > 0 ? box : undefined });
      }
    }
    const wrong: string[] = [];
    // A character starts a new line when it is drawn below the one before (text of another size on the same line
    // is drawn a little higher or lower, never wholly below it).
    let last: DOMRect | undefined;
    characters.forEach(({ char, box }, index) => {
      if (box === undefined) return;
      if (last !== undefined && box.top >= last.bottom - 2) {
        const before = characters[index - 1]?.char ?? "";
        const allowed = /[\s@\-/,:=&?]/.test(before) || /[\s.@]/.test(char);
        if (!allowed) {
          const around = (from: number, to: number) =>
            characters
              .slice(Math.max(0, from), to)
              .map((item) => item.char)
              .join("");
          wrong.push(`${around(index - 8, index)}|${around(index, index + 8)}`);
        }
      }
      last = box;
    });
    return wrong;
  });
}

/**
 * Whether the element, or what it holds, is drawn past the window's right edge or its own (a word too long for it
 * widens it, or its dialog, beyond the screen).
 */
export async function drawnPastTheEdge(locator: Locator): Promise<boolean> {
  return locator.evaluate(
    (element) =>
      element.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5 ||
      element.scrollWidth > element.clientWidth + 1,
  );
}
