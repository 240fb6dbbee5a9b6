import type { Database } from '../../db/client';
import { invalidateCatalogueCaches } from '../catalogue';

/**
 * After a committed catalogue write: this process's listing, search and count caches are dropped at
 * once. The cart's caches (in every process) follow the change feed of migration 0008; other
 * processes' listing pages expire within their few seconds of lifetime.
 */
export function afterCatalogueWrite(db: Database): void {
  invalidateCatalogueCaches(db);
}
