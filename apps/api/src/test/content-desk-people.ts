import type { TestApp } from './test-app';

/**
 * The people a content screen's tests sign in: the content staff member who uses it (named by
 * `email` in its audit rows), and two who must be refused it: an orders staff member (a staff
 * member without the content role) and a Canadian buyer. Answers the content member signed in and
 * the others' headers.
 */
export async function signInContentDeskPeople(t: TestApp, email: string) {
  const content = await t.signIn({ role: 'staff', staffRoles: ['content'], email });
  const orders = (await t.signIn({ role: 'staff', staffRoles: ['orders'] })).headers;
  const buyer = (await t.signIn({ country: 'ca' })).headers;
  return { content, orders, buyer };
}
