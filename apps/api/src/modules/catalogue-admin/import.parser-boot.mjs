// Starts the parser's worker thread from the TypeScript sources (tests, `npm run dev`): tsx is
// registered in the thread first, since Node 20 does not pass a parent's loader hooks on to a worker.
// The built server starts dist/import-parser-worker.js instead (build.mjs).
import { workerData } from 'node:worker_threads';

const { register } = await import('tsx/esm/api');
register();
await import(workerData.entry);
