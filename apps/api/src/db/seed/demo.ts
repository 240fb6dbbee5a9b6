import type { Database } from '../client';

export type SeedOptions = { products?: number; seed?: number };
export type SeedSummary = { products: number; categories: number; users: number };

/** Loads the deterministic demo catalogue, accounts and orders. */
export async function seedDemoData(_db: Database, _options: SeedOptions): Promise<SeedSummary> {
  throw new Error('seedDemoData is being written (issue 2)');
}
