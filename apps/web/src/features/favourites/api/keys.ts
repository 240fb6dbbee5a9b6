export { favouritesKeys } from '@/lib/shopping-keys';
