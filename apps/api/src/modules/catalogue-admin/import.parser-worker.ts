import { parentPort, workerData } from 'node:worker_threads';
import { FileRefusal, readRecords, type FileFormat, type ReadLimits } from './import.files';
import type { ParserMessage } from './import.parser';

/*
 * The worker thread that reads one import file (import.parser.ts starts it): sends the records in
 * chunks, at most two ahead of what the import has taken, so a fast reader never piles rows up.
 */

/** Records per message: big enough that messaging costs little, small enough to stay light. */
const CHUNK_ROWS = 500;

async function serve(job: { filePath: string; format: FileFormat; limits: ReadLimits }) {
  const port = parentPort;
  if (!port) return;
  const post = (message: ParserMessage) => port.postMessage(message);
  let credits = 2;
  let resume: (() => void) | null = null;
  port.on('message', () => {
    credits += 1;
    resume?.();
    resume = null;
  });
  const send = async (rows: string[][]) => {
    while (credits === 0) await new Promise<void>((resolve) => (resume = resolve));
    credits -= 1;
    post({ type: 'rows', rows });
  };
  try {
    let chunk: string[][] = [];
    let header = true;
    for await (const record of readRecords(job.filePath, job.format, job.limits)) {
      chunk.push(record);
      // The header goes alone: an upload is checked on it without waiting for more rows.
      if (chunk.length < CHUNK_ROWS && !header) continue;
      header = false;
      await send(chunk);
      chunk = [];
    }
    if (chunk.length) await send(chunk);
    post({ type: 'end' });
  } catch (error) {
    if (error instanceof FileRefusal)
      post({ type: 'refused', message: error.message, status: error.status, reason: error.reason });
    else post({ type: 'failed', message: (error as Error).message });
  }
}

await serve((workerData as { job: Parameters<typeof serve>[0] }).job);
