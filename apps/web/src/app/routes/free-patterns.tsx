import { FreePatternsPage } from '@/features/content/components/free-patterns-page';

export default FreePatternsPage;
