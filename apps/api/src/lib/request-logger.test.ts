import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferredRequestLoggers } from './request-logger';

/** A Fastify app logging at `level` into `lines`, with routes that log or not. */
async function appLogging(level: string, lines: Array<Record<string, unknown>>) {
  const app = Fastify({
    logger: { level, stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    childLoggerFactory: deferredRequestLoggers(),
    genReqId: (() => {
      let n = 0;
      return () => `req-${(n += 1)}`;
    })(),
  });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/warns', async (request) => {
    request.log.warn({ sku: 'A-1' }, 'low stock');
    request.log.info('an info line');
    return { ok: true };
  });
  app.get('/nested', async (request) => {
    request.log.child({ step: 'pricing' }).error('no price');
    return { ok: true };
  });
  app.get('/debug-route', { logLevel: 'debug' }, async (request) => {
    request.log.debug('a debug line');
    return { ok: true };
  });
  await app.ready();
  return app;
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('deferredRequestLoggers', () => {
  it("writes a request's lines with its request id, at the enabled levels only", async () => {
    const lines: Array<Record<string, unknown>> = [];
    app = await appLogging('warn', lines);
    await app.inject('/quiet');
    await app.inject('/warns');
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, reqId: 'req-2', sku: 'A-1', msg: 'low stock' }),
    ]);
  });

  it('makes no pino child for a request that logs nothing at an enabled level', async () => {
    const lines: Array<Record<string, unknown>> = [];
    app = await appLogging('warn', lines);
    const child = vi.spyOn(app.log, 'child');
    await app.inject('/quiet');
    expect(child).not.toHaveBeenCalled();
    await app.inject('/warns');
    expect(child).toHaveBeenCalledTimes(1);
  });

  it("keeps the request id in a child's lines, and a route's own level applies", async () => {
    const lines: Array<Record<string, unknown>> = [];
    app = await appLogging('warn', lines);
    await app.inject('/nested');
    await app.inject('/debug-route');
    // The debug route's level lets Fastify's own request lines through too.
    const ours = lines.filter(
      (l) => !['incoming request', 'request completed'].includes(`${l.msg}`),
    );
    expect(ours).toEqual([
      expect.objectContaining({ level: 50, reqId: 'req-1', step: 'pricing', msg: 'no price' }),
      expect.objectContaining({ level: 20, reqId: 'req-2', msg: 'a debug line' }),
    ]);
  });

  it('leaves an app without a logger silent (its stand-in has no levels to ask)', async () => {
    app = Fastify({ logger: false, childLoggerFactory: deferredRequestLoggers() });
    app.get('/warns', async (request) => {
      request.log.warn('low stock');
      request.log.child({ step: 'pricing' }).error('no price');
      return { ok: true };
    });
    const answer = await app.inject('/warns');
    expect(answer.statusCode).toBe(200);
  });

  it("logs Fastify's own request lines with the request id at info", async () => {
    const lines: Array<Record<string, unknown>> = [];
    app = await appLogging('info', lines);
    await app.inject('/quiet');
    expect(lines.map((l) => [l.reqId, l.msg])).toEqual([
      ['req-1', 'incoming request'],
      ['req-1', 'request completed'],
    ]);
  });
});
