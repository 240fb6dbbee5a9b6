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
