export * from './terms';
export * from './returns';
export * from './payments';
