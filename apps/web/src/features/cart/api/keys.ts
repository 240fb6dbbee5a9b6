export { cartKeys } from '@/lib/shopping-keys';
