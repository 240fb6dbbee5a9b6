export * from './availability';
export * from './quantity';
export * from './money';
export * from './page-window';
export * from './barcode';
