import { useParams } from 'react-router';
import { ProductGroupPage } from '@/features/product-group/components/product-group-page';

/** /product-groups/:id — SPEC.md §2 product group page. */
export default function ProductGroupsPage() {
  const { id = '' } = useParams();
  return <ProductGroupPage key={id} id={id} />;
}
