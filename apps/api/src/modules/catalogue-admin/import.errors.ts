import { stringify as stringifySync } from 'csv-stringify/sync';
import {
  importErrorParams,
  toPage,
  translateImportError,
  type AdminImportErrorsPage,
  type AdminImportErrorsQuery,
  type ImportErrorLang,
  type ImportRowError,
} from '@wholesale/contract';
import type { Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { safeCsvOptions } from '../../lib/csv-cells';
import { selectImportErrorsPage, selectImportJob } from './import.queries';

const NO_SUCH_IMPORT = 'There is no such import';

/** The refused cell: as kept, else the value the reason names (imports from before it was kept). */
function valueOf(error: ImportRowError): string {
  return error.value ?? importErrorParams(error.message)?.value ?? '';
}

/**
 * GET /api/admin/imports/:id/errors: one page of an import's refused rows (docs/product/back-office-catalogue.md
 * "Refused rows"), so the screen never lists thousands at once. 404 for an unknown import.
 */
export async function importErrorsPage(
  tx: Tx,
  id: number,
  query: AdminImportErrorsQuery,
): Promise<AdminImportErrorsPage> {
  const found = await selectImportErrorsPage(tx, id, {
    offset: (query.page - 1) * query.per_page,
    limit: query.per_page,
  });
  if (!found) throw new AppError('NOT_FOUND', NO_SUCH_IMPORT);
  const data = found.errors.map((e) => ({ ...e, value: valueOf(e) }));
  return toPage(data, found.total, query.page, query.per_page);
}

const HEADER: Record<ImportErrorLang, string[]> = {
  en: ['row', 'column', 'value', 'message'],
  fr: ['ligne', 'colonne', 'valeur', 'message'],
  es: ['fila', 'columna', 'valor', 'mensaje'],
};

/**
 * errors.csv: every kept refusal (row, column, value, message in `lang`), or the refusal of the
 * whole file; each cell through csv-cells (a value from the file may look like a formula).
 */
export async function importErrorsCsv(tx: Tx, id: number, lang: ImportErrorLang): Promise<string> {
  const job = await selectImportJob(tx, id);
  if (!job) throw new AppError('NOT_FOUND', NO_SUCH_IMPORT);
  return refusedRowsCsv(job.failure, job.errors, lang);
}

/**
 * The errors file of any import (the catalogue's, a price list's): the whole file's refusal if any,
 * then each refused row (row, column, value, message in `lang`), every cell through csv-cells.
 */
export function refusedRowsCsv(
  failure: string | null,
  errors: readonly ImportRowError[],
  lang: ImportErrorLang,
): string {
  const lines: (string | number)[][] = [HEADER[lang]];
  if (failure) lines.push(['', '', '', translateImportError(failure, lang)]);
  for (const e of errors)
    lines.push([e.row, e.column, valueOf(e), translateImportError(e.message, lang)]);
  return stringifySync(lines, safeCsvOptions());
}
