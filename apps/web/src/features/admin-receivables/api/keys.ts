export { adminReceivablesKeys, waitingOrdersKey } from '@/lib/admin-keys';
