export * from './store-identity';
export * from './tax-numbers';
