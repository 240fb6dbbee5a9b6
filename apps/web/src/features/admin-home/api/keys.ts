export { adminHomeKeys } from '@/lib/back-office-keys';
