import { CatalogueStructurePage } from '@/features/admin-catalogue/components/catalogue-structure-page';

export default CatalogueStructurePage;
