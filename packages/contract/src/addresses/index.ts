// Addresses: the postal-code rules (pure, no zod) and the address books' wire shapes.
export * from './postal';
export * from './schemas';
export * from './from-application';
