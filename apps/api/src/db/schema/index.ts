export * from './users';
export * from './catalogue';
export * from './shopping';
export * from './platform';
export * from './content';
export * from './applications';
export * from './imports';
export * from './addresses';
