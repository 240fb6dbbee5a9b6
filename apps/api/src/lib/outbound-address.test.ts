import type { LookupAddress } from 'node:dns';
import type { LookupOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import {
  BlockedAddressError,
  blockedAddress,
  guardedLookup,
  privateNetworkProblem,
  type HostResolver,
} from './outbound-address';

const strict = { allowLoopback: false };

/** Runs a lookup function the way net.connect does, as a promise. */
function lookUp(
  lookup: ReturnType<typeof guardedLookup>,
  host: string,
  options: LookupOptions,
): Promise<{ address: string | LookupAddress[]; family?: number }> {
  return new Promise((resolve, reject) =>
    lookup(host, options, (error, address, family) =>
      error ? reject(error) : resolve({ address, family }),
    ),
  );
}

describe('blockedAddress', () => {
  it.each([
    ['127.0.0.1', 'this machine (loopback)'],
    ['::1', 'this machine (loopback)'],
    ['::ffff:127.0.0.1', 'this machine (loopback)'],
    ['169.254.169.254', 'a cloud metadata address'],
    ['::ffff:a9fe:a9fe', 'a cloud metadata address'],
    ['fd00:ec2::254', 'a cloud metadata address'],
    ['169.254.1.1', 'a link-local address'],
    ['fe80::1%eth0', 'a link-local address'],
    ['10.1.2.3', 'a private network address'],
    ['fd12:3456::1', 'a private network address'],
    ['100.100.100.200', 'a carrier-grade NAT address'],
    ['0.0.0.0', 'the unspecified address'],
    ['::', 'the unspecified address'],
    ['255.255.255.255', 'a broadcast address'],
    ['ff05::2', 'a multicast address'],
    ['2001:db8::5', 'a reserved address (reserved)'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'a Teredo tunnel address'],
    ['not-an-address', 'something that is not an IP address'],
  ])('%s is %s', (address, what) => {
    expect(blockedAddress(address, strict)).toBe(what);
  });

  it('allows public addresses, and loopback only when the policy says so', () => {
    for (const a of ['8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'])
      expect(blockedAddress(a, strict), a).toBeNull();
    expect(blockedAddress('127.0.0.1', { allowLoopback: true })).toBeNull();
    expect(blockedAddress('::ffff:7f00:1', { allowLoopback: true })).toBeNull();
    expect(blockedAddress('10.0.0.1', { allowLoopback: true })).not.toBeNull();
  });
});

describe('private networks the operator opens', () => {
  it('accepts only networks inside the private ranges, never loopback, link-local or metadata', () => {
    for (const cidr of ['10.20.0.0/16', '192.168.5.0/24', '100.64.0.0/10', 'fd12:3456::/48'])
      expect(privateNetworkProblem(cidr), cidr).toBeNull();
    for (const cidr of [
      '127.0.0.0/8',
      '169.254.0.0/16',
      '0.0.0.0/0',
      '8.0.0.0/8',
      '10.0.0.0/7',
      '::/0',
      'x',
    ])
      expect(privateNetworkProblem(cidr), cidr).not.toBeNull();
  });

  it('lets calls reach an opened network and nothing beside it; metadata stays refused', () => {
    const policy = {
      allowLoopback: false,
      privateNetworks: ['10.20.0.0/16', 'fc00::/7'].map((c) => ipaddr.parseCIDR(c)),
    };
    expect(blockedAddress('10.20.3.4', policy)).toBeNull();
    expect(blockedAddress('::ffff:10.20.3.4', policy)).toBeNull();
    expect(blockedAddress('10.21.0.1', policy)).toBe('a private network address');
    expect(blockedAddress('fd00:ec2::254', policy)).toBe('a cloud metadata address');
    expect(blockedAddress('127.0.0.1', policy)).toBe('this machine (loopback)');
  });
});

describe('guardedLookup', () => {
  const resolver =
    (answers: Record<string, string[]>): HostResolver =>
    async (host) =>
      (answers[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('answers what the resolver answered when every address is allowed, in both call shapes', async () => {
    const lookup = guardedLookup(
      resolver({ 'erp.test': ['93.184.216.34', '2606:2800:220:1::1'] }),
      strict,
    );
    expect(await lookUp(lookup, 'erp.test', {})).toEqual({ address: '93.184.216.34', family: 4 });
    expect(await lookUp(lookup, 'erp.test', { family: 6 })).toEqual({
      address: '2606:2800:220:1::1',
      family: 6,
    });
    expect((await lookUp(lookup, 'erp.test', { all: true })).address).toHaveLength(2);
  });

  it('refuses, before any connection, a name with any address inside the network', async () => {
    const lookup = guardedLookup(
      resolver({ 'rebind.test': ['93.184.216.34', '10.0.0.5'], 'none.test': [] }),
      strict,
    );
    const refused = lookUp(lookup, 'rebind.test', { all: true });
    await expect(refused).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(refused).rejects.toMatchObject({
      address: '10.0.0.5',
      what: 'a private network address',
    });
    await expect(lookUp(lookup, 'none.test', {})).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });
});
