import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('safe defaults', () => {
  it('listens on loopback unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('MAX_LINE_PACKS defaults to 10,000 and refuses nonsense', () => {
    expect(loadConfig({}).maxLinePacks).toBe(10_000);
    expect(() => loadConfig({ MAX_LINE_PACKS: '0' })).toThrow(/MAX_LINE_PACKS/);
  });
});

describe('read replica', () => {
  it('WEBHOOK_PRIVATE_NETWORKS opens private networks only', () => {
    expect(
      loadConfig({ WEBHOOK_PRIVATE_NETWORKS: '10.20.0.0/16, fd12::/16' }).webhookPrivateNetworks,
    ).toEqual(['10.20.0.0/16', 'fd12::/16']);
    expect(loadConfig({}).webhookPrivateNetworks).toEqual([]);
    expect(() => loadConfig({ WEBHOOK_PRIVATE_NETWORKS: '127.0.0.0/8' })).toThrow(
      /WEBHOOK_PRIVATE_NETWORKS: 127\.0\.0\.0\/8 must lie inside/,
    );
  });

  it('DATABASE_READ_URL needs a primary and a PostgreSQL URL', () => {
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://r/db' })).toThrow(
      /DATABASE_READ_URL: needs DATABASE_URL/,
    );
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://p/db', DATABASE_READ_URL: 'mysql://r/db' }),
    ).toThrow(/DATABASE_READ_URL: must start with postgres/);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://p/db', DATABASE_READ_URL: 'postgres://r/db' })
        .databaseReadUrl,
    ).toBe('postgres://r/db');
  });
});

describe('TRUST_PROXY: exactly the proxies in front', () => {
  it('takes addresses and CIDR blocks, and is off by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
  });

  it.each(['true', 'yes', '1', '2'])(
    'refuses %s: every hop (or a hop count, which Fastify ignores) lets a client pick its address',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: must be the address of the proxy in front/,
      );
    },
  );

  it('refuses something that is not an address', () => {
    expect(() => loadConfig({ TRUST_PROXY: '127.0.0.1,nginx' })).toThrow(
      /TRUST_PROXY: .*\(not nginx\)/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/not 10\.0\.0\.0\/33/);
  });
});

describe('DATABASE_POOL_SIZE', () => {
  it('defaults to 20 and refuses what is not a sensible number of connections', () => {
    expect(loadConfig({}).databasePoolSize).toBe(20);
    expect(loadConfig({ DATABASE_POOL_SIZE: '8' }).databasePoolSize).toBe(8);
    for (const bad of ['0', '-1', '2.5', 'ten', '100000'])
      expect(() => loadConfig({ DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE: must/);
  });
});

describe('production refuses settings that cannot be right there', () => {
  const PRODUCTION = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://shop@db/shop',
    PUBLIC_URL: 'https://shop.example.com',
    APP_ENCRYPTION_KEY: 'ab'.repeat(32),
  };

  it('starts with a database server, an https public URL and an encryption key', () => {
    expect(loadConfig(PRODUCTION).env).toBe('production');
  });

  it('names every missing variable and says why, in one message', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/DATABASE_URL: required in production.*only one process may open/);
    expect(message).toMatch(/PUBLIC_URL: required in production/);
    expect(message).toMatch(/APP_ENCRYPTION_KEY: required in production/);
  });

  it('runs the embedded database only when asked to, for a single process', () => {
    const { DATABASE_URL: _, ...embedded } = PRODUCTION;
    expect(() => loadConfig(embedded)).toThrow(/DATABASE_URL: required in production/);
    expect(loadConfig({ ...embedded, ALLOW_EMBEDDED_DATABASE: 'true' }).databaseUrl).toBe(
      undefined,
    );
  });

  it('wants https for PUBLIC_URL except on this machine', () => {
    expect(() => loadConfig({ ...PRODUCTION, PUBLIC_URL: 'http://shop.example.com' })).toThrow(
      /PUBLIC_URL: must be an https:\/\/ address in production/,
    );
    for (const local of ['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000'])
      expect(loadConfig({ ...PRODUCTION, PUBLIC_URL: local }).publicUrl).toBe(local);
  });

  it('refuses TRUST_PROXY=true', () => {
    expect(() => loadConfig({ ...PRODUCTION, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  it('development keeps its laptop defaults', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).publicUrl).toBe('http://localhost:3000');
  });
});
