import axe from 'axe-core';
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

interface AxeWindow {
  axe?: { run(context: Document, options: object): Promise<{ violations: axe.Result[] }> };
}

/**
 * axe-core's serious and critical findings on the page as it stands, once it is at rest, one line each.
 * axe-core runs in the page itself, put there once per document: @axe-core/playwright injected it into
 * every frame on every call and finished each run in a new page, 1–2 s a shot of the 2–3 s a check took
 * (session 26; axe's own run is 0.15–0.6 s). The app has no frames to look into.
 *
 * `label-content-name-mismatch` (WCAG 2.5.3, on by default since axe-core 4.14) is on: the staff home's cards
 * are named by their whole text, and the requester's ride cards by what they show first ("A → B, ride …").
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await settled(page);
  if (!(await page.evaluate(() => Boolean((window as AxeWindow).axe)))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const found = await (window as AxeWindow).axe!.run(document, { resultTypes: ['violations'] });
    return found.violations.map(({ id, help, impact, nodes }) => ({
      id,
      help,
      impact,
      targets: nodes.map((node) => node.target.join(' ')),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.targets.join(', ')})`);
}
