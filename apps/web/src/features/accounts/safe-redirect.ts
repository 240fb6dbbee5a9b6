/**
 * The page to go to after signing in: the `redirect` parameter the protected-route guard set, when
 * it is a same-site path (never //host or a loop back to /login); else /.
 */
export function safeRedirect(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return '/';
  if (value === '/login' || value.startsWith('/login?') || value.startsWith('/login/')) return '/';
  return value;
}
