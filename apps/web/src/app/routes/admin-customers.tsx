import { CustomersList } from '@/features/admin-customers/components/customers-list';

export default CustomersList;
