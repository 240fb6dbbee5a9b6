import type { AdminPriceImportResult } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { pricingKeys } from './keys';

export type PriceImportInput = {
  listId: number;
  file: File;
  dryRun: boolean;
  /** Remove the list's entries the file does not name. */
  replace: boolean;
};

const formOf = ({ file, dryRun, replace }: PriceImportInput, errorsFile: boolean) => {
  const form = new FormData();
  form.append('dry_run', dryRun ? 'true' : 'false');
  form.append('replace', replace ? 'true' : 'false');
  if (errorsFile) form.append('errors_file', 'true');
  form.append('file', file);
  return form;
};

/** POST /api/admin/price-lists/:id/import: what the file did (or, as a dry run, would do). */
export const importPriceFile = (input: PriceImportInput) =>
  api.post<AdminPriceImportResult>(
    `/admin/price-lists/${input.listId}/import`,
    formOf(input, false),
  );

/** The same file's refused rows as the errors CSV, in the staff member's language (nothing written). */
export const priceFileErrors = (input: PriceImportInput) =>
  api.post<string>(`/admin/price-lists/${input.listId}/import`, formOf(input, true));

export const useImportPriceFile = () => useRefreshingMutation(importPriceFile, pricingKeys.all);

/** The export of one list, as CSV or XLSX. */
export const priceListExportUrl = (listId: number, format: 'csv' | 'xlsx') =>
  `/api/admin/price-lists/${listId}/export?format=${format}`;
