import { OpticonPage } from '@/features/opticon/components/opticon-page';

/** /opticon: Opticon upload and quick-order pad (signed-in only). */
export default function OpticonRoute() {
  return <OpticonPage />;
}
