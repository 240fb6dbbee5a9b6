import { useParams } from 'react-router';
import { ProductsView } from '@/features/catalogue/components/products-view';
import { NotFoundPage } from '../not-found-page';

/** /products/:name?/:cate?/:cate_code?/:classCode? — category listing (docs/product/catalogue.md). */
export default function ProductsPage() {
  const { name, cate, cate_code, classCode } = useParams();
  return (
    <ProductsView
      key={[name, cate, cate_code, classCode].join('/')}
      route={{ name, cate, cate_code, classCode }}
      notFound={<NotFoundPage />}
    />
  );
}
