export * from './engine';
export * from './lists';
export * from './admin';
export * from './file-rows';
