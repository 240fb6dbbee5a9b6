/**
 * What the visitor has typed into the header search box so far. The header first shows a light
 * fallback box and swaps in the search feature's box when its code has loaded (it is kept out of the
 * home route's bundle); the draft carries the text, the caret and the focus across that swap, so
 * nothing typed right after a page loads is lost (barcode scanners type within a second).
 */
export type SearchDraft = {
  text: string;
  selectionStart: number | null;
  selectionEnd: number | null;
  focused: boolean;
};

export function emptySearchDraft(): SearchDraft {
  return { text: '', selectionStart: null, selectionEnd: null, focused: false };
}

/** Copies an input's value, caret and focus into the draft (called on every change and select). */
export function recordSearchDraft(draft: SearchDraft, input: HTMLInputElement): void {
  draft.text = input.value;
  draft.selectionStart = input.selectionStart;
  draft.selectionEnd = input.selectionEnd;
  draft.focused = input.ownerDocument.activeElement === input;
}

/** Gives a freshly mounted input the draft's focus and caret (before the browser paints it). */
export function restoreSearchDraft(draft: SearchDraft, input: HTMLInputElement): void {
  if (!draft.focused) return;
  input.focus();
  const end = input.value.length;
  input.setSelectionRange(
    Math.min(draft.selectionStart ?? end, end),
    Math.min(draft.selectionEnd ?? end, end),
  );
}
