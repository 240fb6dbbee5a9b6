import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The X-Signature header of a delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. The
 * timestamp is signed too, so a receiver can refuse old replays (docs/product/back-office-orders.md).
 */
export function signatureHeader(secret: string, unixSeconds: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/** What a receiver does: true when the header signs this body with this secret. */
export function verifySignature(secret: string, header: string, body: string): boolean {
  const parts = Object.fromEntries(
    header.split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()];
    }),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1) return false;
  const expected = Buffer.from(signatureHeader(secret, t, body).split('v1=')[1], 'hex');
  const given = Buffer.from(String(parts.v1), 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
