import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

// NOTE: server-side request forgery. A URL someone else chose (a webhook endpoint) must never make
// the server call an address inside its own network: this machine, private networks, the cloud
// metadata service. The decision is taken on the ADDRESS the connection goes to, after DNS and at
// connect time (guardedLookup), never on the URL as written: `[::ffff:7f00:1]`, `2130706433`, or a
// name that resolves to 10.0.0.5 all read as harmless text. Ranges come from ipaddr.js.

export type ResolvedAddress = { address: string; family: number };
/** Every address a host name resolves to (tests inject their own). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The operating system's resolver (what an HTTP client uses by default). */
export const systemResolver: HostResolver = (hostname) =>
  dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Loopback is allowed only outside production, so tests and development use a local receiver;
 * `privateNetworks` are private networks the operator lets calls reach (an ERP on the company LAN).
 */
export type AddressPolicy = {
  allowLoopback: boolean;
  privateNetworks?: ReadonlyArray<[ipaddr.IPv4 | ipaddr.IPv6, number]>;
};

// The ranges an operator may open (privateNetworkProblem): never loopback, link-local or metadata.
const OPENABLE = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', 'fc00::/7'].map(
  (cidr) => ipaddr.parseCIDR(cidr),
);

/** Why `cidr` cannot be one of the private networks calls may reach, or null when it can. */
export function privateNetworkProblem(cidr: string): string | null {
  if (!ipaddr.isValidCIDR(cidr)) return `${cidr} is not a network such as 10.20.0.0/16`;
  const [net, bits] = ipaddr.parseCIDR(cidr);
  const inside = OPENABLE.some(
    ([base, baseBits]) =>
      net.kind() === base.kind() && bits >= baseBits && net.match(base, baseBits),
  );
  return inside
    ? null
    : `${cidr} must lie inside 10/8, 172.16/12, 192.168/16, 100.64/10 or fc00::/7`;
}

const inNetworks = (ip: ipaddr.IPv4 | ipaddr.IPv6, policy: AddressPolicy) =>
  (policy.privateNetworks ?? []).some(
    ([net, bits]) => ip.kind() === net.kind() && ip.match(net, bits),
  );
const PRIVATE_RANGES: ReadonlySet<string> = new Set(['private', 'uniqueLocal', 'carrierGradeNat']);

const METADATA_ADDRESSES: ReadonlySet<string> = new Set(['169.254.169.254', 'fd00:ec2::254']);

const RANGE_NAMES: Record<string, string> = {
  unspecified: 'the unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'this machine (loopback)',
  carrierGradeNat: 'a carrier-grade NAT address',
  private: 'a private network address',
  uniqueLocal: 'a private network address',
  teredo: 'a Teredo tunnel address',
};

const v4From = (hi: number, lo: number) =>
  new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);

/**
 * The IPv4 addresses an IPv6 address carries and reaches: IPv4-mapped (::ffff:a.b.c.d), translated
 * (::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64 well-known prefix (64:ff9b::a.b.c.d) and
 * 6to4 (2002:aabb:ccdd::). Null when it carries none.
 */
function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = ip.parts;
  const zeros = (from: number, to: number) => p.slice(from, to).every((x) => x === 0);
  switch (ip.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return v4From(p[6], p[7]);
    case 'rfc6052':
      return zeros(2, 6) ? v4From(p[6], p[7]) : null;
    case '6to4':
      return v4From(p[1], p[2]);
    case 'unicast':
      return zeros(0, 6) ? v4From(p[6], p[7]) : null;
    default:
      return null;
  }
}

function blockedIp(ip: ipaddr.IPv4 | ipaddr.IPv6, policy: AddressPolicy): string | null {
  if (METADATA_ADDRESSES.has(ip.toString())) return 'a cloud metadata address';
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    const range = v6.range();
    if (range === 'loopback' && policy.allowLoopback) return null;
    if (PRIVATE_RANGES.has(range) && inNetworks(v6, policy)) return null;
    const inner = embeddedIPv4(v6);
    if (inner) return blockedIp(inner, policy);
    // NOTE: the local-use NAT64 prefix (64:ff9b:1::/48) embeds at a length the network chose:
    // refused whole, like every range ipaddr.js does not call global unicast.
    if (range === 'unicast') return null;
    return RANGE_NAMES[range] ?? `a reserved address (${range})`;
  }
  const range = (ip as ipaddr.IPv4).range();
  if (range === 'unicast' || (range === 'loopback' && policy.allowLoopback)) return null;
  if (PRIVATE_RANGES.has(range) && inNetworks(ip, policy)) return null;
  return RANGE_NAMES[range] ?? `a reserved address (${range})`;
}

/**
 * What kind of address `address` is when an outgoing call must not connect to it ("a private
 * network address"), or null when it may. Anything that is not an IP address is refused.
 */
export function blockedAddress(address: string, policy: AddressPolicy): string | null {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return 'something that is not an IP address';
  return blockedIp(ipaddr.process(bare), policy);
}

/** Raised by guardedLookup: the host resolved to an address outgoing calls must not reach. */
export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKEDADDRESS';
  constructor(
    readonly hostname: string,
    readonly address: string,
    readonly what: string,
  ) {
    super(`${hostname} resolves to ${what} (${address})`);
  }
}

/**
 * A `lookup` for http(s).request / net.connect that resolves with `resolve` and refuses, before any
 * connection is made, a host with any address `policy` blocks. NOTE: Node calls it once per
 * connection and connects to exactly what it answered, so a DNS answer that changes between a check
 * and the connection (DNS rebinding) cannot slip through. Node does not call it for a host that is
 * already an IP address: check those with blockedAddress.
 */
export function guardedLookup(resolve: HostResolver, policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (all) => {
        for (const a of all) {
          const what = blockedAddress(a.address, policy);
          if (what) return callback(new BlockedAddressError(hostname, a.address, what), '');
        }
        const wanted =
          options.family === 4 || options.family === 6
            ? all.filter((a) => a.family === options.family)
            : all;
        if (wanted.length === 0)
          return callback(
            Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }),
            '',
          );
        if (options.all) callback(null, wanted);
        else callback(null, wanted[0].address, wanted[0].family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}
