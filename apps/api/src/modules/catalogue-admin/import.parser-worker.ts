import { parentPort, workerData } from 'node:worker_threads';
import { FileRefusal, readRecords, type ReadLimits } from './import.records';
import type { ParserMessage, ParserRequest } from './import.parser';

/*
 * The worker thread that reads import files (import.parser.ts starts it), one read at a time: sends
 * the records in chunks, at most two ahead of what the import has taken, so a fast reader never piles
 * rows up.
 */

/** Records per message: big enough that messaging costs little, small enough to stay light. */
const CHUNK_ROWS = 500;

function serve(limits: ReadLimits) {
  const port = parentPort;
  if (!port) return;
  const post = (message: ParserMessage) => port.postMessage(message);
  let credits = 0;
  let resume: (() => void) | null = null;
  const send = async (rows: string[][]) => {
    while (credits === 0) await new Promise<void>((resolve) => (resume = resolve));
    credits -= 1;
    post({ type: 'rows', rows });
  };
  const read = async ({ filePath, format }: Extract<ParserRequest, { type: 'read' }>) => {
    try {
      let chunk: string[][] = [];
      let header = true;
      for await (const record of readRecords(filePath, format, limits)) {
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
        post({
          type: 'refused',
          message: error.message,
          status: error.status,
          reason: error.reason,
        });
      else post({ type: 'failed', message: (error as Error).message });
    }
  };
  port.on('message', (request: ParserRequest) => {
    if (request.type === 'read') {
      credits = 2;
      void read(request);
      return;
    }
    credits += 1;
    resume?.();
    resume = null;
  });
}

serve((workerData as { limits: ReadLimits }).limits);
