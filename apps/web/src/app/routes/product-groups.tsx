import { useParams } from 'react-router';
import { ProductGroupPage } from '@/features/product-group/components/product-group-page';

/** /product-groups/:id — docs/product/catalogue.md product group page. */
export default function ProductGroupsPage() {
  const { id = '' } = useParams();
  return <ProductGroupPage key={id} id={id} />;
}
