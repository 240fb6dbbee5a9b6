import { CataloguesPage } from '@/features/content/components/catalogues-page';

export default CataloguesPage;
