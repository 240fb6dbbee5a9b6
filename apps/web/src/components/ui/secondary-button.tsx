import type { ButtonHTMLAttributes } from 'react';

/**
 * A button in the secondary style that acts on the page (cancel, edit, clear, show more): never a
 * form's submit, so pressing it inside a form does not send the form.
 */
export function SecondaryButton(
  props: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'>,
) {
  return <button type="button" className="button button--secondary" {...props} />;
}
