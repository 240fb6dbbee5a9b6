export * from './users';
export * from './catalogue';
export * from './shopping';
export * from './platform';
