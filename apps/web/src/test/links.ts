import type { screen } from '@testing-library/react';
import { expect } from 'vitest';

/** Where the link is: the whole screen, or one part of it (`within(row)`). */
type Scope = Pick<typeof screen, 'getByRole'>;

/** There is a link named `name` in `scope`, and it goes to `href`. */
export function expectLink(scope: Scope, name: string | RegExp, href: string) {
  expect(scope.getByRole('link', { name })).toHaveAttribute('href', href);
}
