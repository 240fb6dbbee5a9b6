export * from './store-identity';
export * from './tax-numbers';
export * from './read';
