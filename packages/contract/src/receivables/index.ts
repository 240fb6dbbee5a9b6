export * from './terms';
export * from './tax-exemption-rules';
export * from './tax-exemptions';
