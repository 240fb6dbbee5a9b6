export * from './terms';
export * from './invoices';
