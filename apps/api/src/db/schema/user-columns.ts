import { belongsTo } from './columns';
import { users } from './users';

// Apart from columns.ts because users.ts uses that file; not a table, so not in the schema index.

/** The user (a customer) the row belongs to: deleting the user deletes the row. */
export function ownedByUser() {
  return belongsTo('user_id', () => users.id);
}
