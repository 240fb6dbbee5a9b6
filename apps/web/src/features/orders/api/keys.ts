export { ordersKeys } from '@/lib/shopping-keys';
