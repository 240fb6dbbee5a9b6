import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  cannonSummary,
  requireChoice,
  resultsSection,
  sectionHeading,
  warmUpTopUp,
} from './lib.mjs';

describe('cannonSummary', () => {
  it('counts timeouts and non-2xx answers as errors beside the failed requests', () => {
    const result = {
      requests: { average: 812.4, total: 8124 },
      latency: { p50: 11, p99: 40, max: 95 },
      errors: 1,
      timeouts: 2,
      non2xx: 3,
    };
    expect(cannonSummary(result)).toEqual({ rps: 812.4, p50: 11, p99: 40, errors: 6, total: 8124 });
  });
});

describe('warmUpTopUp', () => {
  it('asks nothing once every customer of the rotation has been asked', () => {
    expect(warmUpTopUp({ done: 1000, rotation: 1000, connections: 32 })).toBe(0);
    expect(warmUpTopUp({ done: 5000, rotation: 1000, connections: 32 })).toBe(0);
    expect(warmUpTopUp({ done: 0, rotation: 0, connections: 32 })).toBe(0);
  });

  it('asks a whole rotation more, and two per connection, while the rotation is not answered', () => {
    expect(warmUpTopUp({ done: 400, rotation: 1000, connections: 32 })).toBe(1064);
    expect(warmUpTopUp({ done: 990, rotation: 1000, connections: 32 })).toBe(1064);
    expect(warmUpTopUp({ done: 3, rotation: 10, connections: 32 })).toBe(74);
  });

  it('never asks autocannon for fewer requests than connections, and completes the rotation', () => {
    fc.assert(
      fc.property(
        fc.nat(100_000),
        fc.nat(100_000),
        fc.integer({ min: 1, max: 1024 }),
        (done, rotation, connections) => {
          const amount = warmUpTopUp({ done, rotation, connections });
          if (amount === 0) return done >= rotation;
          // Its first `rotation` answers cover every customer; the last two per connection may not.
          return amount >= connections && amount - 2 * connections >= rotation;
        },
      ),
    );
  });
});

describe('sectionHeading', () => {
  it('dates a RESULTS.md section to the minute in UTC, then says what ran', () => {
    expect(sectionHeading(new Date('2026-11-29T01:06:59.900Z'), 'order desk, 5,000 orders')).toBe(
      '## 2026-11-29 01:06 UTC — order desk, 5,000 orders',
    );
  });
});

describe('resultsSection', () => {
  it('sets the heading, the notes and the table apart with blank lines, as RESULTS.md has them', () => {
    const startedAt = new Date('2026-11-29T01:06:00Z');
    expect(
      resultsSection(
        startedAt,
        'import',
        ['- Machine: m', '- Command: c'],
        ['| a |', '|---|', '| 1 |'],
      ),
    ).toEqual([
      '',
      '## 2026-11-29 01:06 UTC — import',
      '',
      '- Machine: m',
      '- Command: c',
      '',
      '| a |',
      '|---|',
      '| 1 |',
      '',
    ]);
  });
});

describe('requireChoice', () => {
  it('lets a listed value through and stops the script, naming the option, on any other', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    requireChoice('caches', 'off', ['on', 'off']);
    expect(exit).not.toHaveBeenCalled();
    requireChoice('start', 'nope', ['build', 'load']);
    expect(error).toHaveBeenCalledWith('--start takes build or load (got "nope")');
    expect(exit).toHaveBeenCalledWith(1);
    exit.mockRestore();
    error.mockRestore();
  });
});
