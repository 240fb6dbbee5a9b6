import { useParams } from 'react-router';
import { SearchResults } from '@/features/search/components/search-results';

/** /search-page/:product/:search — link form /search-page/{query}/{page}. */
export default function SearchPage() {
  const { product = '', search = '1' } = useParams();
  const page = Number.isInteger(Number(search)) && Number(search) >= 1 ? Number(search) : 1;
  return <SearchResults term={product} page={page} />;
}
