import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;
type Bindings = Parameters<ChildLoggerFactory>[1];
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
const LEVELS: readonly Level[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];

/** pino's own check, which Fastify's logger type does not name. */
type PinoLogger = FastifyBaseLogger & { isLevelEnabled(level: Level): boolean };

/** What a request's logger holds until it logs: its bindings (the request id), then its child. */
type Deferred = { bindings: Bindings; child?: FastifyBaseLogger };
const STATE = Symbol('request logger state');
type DeferredLogger = FastifyBaseLogger & { [STATE]: Deferred };

/**
 * Fastify's per-request logger (`request.log`), whose pino child is made only when the request
 * logs a line at an enabled level; its lines are the child's, request id included.
 * NOTE: making a pino child runs its bindings through the redaction's wildcard paths
 * (lib/log-redaction.ts): about a tenth of all an add to cart allocated (heap sampling,
 * 2026-11-29), and young garbage that piled into V8's old space under load. At the production
 * level (warn) almost no request logs anything.
 */
export function deferredRequestLoggers(): ChildLoggerFactory {
  // One prototype per parent logger (the app's): its methods make the child on first use.
  let parent: PinoLogger | undefined;
  let prototype: object | undefined;
  return function (logger, bindings, options) {
    // A route's own level or serializers: pino's child is what applies them. No pino at all
    // (logger: false gives Fastify's silent stand-in): its child is itself.
    if (
      options.level !== undefined ||
      options.serializers !== undefined ||
      typeof (logger as Partial<PinoLogger>).isLevelEnabled !== 'function'
    )
      return logger.child(bindings, options);
    if (logger !== parent || !prototype) {
      parent = logger as PinoLogger;
      prototype = deferredPrototype(parent);
    }
    const deferred = Object.create(prototype) as DeferredLogger;
    deferred[STATE] = { bindings };
    return deferred;
  };
}

function deferredPrototype(parent: PinoLogger): object {
  const childOf = (logger: DeferredLogger) => {
    const state = logger[STATE];
    return (state.child ??= parent.child(state.bindings));
  };
  const prototype: Record<string, unknown> = Object.create(parent);
  for (const level of LEVELS)
    prototype[level] = function (this: DeferredLogger, ...args: unknown[]) {
      if (!parent.isLevelEnabled(level)) return;
      (childOf(this)[level] as (...a: unknown[]) => void)(...args);
    };
  prototype.child = function (
    this: DeferredLogger,
    ...args: Parameters<FastifyBaseLogger['child']>
  ) {
    return childOf(this).child(...args);
  };
  return prototype;
}
