export * from './terms';
export * from './credit';
export * from './returns';
export * from './payments';
