import { describe, expect, it } from 'vitest';
import { AdminAuditQuery } from './audit';

describe('AdminAuditQuery dates', () => {
  it('accepts YYYY-MM-DD and nothing else', () => {
    expect(AdminAuditQuery.parse({ from: '2026-01-31', to: '' })).toMatchObject({
      from: '2026-01-31',
      to: undefined,
    });
    // Date.parse reads these as dates (one in the year 214912); the database could not hold them.
    for (const bad of ['fuzz-214912', '214912', 'March 3', '2026-13-01', '2026-1-1']) {
      const result = AdminAuditQuery.safeParse({ to: bad });
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['to']);
    }
  });
});
