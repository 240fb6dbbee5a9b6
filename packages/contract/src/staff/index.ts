export * from './roles';
export * from './audit';
export * from './admin';
export * from './rules';
export * from './home';
