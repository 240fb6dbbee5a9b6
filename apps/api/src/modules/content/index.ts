// Public entry of the content module (see accounts/index.ts for the rule).
export { seedDemoContent } from './content.seed';
// The upload check (real type sniffed, images decoded) other screens' uploads reuse (store logo).
export { checkUpload, tooLarge } from './content.uploads';
