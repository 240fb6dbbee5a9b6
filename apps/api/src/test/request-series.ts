/**
 * The status codes of `count` requests sent one after another, in order: what the rate-limit and
 * throttle tests compare (request i is `send(i)`; none starts before the one before has answered).
 */
export async function statusesOf(
  count: number,
  send: (i: number) => Promise<{ statusCode: number }>,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) statuses.push((await send(i)).statusCode);
  return statuses;
}
