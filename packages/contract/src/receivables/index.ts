export * from './terms';
export * from './returns';
