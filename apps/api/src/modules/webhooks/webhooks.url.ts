import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Config } from '../../config';
import {
  blockedAddress,
  systemResolver,
  type AddressPolicy,
  type HostResolver,
} from '../../lib/outbound-address';

// NOTE: the rule for endpoint URLs (docs/product/back-office-orders.md, "Webhooks"): http or https
// only, no credentials, and never an address inside the server's own networks: loopback,
// unspecified, link-local, private (RFC 1918, fc00::/7), carrier-grade NAT, cloud metadata,
// multicast, broadcast, reserved, nor an IPv6 form that carries one of those (lib/outbound-address).
// Loopback is allowed only when NODE_ENV is not production, so tests and local development can
// use a local receiver. A URL is checked when it is registered and again at every delivery, on
// the address the connection actually goes to (webhooks.http.ts), since DNS may change meanwhile.

const METADATA_HOSTS: ReadonlySet<string> = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.azure.com',
]);

/**
 * Where webhooks may go in this process: `production` (NODE_ENV) refuses loopback; nothing else
 * allows it. `privateNetworks` (WEBHOOK_PRIVATE_NETWORKS) are private networks the operator opened.
 */
export type WebhookTargetRule = { production: boolean; privateNetworks?: readonly string[] };

/** The rule of a process's configuration. */
export const webhookRuleOf = (config: Pick<Config, 'env' | 'webhookPrivateNetworks'>) => ({
  production: config.env === 'production',
  privateNetworks: config.webhookPrivateNetworks,
});

export const webhookAddressPolicy = (rule: WebhookTargetRule): AddressPolicy => ({
  allowLoopback: !rule.production,
  privateNetworks: (rule.privateNetworks ?? []).map((cidr) => ipaddr.parseCIDR(cidr)),
});

/** The refusal of a URL leading to `what` ("a private network address") at `where`. */
export const refusal = (what: string, where: string) => `url must not point at ${what} (${where})`;

/**
 * Why this URL may not receive webhooks as written, or null when it may. An IP address in the URL
 * (in any spelling: the URL parser turns 0x7f.1 and 2130706433 into 127.0.0.1) is checked here; a
 * host name is checked on what it resolves to (webhookTargetProblem, and at every connection).
 */
export function webhookUrlProblem(raw: string, options: WebhookTargetRule): string | null {
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
  const policy = webhookAddressPolicy(options);
  if (isIP(host)) {
    const what = blockedAddress(host, policy);
    return what ? refusal(what, host) : null;
  }
  if ((host === 'localhost' || host.endsWith('.localhost')) && !policy.allowLoopback)
    return refusal('this machine (loopback)', host);
  return null;
}

/**
 * webhookUrlProblem, then the addresses a host name resolves to now: registration refuses a name
 * that leads inside the network. A name that does not resolve (yet) is accepted: the check at
 * every delivery decides.
 */
export async function webhookTargetProblem(
  raw: string,
  options: WebhookTargetRule & { resolve?: HostResolver },
): Promise<string | null> {
  const problem = webhookUrlProblem(raw, options);
  if (problem) return problem;
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return null;
  const addresses = await (options.resolve ?? systemResolver)(host).catch(() => []);
  for (const { address } of addresses) {
    const what = blockedAddress(address, webhookAddressPolicy(options));
    if (what) return refusal(what, `${host} resolves to ${address}`);
  }
  return null;
}
