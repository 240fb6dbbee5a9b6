import { NewsletterPage } from '@/features/content/components/newsletter-page';

export default NewsletterPage;
