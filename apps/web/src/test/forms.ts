import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

/** Where to look for the fields: the whole screen, or one form (`within(form)`). */
type Scope = Pick<typeof screen, 'findByLabelText' | 'getByLabelText' | 'getByRole'>;

/**
 * Types each non-empty value into the field with that label (chooses it where the field is a
 * select), in order, then presses the submit button named. The first field is awaited: locale
 * chunks load lazily, so the form may not be there yet.
 */
export async function fillAndSubmit(
  values: Record<string, string>,
  submit: string,
  scope: Scope = screen,
) {
  for (const [i, [label, value]] of Object.entries(values).entries()) {
    if (!value) continue;
    const field = i === 0 ? await scope.findByLabelText(label) : scope.getByLabelText(label);
    if (field instanceof HTMLSelectElement) await userEvent.selectOptions(field, value);
    else await userEvent.type(field, value);
  }
  await userEvent.click(scope.getByRole('button', { name: submit }));
}

/** Replaces what `field` holds with `text`: clears it, then types. */
export async function retype(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  await userEvent.type(field, text);
}

/** A quantity box that refused what was typed: it still shows `shown`, is invalid and says `why`. */
export function expectRefusedQuantity(box: HTMLElement, shown: string, why: string) {
  expect(box).toHaveValue(shown);
  expect(box).toHaveAttribute('aria-invalid', 'true');
  expect(box).toHaveAccessibleDescription(why);
}
