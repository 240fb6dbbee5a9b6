export * from './terms';
export * from './credit';
export * from './returns';
export * from './payments';
export * from './tax-exemption-rules';
export * from './tax-exemptions';
export * from './invoices';
export * from './waiting-orders';
