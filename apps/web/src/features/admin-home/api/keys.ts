export { adminHomeKeys } from '@/lib/admin-keys';
