import { CustomerSupportPage } from '@/features/content/components/customer-support-page';

export default CustomerSupportPage;
