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

/**
 * A form's submit button while its write may be on its way: held, and saying `busy` (Saving…),
 * while `pending`; otherwise saying `children`.
 */
export function SubmitButton({
  pending,
  busy,
  children,
}: {
  pending: boolean;
  busy: string;
  children: string;
}) {
  return (
    <button type="submit" className="button" disabled={pending}>
      {pending ? busy : children}
    </button>
  );
}
