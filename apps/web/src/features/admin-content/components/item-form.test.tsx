import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { CRAFTS } from '@wholesale/contract/content';
import { ApiError } from '@/lib/api-client';
import { preloadTranslations } from '@/test/i18n';
import { ItemForm } from './item-form';

beforeAll(() => preloadTranslations(['admin-content', 'common']));

const refused = (fields: Record<string, string>) =>
  new ApiError(400, 'VALIDATION_FAILED', 'Some fields are not valid', fields);

const renderForm = (kind: Parameters<typeof ItemForm>[0]['kind'], error?: unknown) =>
  render(<ItemForm kind={kind} pending={false} error={error} onSubmit={() => {}} />);

describe("a content item's own fields", () => {
  it.each([
    ['pattern', 'Craft', 'craft', 'SELECT'],
    ['carousel', 'Link (a page of this site, such as /catalogues)', 'link', 'INPUT'],
    ['newsletter', 'Issue date', 'issue_date', 'INPUT'],
    ['catalogue', 'Cover image (up to 5 MB) (optional)', 'cover', 'INPUT'],
  ] as const)(
    'labels the %s field, names it, and links it to the error the server gives for it',
    (kind, label, name, tag) => {
      const { unmount } = renderForm(kind);
      const control = screen.getByLabelText(label);
      expect(control.tagName).toBe(tag);
      expect(control).toHaveAttribute('name', name);
      expect(control).not.toHaveAttribute('aria-describedby');
      unmount();

      renderForm(kind, refused({ [name]: `Bad ${name}` }));
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(`Bad ${name}`);
    },
  );

  it('asks for an issue date, and starts a craft on the first craft', () => {
    renderForm('newsletter');
    expect(screen.getByLabelText('Issue date')).toBeRequired();
    renderForm('pattern');
    expect(screen.getByLabelText('Craft')).toHaveValue(CRAFTS[0]);
  });
});
