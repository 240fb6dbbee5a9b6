import { IMPORT_ERRORS_PER_PAGE, type AdminImportErrorsPage } from '@wholesale/contract';
import { useStaffList } from '@/lib/staff-list';
import { catalogueImportKeys } from './keys';

/** GET /api/admin/imports/:id/errors: one page of an import's refused rows, 50 a page. */
export const useImportErrors = (id: number, page: number) =>
  useStaffList<AdminImportErrorsPage>(
    catalogueImportKeys.detail(id, { errors: page }),
    `/admin/imports/${id}/errors`,
    { page },
    IMPORT_ERRORS_PER_PAGE,
  );

/** The errors file of an import (every refused row), its messages in `lang`. */
export const importErrorsFileUrl = (id: number, lang: string) =>
  `/api/admin/imports/${id}/errors.csv?lang=${encodeURIComponent(lang)}`;
