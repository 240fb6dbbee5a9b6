/**
 * The registration wizard and the credit application (docs/product/registration.md): the zod schemas
 * (./schemas.ts), the application as data (./fields.ts) and the English messages (./messages.ts).
 */
export * from './schemas';
export * from './fields';
