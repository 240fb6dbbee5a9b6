// The layout walk's geometry checks (e2e/support/layout-walk.ts): run in the page by page.evaluate,
// so the function reads nothing from this module's scope.

/**
 * The geometry checks in one pass over the page: wider than the window; an interactive element
 * covered at its centre once scrolled into view; text cut off in a control; a one-line field
 * stretched taller than two lines; a stacked table wider than its box; a one-word
 * column heading broken over lines. Answers one line per defect.
 */
export function layoutDefects(): string[] {
  const out: string[] = [];
  const describe = (el: Element): string => {
    const id = el.id ? `#${el.id}` : '';
    const cls =
      typeof el.className === 'string' && el.className.trim()
        ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}`
        : '';
    const text = (
      el.getAttribute('aria-label') ??
      (el as HTMLInputElement).placeholder ??
      el.textContent ??
      ''
    )
      .trim()
      .replace(/\s+/g, ' ')
      .slice(0, 40);
    return `<${el.tagName.toLowerCase()}${id}${cls}>${text ? ` "${text}"` : ''}`;
  };
  const shown = (el: Element): boolean => {
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
    if (el.closest('[inert]')) return false;
    const r = el.getBoundingClientRect();
    // 1 px boxes are visually hidden on purpose (skip link, screen-reader text).
    return r.width > 1 && r.height > 1 && getComputedStyle(el).pointerEvents !== 'none';
  };
  window.scrollTo(0, 0);
  const scroller = document.scrollingElement ?? document.documentElement;
  if (scroller.scrollWidth > window.innerWidth) {
    // The culprits: the innermost visible boxes past the right edge that scroll with the page
    // (neither in a fixed box nor clipped by a scrolling one inside the window).
    const pastEdge = (el: Element): boolean => {
      if (!el.checkVisibility() || el.getBoundingClientRect().right <= window.innerWidth + 0.5)
        return false;
      // An absolutely placed box is clipped only by a scrolling box that contains it.
      let escapes = getComputedStyle(el).position === 'absolute';
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.position === 'fixed') return false;
        if (style.position !== 'static') escapes = false;
        if (
          !escapes &&
          style.overflowX !== 'visible' &&
          a.getBoundingClientRect().right <= window.innerWidth
        )
          return false;
      }
      return true;
    };
    const over = Array.from(document.body.querySelectorAll('*')).filter(pastEdge);
    const culprits = over.filter((el) => !over.some((o) => o !== el && el.contains(o)));
    out.push(
      `wider than the window (${scroller.scrollWidth} px): ${culprits.slice(0, 3).map(describe).join(', ')}`,
    );
  }
  const interactive = document.querySelectorAll(
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex^="-"])',
  );
  for (const el of Array.from(interactive)) {
    if (!shown(el)) continue;
    el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    // A link that wraps has a box per line: it is covered when none of them shows it at its centre.
    const boxes = Array.from(el.getClientRects())
      .filter((r) => r.width > 1 && r.height > 1)
      .slice(0, 3);
    let seen = false;
    let inWindow = false;
    let cover: Element | null = null;
    for (const r of boxes) {
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      // Outside the window: clipped by a scrolling box it cannot be scrolled into, not covered.
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
      inWindow = true;
      const hit = document.elementFromPoint(x, y);
      if (
        !hit ||
        hit === el ||
        el.contains(hit) ||
        (hit instanceof HTMLLabelElement && hit.control === el)
      ) {
        seen = true;
        break;
      }
      cover = hit;
    }
    if (inWindow && !seen && cover) out.push(`covered: ${describe(el)} under ${describe(cover)}`);
  }
  // A field a person types in scrolls its text under the caret by design: only one they cannot
  // type in (read-only, disabled, a button-like input) counts as cut off when its text does not fit.
  const controls = document.querySelectorAll(
    'button, label, select, input:is([readonly], :disabled, [type="button"], [type="submit"], [type="reset"])',
  );
  for (const control of Array.from(controls)) {
    if (!shown(control)) continue;
    for (const el of [control, ...Array.from(control.querySelectorAll('*'))]) {
      // Screen-reader text in a 1 px box is hidden on purpose.
      if (el.clientWidth <= 1 && el !== control) continue;
      const style = getComputedStyle(el);
      const clips =
        el instanceof HTMLInputElement ||
        style.overflowX === 'hidden' ||
        style.overflowX === 'clip' ||
        style.textOverflow === 'ellipsis';
      if (clips && el.scrollWidth > el.clientWidth + 1) {
        out.push(`text cut off: ${describe(control)} (${el.scrollWidth} > ${el.clientWidth} px)`);
        break;
      }
    }
  }
  // A one-line field stretched by a flex rule meant for another layout: the audit log's e-mail box
  // grew 240 px tall inside its labelled column. Nothing is covered or cut off, yet it reads broken.
  const oneLine = document.querySelectorAll(
    'input:not([type="checkbox"], [type="radio"], [type="file"], [type="range"], [type="color"], [type="image"], [type="hidden"]), select:not([multiple], [size]:not([size="1"]))',
  );
  for (const field of Array.from(oneLine)) {
    if (!shown(field)) continue;
    const height = field.getBoundingClientRect().height;
    if (height > 64) out.push(`stretched: ${describe(field)} (${Math.round(height)} px tall)`);
  }
  // A stacked table (stacked-table.css) wider than its box: the person scrolls it sideways, which
  // the stacking is there to spare them (the order desk's list beside the menu). A back-office table
  // counts only while stacked: where it is wide enough not to stack it may scroll in its box by
  // design (the audit log's long e-mails and changes on a desktop). A buyer's table counts at every
  // width: their invoices at a 768 px window, not stacked yet, scrolled in their box (765 > 721 px).
  for (const table of Array.from(document.querySelectorAll('table.stacked-table'))) {
    const box = table.parentElement;
    const row = table.querySelector('tbody tr');
    if (!box || !row || !shown(table)) continue;
    const stacking = getComputedStyle(row).display === 'grid';
    if (!stacking && table.closest('.staff-layout__screen')) continue;
    const width = table.getBoundingClientRect().width;
    if (width > box.clientWidth + 1)
      out.push(
        `${stacking ? 'stacked' : 'buyer'} table scrolls sideways: ${describe(table)} (${Math.round(width)} > ${box.clientWidth} px)`,
      );
  }
  // A one-word column heading broken over two lines ("Orde" over "r") by a rule that lets words
  // break anywhere: the table should keep its words whole and scroll instead.
  for (const heading of Array.from(document.querySelectorAll('th'))) {
    const word = heading.textContent?.trim() ?? '';
    if (!word || /\s/.test(word) || !shown(heading)) continue;
    // Its text as drawn, leaving out screen-reader text in a 1 px box (hidden on purpose).
    const lines = new Set<number>();
    const texts = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
    for (let text = texts.nextNode(); text; text = texts.nextNode()) {
      if ((text.parentElement?.getBoundingClientRect().width ?? 0) <= 1) continue;
      const range = document.createRange();
      range.selectNodeContents(text);
      for (const r of Array.from(range.getClientRects()))
        if (r.width > 0) lines.add(Math.round(r.top));
    }
    if (lines.size > 1) out.push(`word broken: ${describe(heading)} over ${lines.size} lines`);
  }
  window.scrollTo(0, 0);
  return out;
}

/**
 * The desktop top bar on one line (the walk asks at 1280 px in each language): its links wrapped
 * onto a second line for the French buyer. Answers one line per defect; nothing where the top bar
 * is not shown (a phone's width).
 */
export function topBarDefects(): string[] {
  const bar = document.querySelector('.top-bar');
  if (!bar?.checkVisibility()) return [];
  const links = Array.from(bar.querySelectorAll('li'));
  const lines = new Set(links.map((li) => Math.round(li.getBoundingClientRect().top)));
  const out = lines.size > 1 ? [`top bar links on ${lines.size} lines`] : [];
  for (const link of Array.from(bar.querySelectorAll('a')))
    if (link.getClientRects().length > 1)
      out.push(`top bar link "${link.textContent?.trim()}" broken over lines`);
  return out;
}
