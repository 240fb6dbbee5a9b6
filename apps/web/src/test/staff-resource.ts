import { stubFetch } from './render';

/** A write the stubbed staff API received: its method, path and JSON body. */
type Write = { method: string; path: string; body: unknown };

/**
 * Stubs fetch with a staff resource under `path` kept in memory by the test: a GET answers what
 * `read` gives for its URL, any other method is recorded and answered by `write` (a Response is
 * sent as it is, anything else in the envelope). The envelope is `{ status: true, data }` unless
 * `envelope` names the answer's field another way (`addresses`, `order`). Answers the writes
 * recorded, in order.
 */
export function stubStaffResource(
  path: string,
  read: (url: URL) => unknown,
  write: (method: string, url: URL, body: Record<string, unknown>) => unknown,
  envelope: (value: unknown) => unknown = (data) => ({ status: true, data }),
): Write[] {
  const writes: Write[] = [];
  stubFetch({
    [path]: (url, init) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET') return envelope(read(url));
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      writes.push({ method, path: url.pathname, body });
      const answer = write(method, url, body);
      return answer instanceof Response ? answer : envelope(answer);
    },
  });
  return writes;
}

/** The bodies of the writes made with `method`, in order. */
export const bodiesOf = (writes: Write[], method: string) =>
  writes.filter((w) => w.method === method).map((w) => w.body);
