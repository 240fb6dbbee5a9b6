import { parseArgs } from 'node:util';
import { EmailField, STAFF_ROLES, normaliseStaffRoles, type StaffRole } from '@wholesale/contract';
import type { Database } from '../../db/client';
import { countActiveAdmins } from '../accounts';
import { createOrPromoteStaff } from './staff.service';

/**
 * The `staff:create` command (docs/product/back-office-staff-and-customers.md "The first admin"):
 * the way to the first admin of a production database, which has no demo accounts.
 */
export const STAFF_CREATE_USAGE =
  'usage: npm run staff:create -- --email <e-mail> --roles admin[,credit,orders,content] [--name "<name>"]\n' +
  '   or: node apps/api/dist/staff-create.js --email … --roles … (production image)';

/** The exit code of a command-line mistake (as in most Unix tools). */
export const USAGE_EXIT_CODE = 2;

export type StaffCreateArgs = { email: string; roles: StaffRole[]; name?: string };

/** Reads the command's arguments; a mistake gives the message to print (and exit code 2). */
export function parseStaffCreateArgs(
  argv: string[],
): { ok: true; args: StaffCreateArgs } | { ok: false; error: string } {
  let values: { email?: string; roles?: string; name?: string };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        roles: { type: 'string' },
        name: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
  if (!values.email) return { ok: false, error: '--email is required' };
  const email = EmailField.safeParse(values.email);
  if (!email.success)
    return { ok: false, error: `--email "${values.email}" is not an e-mail address` };
  if (!values.roles) return { ok: false, error: '--roles is required (e.g. --roles admin)' };
  const named = values.roles
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  const unknown = named.filter((r) => !(STAFF_ROLES as readonly string[]).includes(r));
  if (unknown.length || named.length === 0) {
    return {
      ok: false,
      error: `--roles: unknown role ${unknown.map((r) => `"${r}"`).join(', ') || '(none given)'}; roles are ${STAFF_ROLES.join(', ')}`,
    };
  }
  const name = values.name?.trim();
  if (name !== undefined && (name.length === 0 || name.length > 200))
    return { ok: false, error: '--name must be 1 to 200 characters' };
  return { ok: true, args: { email: email.data, roles: normaliseStaffRoles(named), name } };
}

/**
 * Runs the command against a database: creates or promotes the staff member and prints the
 * one-time set-password link. Returns the process exit code (0, 1 refused, 2 bad arguments).
 */
export async function runStaffCreate(
  argv: string[],
  deps: {
    db: Database;
    publicUrl: string;
    out: (line: string) => void;
    err: (line: string) => void;
  },
): Promise<number> {
  const parsed = parseStaffCreateArgs(argv);
  if (!parsed.ok) {
    deps.err(`staff:create: ${parsed.error}`);
    deps.err(STAFF_CREATE_USAGE);
    return USAGE_EXIT_CODE;
  }
  try {
    const result = await createOrPromoteStaff(deps.db, {
      ...parsed.args,
      publicUrl: deps.publicUrl,
    });
    deps.out(
      `${result.created ? 'Created' : 'Updated'} staff member ${parsed.args.email} (id ${result.userId}) with roles ${result.roles.join(', ')}.`,
    );
    deps.out('One-time link to choose the password (valid 7 days):');
    deps.out(result.link);
    return 0;
  } catch (error) {
    deps.err(`staff:create: ${(error as Error).message}`);
    return 1;
  }
}

/**
 * A production start with no active admin says how to make one: without it nobody can reach the
 * back office (a production database has no demo accounts).
 */
export async function warnWhenNoAdmin(
  db: Database,
  env: string,
  warn: (message: string) => void,
): Promise<boolean> {
  if (env !== 'production') return false;
  if ((await countActiveAdmins(db)) > 0) return false;
  warn(
    'No active admin account: nobody can open the back office. Create one with ' +
      '`node apps/api/dist/staff-create.js --email you@example.com --roles admin` ' +
      '(or `npm run staff:create -- --email you@example.com --roles admin`) and open the link it prints.',
  );
  return true;
}
