import { useParams } from 'react-router';
import { CategoryView } from '@/features/catalogue/components/category-view';

/** /category-page/:title — a top-level category with its sub categories and products. */
export default function CategoryPage() {
  const { title = '' } = useParams();
  return <CategoryView key={title} title={title} />;
}
