import { useParams } from 'react-router';
import { DisplayProductsView } from '@/features/catalogue/components/display-products-view';
import { NotFoundPage } from '../not-found-page';

/** /dispay-products/:cate (spelled as in docs/product/catalogue.md). */
export default function DisplayProductsPage() {
  const { cate = '' } = useParams();
  return <DisplayProductsView key={cate} category={cate} notFound={<NotFoundPage />} />;
}
