export { customerKeys } from '@/lib/back-office-keys';
