export * from './engine';
export * from './lists';
