import type { TestApp } from './test-app';

/**
 * Runs a direct SQL change and waits until this app's change feed has delivered its notification
 * (an awaited condition, not a sleep). On PostgreSQL the notification arrives over the LISTEN
 * connection a moment after the commit; a read made before it may still be answered by a cache.
 */
export async function execAndAwaitFeed(
  t: TestApp,
  statement: string,
  channel = 'ws_catalogue',
): Promise<void> {
  const delivered = new Promise<void>((resolve) =>
    t.app.changeFeed.subscribe(channel, () => resolve()),
  );
  await t.handle.exec(statement);
  await delivered;
}
