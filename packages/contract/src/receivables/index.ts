export * from './terms';
export * from './credit';
