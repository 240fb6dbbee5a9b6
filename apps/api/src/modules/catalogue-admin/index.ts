// The catalogue's write side for staff and machines: the stock/price feed, file imports and exports,
// the product editor, and the catalogue's structure (categories, classes, brands).
export { feedRoutes } from './feed.routes';
export { importRoutes } from './import.routes';
export { productEditorRoutes } from './products.routes';
// The back-office home shows the imports running or failed.
export { importsSummary } from './import.home';
export { catalogueStructureRoutes } from './structure.routes';
// Price list files (modules/pricing) are read, checked and refused as catalogue files are.
export { refusedRowsCsv } from './import.errors';
export { checkFileKind, formatOfName, headerColumns } from './import.files';
export { openRecordParser } from './import.parser';
export { FileRefusal, type FileFormat } from './import.records';
export { asAppError as fileRefusalError, newUploadKey } from './import.service';
