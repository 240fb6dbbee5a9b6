import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { webhookAddressPolicy, webhookTargetProblem, webhookUrlProblem } from './webhooks.url';

const production = { production: true };
const refused = (host: string) => webhookUrlProblem(`http://${host}:8080/hook`, production);

// Every form below reaches an address inside the network; each must be refused in production.
const BLOCKED_HOSTS: Array<[string, string[]]> = [
  [
    'loopback',
    [
      '127.0.0.1',
      '127.1',
      '127.255.255.254',
      '2130706433',
      '0x7f.1',
      '0x7f000001',
      '017700000001',
      '0177.0.0.1',
      '[::1]',
      '[0:0:0:0:0:0:0:1]',
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
      '[::FFFF:7F00:0001]',
      '[::127.0.0.1]',
      '[::ffff:0:127.0.0.1]',
      '[64:ff9b::127.0.0.1]',
      '[64:ff9b::7f00:1]',
      '[2002:7f00:1::1]',
      'localhost',
      'api.localhost',
    ],
  ],
  ['unspecified', ['0.0.0.0', '0', '0.1.2.3', '[::]', '[::ffff:0.0.0.0]']],
  [
    'link-local and metadata',
    [
      '169.254.169.254',
      '169.254.0.1',
      '2852039166',
      '0xa9fea9fe',
      '0251.0376.0251.0376',
      '[::ffff:169.254.169.254]',
      '[::ffff:a9fe:a9fe]',
      '[64:ff9b::a9fe:a9fe]',
      '[2002:a9fe:a9fe::]',
      '[fe80::1]',
      '[febf:ffff::1]',
      '[fd00:ec2::254]',
      'metadata.google.internal',
      'metadata',
    ],
  ],
  [
    'private',
    [
      '10.0.0.1',
      '10.255.255.255',
      '167772161',
      '0xa.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '[::ffff:10.0.0.1]',
      '[::ffff:c0a8:101]',
      '[64:ff9b::c0a8:101]',
      '[2002:c0a8:101::1]',
      '[fc00::1]',
      '[fdff:ffff::1]',
    ],
  ],
  ['carrier-grade NAT', ['100.64.0.1', '100.127.255.255', '[::ffff:100.64.0.1]']],
  ['multicast and broadcast', ['224.0.0.1', '239.255.255.255', '255.255.255.255', '[ff02::1]']],
  [
    'reserved',
    [
      '240.0.0.1',
      '192.0.2.1',
      '198.18.0.1',
      '[2001:db8::1]',
      '[64:ff9b:1::a00:1]',
      '[2001:0:4136:e378:8000:63bf:3fff:fdd2]',
    ],
  ],
];

describe('webhook URL rule', () => {
  it.each(BLOCKED_HOSTS)('refuses every form of a %s address in production', (_, hosts) => {
    for (const host of hosts) expect(refused(host), host).toMatch(/^url must not point at/);
  });

  it('accepts public addresses, in any form, and names', () => {
    for (const host of [
      'erp.example.com',
      '8.8.8.8',
      '134744072',
      '[2606:4700:4700::1111]',
      '[::ffff:8.8.8.8]',
      '[64:ff9b::808:808]',
      '[2002:808:808::1]',
    ])
      expect(refused(host), host).toBeNull();
  });

  it('allows loopback outside production only: nothing but NODE_ENV switches it on', async () => {
    expect(webhookAddressPolicy({ production: true }).allowLoopback).toBe(false);
    expect(webhookUrlProblem('http://[::ffff:7f00:1]:9/x', { production: false })).toBeNull();
    expect(webhookUrlProblem('http://10.0.0.1/x', { production: false })).toMatch(/private/);
    const toLoopback = async () => [{ address: '127.0.0.1', family: 4 }];
    expect(
      await webhookTargetProblem('http://hooks.test/x', { production: true, resolve: toLoopback }),
    ).toMatch(/loopback.*hooks\.test resolves to 127\.0\.0\.1/);
  });

  it('refuses a host name any of whose addresses is inside the network, and accepts one that does not resolve yet', async () => {
    const resolve = async (host: string) => {
      if (host === 'nowhere.test')
        throw Object.assign(new Error('no such name'), { code: 'ENOTFOUND' });
      return [
        { address: '93.184.216.34', family: 4 },
        { address: host === 'mixed.test' ? 'fd00::5' : '93.184.216.35', family: 6 },
      ];
    };
    const check = (host: string) =>
      webhookTargetProblem(`https://${host}/x`, { production: true, resolve });
    expect(await check('mixed.test')).toMatch(
      /private network address \(mixed\.test resolves to fd00::5\)/,
    );
    expect(await check('public.test')).toBeNull();
    expect(await check('nowhere.test')).toBeNull();
  });
});

/** An IPv4 CIDR's addresses as 32-bit numbers. */
function inV4Cidr(cidr: string) {
  const [base, bits] = ipaddr.IPv4.parseCIDR(cidr);
  const start = base.octets.reduce((n, o) => n * 256 + o, 0);
  const size = 2 ** (32 - bits);
  return fc.integer({ min: 0, max: size - 1 }).map((i) => (start - (start % size) + i) >>> 0);
}

const hex16 = (n: number) => n.toString(16);
/** Spellings of the IPv4 address `n` a URL can carry, plain and inside IPv6 forms. */
function v4Spellings(n: number): string[] {
  const o = [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
  const dotted = o.join('.');
  const hi = n >>> 16;
  const lo = n & 0xffff;
  return [
    dotted,
    String(n),
    `0x${n.toString(16)}`,
    `0${n.toString(8)}`,
    `${o[0]}.${n & 0xffffff}`,
    `${o[0]}.${o[1]}.${n & 0xffff}`,
    o.map((x) => `0x${x.toString(16)}`).join('.'),
    `[::ffff:${dotted}]`,
    `[::ffff:${hex16(hi)}:${hex16(lo)}]`,
    `[0:0:0:0:0:FFFF:${hex16(hi).toUpperCase()}:${hex16(lo).toUpperCase()}]`,
    `[::${dotted}]`,
    `[::ffff:0:${dotted}]`,
    `[64:ff9b::${dotted}]`,
    `[64:ff9b::${hex16(hi)}:${hex16(lo)}]`,
    `[2002:${hex16(hi)}:${hex16(lo)}::1]`,
    `[2001:0:${hex16(hi)}:${hex16(lo)}::1]`,
    `[2001:0:808:808:0:0:${hex16(~hi & 0xffff)}:${hex16(~lo & 0xffff)}]`,
  ];
}

const BLOCKED_V4 = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
];

const BLOCKED_V6 = [
  '::1/128',
  '::/128',
  'fe80::/10',
  'fc00::/7',
  'ff00::/8',
  'fec0::/10',
  '2001:db8::/32',
  '64:ff9b:1::/48',
  'fd00:ec2::254/128',
];

/** An IPv6 CIDR's addresses, spelt compressed, in full, upper case or with leading zeros. */
function inV6Cidr(cidr: string) {
  const [base, bits] = ipaddr.IPv6.parseCIDR(cidr);
  return fc
    .tuple(fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 }), fc.nat(3))
    .map(([random, style]) => {
      const parts = base.parts.map((p, i) => {
        const keep = Math.max(0, Math.min(16, bits - i * 16));
        const mask = keep === 0 ? 0 : (0xffff << (16 - keep)) & 0xffff;
        return (p & mask) | (random[i] & ~mask & 0xffff);
      });
      const ip = new ipaddr.IPv6(parts);
      const spelt = [
        ip.toString(),
        ip.toNormalizedString(),
        ip.toString().toUpperCase(),
        ip.parts.map((x) => x.toString(16).padStart(4, '0')).join(':'),
      ][style];
      return `[${spelt}]`;
    });
}

describe('webhook URL rule (property)', () => {
  it('refuses any address inside a blocked IPv4 range, in any spelling', () => {
    fc.assert(
      fc.property(fc.constantFrom(...BLOCKED_V4).chain(inV4Cidr), fc.nat(16), (n, form) => {
        const host = v4Spellings(n)[form];
        expect(refused(host), host).not.toBeNull();
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses any address inside a blocked IPv6 range, in any spelling', () => {
    fc.assert(
      fc.property(fc.constantFrom(...BLOCKED_V6).chain(inV6Cidr), (host) => {
        expect(refused(host), host).not.toBeNull();
      }),
      { numRuns: 1000 },
    );
  });
});
