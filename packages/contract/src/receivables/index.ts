export * from './terms';
export * from './payments';
