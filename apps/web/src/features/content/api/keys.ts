import { createQueryKeys } from '@/lib/query-keys';

/** Query keys of the content feature (carousel, newsletters, catalogues, patterns, FAQs, support search). */
export const contentKeys = createQueryKeys('content');
