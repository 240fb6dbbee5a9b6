import { isIP } from 'node:net';

// NOTE: the rule for endpoint URLs (docs/product/back-office-orders.md, "Webhooks"): http or https
// only; never link-local addresses (169.254.0.0/16, fe80::/10, where cloud metadata services
// answer), metadata host names or the unspecified address; loopback (127.0.0.0/8, ::1, localhost)
// only when NODE_ENV is not production, so tests and local development can use a local receiver.
// The check reads the URL as written: a host name that resolves to such an address later is not
// caught here (see decision 019).

const METADATA_HOSTS = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.azure.com',
]);

function ipv4Parts(host: string): number[] | null {
  if (isIP(host) !== 4) return null;
  return host.split('.').map(Number);
}

function isLinkLocal(host: string): boolean {
  const v4 = ipv4Parts(host);
  if (v4) return v4[0] === 169 && v4[1] === 254;
  if (isIP(host) === 6) {
    const first = parseInt(host.split(':')[0] || '0', 16);
    if ((first & 0xffc0) === 0xfe80) return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(host);
    return mapped ? isLinkLocal(mapped[1]) : false;
  }
  return false;
}

function isLoopback(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const v4 = ipv4Parts(host);
  if (v4) return v4[0] === 127;
  if (host === '::1') return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(host);
  return mapped ? isLoopback(mapped[1]) : false;
}

/** Why this URL may not receive webhooks, or null when it may. */
export function webhookUrlProblem(raw: string, options: { production: boolean }): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'url is not a valid address';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return 'url must start with http(s)://';
  if (url.username || url.password) return 'url must not carry a user name or password';
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.$/, '');
  if (METADATA_HOSTS.has(host)) return 'url must not point at a metadata service';
  if (isLinkLocal(host)) return 'url must not point at a link-local address';
  if (host === '0.0.0.0' || host === '::') return 'url must not point at an unspecified address';
  if (isLoopback(host) && options.production)
    return 'url must not point at this machine (loopback) in production';
  return null;
}
