import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Waits until no finite animation or transition runs (a toast sliding in or out, a dialog fading, a
 * panel opening; a toast's countdown is cut short): axe measures colour contrast with opacity, so a half-faded toast would read as a
 * contrast failure; and a click on a panel still opening can press on one element and release on
 * another that moved under the pointer. Endless ones (spinners, indeterminate progress) are left running.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    // A toast's countdown bar (5 s) is run to its end: the toast closes as it would have, without every shot
    // after a toast waiting those seconds out (CI run of session 24). Its closing starts on the bar's end
    // event, after this poll: a poll that ended a bar is not at rest, and a later one waits for the closing.
    const animations = document.getAnimations();
    const bars = animations.filter(
      (animation) =>
        animation.playState === 'running' &&
        animation.effect instanceof KeyframeEffect &&
        animation.effect.target?.classList.contains('Toastify__progress-bar'),
    );
    bars.forEach((bar) => bar.finish());
    if (bars.length > 0) return false;
    return animations.every(
      (animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
    );
  });
}

/** axe-core's serious and critical findings on the page as it stands, once it is at rest, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await settled(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
