export { customerKeys } from '@/lib/admin-keys';
