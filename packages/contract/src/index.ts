export * from './common';
export * from './common/errors';
export * from './rules';
export * from './catalogue';
