import { invalidateCatalogueCaches, type Catalogue } from '../catalogue';

/** What a catalogue write needs: the app's database, and its listing caches to drop after commit. */
export type CatalogueWriter = Pick<Catalogue, 'db' | 'caches'>;

/**
 * After a committed catalogue write: this process's listing, search and count caches are dropped at
 * once. The cart's caches (in every process) follow the change feed of migration 0008; other
 * processes' listing pages expire within their few seconds of lifetime.
 */
export function afterCatalogueWrite({ caches }: CatalogueWriter): void {
  invalidateCatalogueCaches(caches);
}
