import { useParams } from 'react-router';
import { ProductDetail } from '@/features/catalogue/components/product-detail';

/** /description/:product_id/:country — product detail. */
export default function DescriptionPage() {
  const { product_id = '', country = 'ca' } = useParams();
  return (
    <ProductDetail key={`${product_id}/${country}`} productId={product_id} country={country} />
  );
}
