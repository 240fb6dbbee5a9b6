import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { apiDocsPlugin } from './plugins/api-docs';
import { authPlugin } from './plugins/auth';
import { backgroundPlugin } from './plugins/background';
import { cachePolicyPlugin } from './plugins/cache-policy';
import { observabilityPlugin } from './plugins/observability';
import { rateLimitPlugin } from './plugins/rate-limit';
import { databasePlugin } from './plugins/database';
import { changeFeedPlugin } from './plugins/change-feed';
import { answerFrameworkError, errorsPlugin } from './plugins/errors';
import { inputGuardPlugin } from './plugins/input-guard';
import { jobQueuePlugin } from './plugins/job-queue';
import { idempotencyPlugin } from './plugins/idempotency';
import { securityPlugin } from './plugins/security';
import { COMPRESS_THRESHOLD_BYTES, spaPlugin } from './plugins/spa';
import { apiModules } from './modules';
import { loggerOptions, type LogStream } from './lib/log-redaction';
import { deferredRequestLoggers } from './lib/request-logger';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route's method and URL, in registration order (HEAD twins included). */
    registeredRoutes: ReadonlyArray<{ method: string; url: string }>;
  }
}

export type BuildAppOptions = {
  config: Config;
  db: DatabaseHandle;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read the real output through it). */
  logStream?: LogStream;
  /** Run pg-boss's supervisor (the server): jobs whose process died are retried (lib/job-queue.ts). */
  superviseJobs?: boolean;
};

/** Builds the whole application; the server and the tests share it (docs/conventions.md #3). */
export async function buildApp({
  config,
  db,
  logger = true,
  logStream,
  superviseJobs = false,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // No token, password or secret in a log line (lib/log-redaction.ts).
    logger: logger
      ? loggerOptions(config.logLevel, {
          stream: logStream,
          pretty: config.env === 'development',
        })
      : false,
    // request.log made only when a request logs (lib/request-logger.ts).
    childLoggerFactory: deferredRequestLoggers(),
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(databasePlugin, { handle: db, config });
  await app.register(backgroundPlugin);
  await app.register(jobQueuePlugin, { db: db.db, supervise: superviseJobs });
  await app.register(inputGuardPlugin);
  await app.register(changeFeedPlugin, { handle: db, cachesEnabled: config.cachesEnabled });
  await app.register(observabilityPlugin, {
    metricsToken: config.metricsToken,
    production: config.env === 'production',
  });
  // Before compression: the answer an Idempotency-Key keeps is the JSON text, not a compressed stream.
  await app.register(idempotencyPlugin);
  // Answers above 1 KB compressed for browsers that accept it (JSON lists, CSV). Brotli at quality 4
  // costs about what gzip 6 does and saves more; the SPA's files come pre-compressed (plugins/spa.ts).
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(cookie);
  await app.register(securityPlugin, {
    production: config.env === 'production',
    thirdPartyScripts: [config.chatWidgetUrl, config.analyticsScriptUrl],
  });
  await app.register(rateLimitPlugin, { max: config.rateLimitMax, redisUrl: config.redisUrl });
  await app.register(authPlugin);
  await app.register(apiDocsPlugin);
  await app.register(cachePolicyPlugin);

  // Every route, as registered: the role test walks them so a staff route without a role check fails.
  const registeredRoutes: Array<{ method: string; url: string }> = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url });
  });
  app.decorate('registeredRoutes', registeredRoutes);
  for (const mod of apiModules) await app.register(mod);

  await app.register(spaPlugin, { webDist: config.webDist });
  return app;
}
