import type { Page } from 'playwright-core';

/** A catalogue text with its {{placeholders}} filled, as the screen shows it. */
export const fill = (text: string, values: Record<string, string>): string =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

/** Buttons, headings, tabs, chips, labels and selects whose text runs past their box (cut off), as 'tag: text'. */
export function clippedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('button, h1, h2, h3, [role="tab"], .MuiChip-label, label, legend, select')]
      .filter((element) => element instanceof HTMLElement && element.offsetParent !== null && element.clientWidth > 0)
      // Not drawn: an outlined field's notch legend is hidden and animates its width as its label moves up.
      .filter((element) => getComputedStyle(element).visibility !== 'hidden')
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .map((element) => `${element.tagName.toLowerCase()}: ${(element.textContent ?? '').trim().slice(0, 60)}`),
  );
}
