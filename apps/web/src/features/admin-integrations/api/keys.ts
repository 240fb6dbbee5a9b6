import { createQueryKeys } from '@/lib/query-keys';

/** Query keys of the integrations page (tokens; other sections add their own keys here). */
export const integrationKeys = createQueryKeys('admin-integrations');
