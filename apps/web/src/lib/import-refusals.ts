import {
  translateImportError,
  type ImportErrorLang,
  type ImportRowError,
} from '@wholesale/contract';
import type { TableColumn } from '@/components/ui/labelled-table';

/** The language of the staff member's screen as an import's messages know it (English otherwise). */
export function importErrorLang(language: string): ImportErrorLang {
  const lang = language.slice(0, 2);
  return lang === 'fr' || lang === 'es' ? lang : 'en';
}

/**
 * The columns of a table of an import's refused rows (catalogue or price file): the row, the
 * column, the refused cell and why, in `lang`.
 */
export function refusalColumns(
  lang: ImportErrorLang,
): TableColumn<ImportRowError, 'row' | 'column' | 'value' | 'message'>[] {
  return [
    { id: 'row', cell: (r) => r.row },
    { id: 'column', cell: (r) => r.column },
    { id: 'value', cell: (r) => r.value },
    { id: 'message', cell: (r) => translateImportError(r.message, lang) },
  ];
}

/** Tells refused rows apart: one row of the file may be refused for several columns. */
export const refusalKey = (r: ImportRowError) => `${r.row}-${r.column}-${r.message}`;
