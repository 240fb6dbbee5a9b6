import { Worker } from 'node:worker_threads';
import {
  FileRefusal,
  refusal,
  type FileFormat,
  type ReadLimits,
  type RefusalReason,
} from './import.records';

/**
 * Import files are read in a worker thread with a heap of its own (`IMPORT_PARSER_MEMORY_MB`,
 * docs/decisions/017): a file that still needs more memory than the limits let through kills that
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

/** What the API sends the worker: read a file, or send one more chunk. */
export type ParserRequest =
  { type: 'read'; filePath: string; format: FileFormat } | { type: 'more' };

/** Reads import files in a worker thread, one file at a time (import.parser-worker.ts). */
export type RecordParser = {
  /**
   * The file's records, header first (readRecords). Stopping the iteration early, or a failure,
   * ends the thread; the next read starts another.
   */
  records: (filePath: string, format: FileFormat) => AsyncGenerator<string[]>;
  close: () => Promise<void>;
};

/** A parser whose thread starts at its first read and lives until `close` (one job's two passes). */
export function openRecordParser(limits: ReadLimits): RecordParser {
  let worker: Worker | null = null;
  let listener: ((message: ParserMessage) => void) | null = null;
  let failed: ((error: Error) => void) | null = null;
  const start = () => {
    const script = workerScript();
    const thread = new Worker(script.url, {
      workerData: { ...script.workerData, limits },
      resourceLimits: { maxOldGenerationSizeMb: limits.parserMemoryMb },
    });
    thread.on('message', (message: ParserMessage) => listener?.(message));
    thread.on('error', (error: unknown) =>
      failed?.(workerFailure(error instanceof Error ? error : new Error(String(error)), limits)),
    );
    thread.on('exit', (code) => {
      if (worker === thread) worker = null;
      failed?.(new Error(`The file reader stopped (exit code ${code})`));
    });
    return thread;
  };
  const stop = async () => {
    const thread = worker;
    worker = null;
    await thread?.terminate();
  };

  async function* records(filePath: string, format: FileFormat): AsyncGenerator<string[]> {
    const thread = (worker ??= start());
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
    listener = (message) => {
      if (message.type === 'rows') chunks.push(message.rows);
      else if (message.type === 'end') ended = true;
      else if (message.type === 'refused')
        failure ??= new FileRefusal(message.message, message.status, message.reason);
      else failure ??= new Error(`The file reader stopped: ${message.message}`);
      settle({});
    };
    failed = (error) => settle({ failure: error });
    let complete = false;
    try {
      thread.postMessage({ type: 'read', filePath, format } satisfies ParserRequest);
      for (;;) {
        const chunk = chunks.shift();
        if (chunk) {
          thread.postMessage({ type: 'more' } satisfies ParserRequest);
          yield* chunk;
          continue;
        }
        if (ended) {
          complete = true;
          return;
        }
        if (failure) throw failure;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    } finally {
      listener = null;
      failed = null;
      // A read left half-way (or failed) may still be running in the thread: it goes with it.
      if (!complete) await stop();
    }
  }
  return { records, close: stop };
}
