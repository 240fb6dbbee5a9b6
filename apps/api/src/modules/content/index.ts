// Public entry of the content module (see accounts/index.ts for the rule).
export { seedDemoContent } from './content.seed';
export { listCarousel } from './content.service';
