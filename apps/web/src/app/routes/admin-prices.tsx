import { PriceListsPage } from '@/features/admin-pricing/components/price-lists-page';

export default PriceListsPage;
