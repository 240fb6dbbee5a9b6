import { Worker } from 'node:worker_threads';
import {
  FileRefusal,
  refusal,
  type FileFormat,
  type ReadLimits,
  type RefusalReason,
} from './import.files';

/**
 * Import files are read in a worker thread with a heap of its own (`IMPORT_PARSER_MEMORY_MB`,
 * docs/decisions/031): a file that still needs more memory than the limits let through kills that
 * thread, never the API; the import is refused or fails with the reason.
 */

/** What the worker thread sends (import.parser-worker.ts). */
export type ParserMessage =
  | { type: 'rows'; rows: string[][] }
  | { type: 'end' }
  | { type: 'refused'; message: string; status: FileRefusal['status']; reason?: RefusalReason }
  | { type: 'failed'; message: string };

/**
 * The worker's script: the bundle's (dist/import-parser-worker.js, beside the server) or, running
 * from the sources, the TypeScript file through a boot script that registers tsx.
 */
function workerScript(): { url: URL; workerData: object } {
  const here = import.meta.url;
  if (here.endsWith('.ts'))
    return {
      url: new URL('./import.parser-boot.mjs', here),
      workerData: { entry: new URL('./import.parser-worker.ts', here).href },
    };
  return { url: new URL('./import-parser-worker.js', here), workerData: {} };
}

/** The error a worker's end stands for: its heap ran out, or it stopped for another reason. */
function workerFailure(error: Error, limits: ReadLimits): Error {
  if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
    return refusal('IMPORT_PARSER_MEMORY', { limit: limits.parserMemoryMb });
  return new Error(`The file reader stopped: ${error.message}`);
}

/**
 * The file's records, header first (readRecords), read in a worker thread. Stopping the iteration
 * early ends the thread.
 */
export async function* readRecordsApart(
  filePath: string,
  format: FileFormat,
  limits: ReadLimits,
): AsyncGenerator<string[]> {
  const script = workerScript();
  const worker = new Worker(script.url, {
    workerData: { ...script.workerData, job: { filePath, format, limits } },
    resourceLimits: { maxOldGenerationSizeMb: limits.parserMemoryMb },
  });
  const chunks: string[][][] = [];
  let ended = false;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const settle = (end: { failure?: Error; ended?: boolean }) => {
    failure ??= end.failure ?? null;
    ended ||= end.ended ?? false;
    wake?.();
    wake = null;
  };
  worker.on('message', (message: ParserMessage) => {
    if (message.type === 'rows') {
      chunks.push(message.rows);
      wake?.();
      wake = null;
    } else if (message.type === 'end') settle({ ended: true });
    else if (message.type === 'refused')
      settle({ failure: new FileRefusal(message.message, message.status, message.reason) });
    else settle({ failure: new Error(`The file reader stopped: ${message.message}`) });
  });
  worker.on('error', (error) => settle({ failure: workerFailure(error, limits) }));
  worker.on('exit', (code) =>
    settle({ failure: new Error(`The file reader stopped (exit code ${code})`) }),
  );
  try {
    for (;;) {
      const chunk = chunks.shift();
      if (chunk) {
        worker.postMessage('more');
        yield* chunk;
        continue;
      }
      if (ended) return;
      if (failure) throw failure;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    await worker.terminate();
  }
}
