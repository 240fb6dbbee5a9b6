export { adminReceivablesKeys, waitingOrdersKey } from '@/lib/back-office-keys';
