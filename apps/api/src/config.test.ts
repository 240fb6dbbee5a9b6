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
