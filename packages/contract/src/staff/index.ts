export * from './roles';
export * from './audit';
