import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '../../test/test-app';
import type { DatabaseHandle } from '../../db/client';
import { users } from '../../db/schema';
import {
  parseStaffCreateArgs,
  runStaffCreate,
  USAGE_EXIT_CODE,
  warnWhenNoAdmin,
} from './staff-create';

describe('parseStaffCreateArgs', () => {
  it('reads e-mail, roles (canonical order, once) and name', () => {
    expect(
      parseStaffCreateArgs([
        '--email',
        ' Ann@Shop.example ',
        '--roles',
        'credit,admin,credit',
        '--name',
        'Ann',
      ]),
    ).toEqual({
      ok: true,
      args: { email: 'Ann@Shop.example', roles: ['admin', 'credit'], name: 'Ann' },
    });
  });

  it.each([
    [['--roles', 'admin'], /--email is required/],
    [['--email', 'not-an-email', '--roles', 'admin'], /is not an e-mail address/],
    [['--email', 'a@b.example'], /--roles is required/],
    [
      ['--email', 'a@b.example', '--roles', 'admin,boss'],
      /unknown role "boss"; roles are admin, credit, orders, content/,
    ],
    [['--email', 'a@b.example', '--roles', ','], /unknown role \(none given\)/],
    [
      ['--email', 'a@b.example', '--roles', 'admin', '--colour', 'red'],
      /Unknown option '--colour'/,
    ],
    [['--email', 'a@b.example', '--roles', 'admin', '--name', ''], /--name must be 1 to 200/],
  ])('refuses %j clearly', (argv, message) => {
    const parsed = parseStaffCreateArgs(argv);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(message);
  });
});

describe('runStaffCreate against a real database', () => {
  let db: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ handle: db, drop } = await createTestDatabase());
  }, 120_000);
  afterAll(async () => {
    await drop?.();
  });

  function run(argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    return runStaffCreate(argv, {
      db: db.db,
      publicUrl: 'https://shop.example',
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    }).then((code) => ({ code, out, err }));
  }

  it('warns about a production start without an admin, then creates one with a link', async () => {
    const warnings: string[] = [];
    expect(await warnWhenNoAdmin(db.db, 'production', (m) => warnings.push(m))).toBe(true);
    expect(warnings[0]).toMatch(/node apps\/api\/dist\/staff-create\.js --email .* --roles admin/);
    expect(await warnWhenNoAdmin(db.db, 'development', () => {})).toBe(false);

    const { code, out } = await run(['--email', 'first@shop.example', '--roles', 'admin']);
    expect(code).toBe(0);
    expect(out[0]).toMatch(
      /^Created staff member first@shop\.example \(id \d+\) with roles admin\.$/,
    );
    expect(out[2]).toMatch(
      /^https:\/\/shop\.example\/reset-password\?token=[\w-]{20,}&purpose=set$/,
    );
    const [row] = await db.db.select().from(users).where(eq(users.email, 'first@shop.example'));
    expect(row).toMatchObject({ role: 'staff', staffRoles: ['admin'], isActive: true });
    expect(await warnWhenNoAdmin(db.db, 'production', () => {})).toBe(false);
  });

  it('exits 2 on bad arguments without touching the database', async () => {
    const before = await db.db.select().from(users);
    const { code, err } = await run(['--email', 'x@shop.example', '--roles', 'root']);
    expect(code).toBe(USAGE_EXIT_CODE);
    expect(err[0]).toMatch(/unknown role "root"/);
    expect(err[1]).toMatch(/^usage: npm run staff:create/);
    expect(await db.db.select().from(users)).toHaveLength(before.length);
  });

  it('exits 1 for an e-mail of a customer account', async () => {
    await db.db.insert(users).values({ email: 'buyer@shop.example', ownerName: 'Buyer' });
    const { code, err } = await run(['--email', 'buyer@shop.example', '--roles', 'admin']);
    expect(code).toBe(1);
    expect(err[0]).toMatch(/belongs to a customer account/);
  });
});
