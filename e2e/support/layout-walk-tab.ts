import type { CDPSession, Page } from 'playwright-core';

// The layout walk's Tab walk (e2e/support/layout-walk.ts): marks the stops in the page, presses
// Tab through it and answers the stops it did not reach.

/** Marks what Tab should reach (visible, enabled, in the tab order; one per radio group). */
function markTabStops(): number {
  const SELECTOR =
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, iframe, [contenteditable="true"], [contenteditable=""], [tabindex]';
  const stops = new Set<string>();
  let n = 0;
  for (const el of Array.from(document.querySelectorAll<HTMLElement>(SELECTOR))) {
    if (el.tabIndex < 0 || el.matches(':disabled') || el.closest('[inert]')) continue;
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1) continue;
    const radio = el instanceof HTMLInputElement && el.type === 'radio' && el.name;
    const key = radio ? `radio:${el.form?.id ?? ''}:${el.name}` : `stop-${n++}`;
    el.dataset.walkTab = key;
    stops.add(key);
  }
  const w = window as unknown as { walkReached: Set<string>; walkStart: HTMLElement };
  w.walkReached = new Set();
  document.addEventListener(
    'focusin',
    (e) => {
      const key = (e.target as HTMLElement).dataset?.walkTab;
      if (key) w.walkReached.add(key);
    },
    true,
  );
  // Tab from the top of the page, as after a page load.
  const start = document.createElement('span');
  start.tabIndex = -1;
  document.body.prepend(start);
  start.focus();
  w.walkStart = start;
  return stops.size;
}

/** The marked stops Tab has not reached yet (all of them, once `final`), and clears the marks then. */
function unreachedStops(final: boolean): string[] {
  const w = window as unknown as { walkReached: Set<string>; walkStart: HTMLElement };
  const missed: string[] = [];
  const seen = new Set<string>();
  for (const el of Array.from(document.querySelectorAll<HTMLElement>('[data-walk-tab]'))) {
    const key = el.dataset.walkTab!;
    // One that left the tab order meanwhile (a slide turned) is not a stop any more.
    const still = el.tabIndex >= 0 && el.checkVisibility({ checkVisibilityCSS: true });
    if (still && !w.walkReached.has(key) && !seen.has(key)) {
      seen.add(key);
      const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
      missed.push(`<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> "${text}"`);
    }
    if (final) delete el.dataset.walkTab;
  }
  if (final) {
    w.walkStart.remove();
    (document.activeElement as HTMLElement | null)?.blur();
  }
  return missed;
}

/**
 * Presses Tab through the page (at most twice its stops plus 20 presses) and answers the stops missed.
 * The presses of a batch go to Chromium together (DevTools input events, handled in order): one
 * round trip per press made the Tab walk cost as much as axe.
 */
export async function tabWalk(page: Page, cdp: CDPSession): Promise<string[]> {
  const stops = await page.evaluate(markTabStops);
  const key = { key: 'Tab', code: 'Tab', windowsVirtualKeyCode: 9 };
  // Twice the stops counted: content that arrives after the count (a home page's carousels and
  // grids) adds stops before the last ones; the walk stops as soon as every counted one is reached.
  // On a slow machine more can arrive than that (a buyer's home grid of cards): the cap follows
  // what the page holds after each batch.
  let cap = 2 * stops + 20;
  let presses = 0;
  while (presses < cap) {
    const batch = Math.min(25, cap - presses);
    await Promise.all(
      Array.from({ length: batch }, () => [
        cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...key }),
        cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key }),
      ]).flat(),
    );
    presses += batch;
    if ((await page.evaluate(unreachedStops, false)).length === 0) break;
    const focusable = await page.evaluate(
      () =>
        document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]').length,
    );
    cap = Math.max(cap, 2 * focusable + 20);
  }
  const missed = await page.evaluate(unreachedStops, true);
  return missed.map((m) => `not reached with Tab (${presses} presses): ${m}`);
}
