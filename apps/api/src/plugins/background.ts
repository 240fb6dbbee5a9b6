import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Work a request starts but does not wait for, so its answer takes the same time whatever the
 * work finds (forgot-password must not tell which addresses exist by how long it takes). Anything
 * that must survive a crash is written by the task itself through an outbox (mail_outbox); a task
 * lost with its process only loses a request the person can repeat.
 */
export type BackgroundTasks = {
  /** Runs `task` after the current request has answered; a failure is logged, never thrown. */
  enqueue: (name: string, task: () => Promise<unknown>) => void;
  /** Resolves once every queued and running task has finished (shutdown, tests). */
  idle: () => Promise<void>;
  /** Tasks queued, not yet finished. */
  pending: () => number;
  /** Tests: keep queued tasks waiting until `release`, to show a request did not run them. */
  hold: () => void;
  release: () => void;
};

declare module 'fastify' {
  interface FastifyInstance {
    background: BackgroundTasks;
  }
}

export const backgroundPlugin = fp(async (app: FastifyInstance) => {
  const waiting: Array<{ name: string; task: () => Promise<unknown> }> = [];
  const running = new Set<Promise<void>>();
  let held = false;

  function start() {
    if (held) return;
    for (const { name, task } of waiting.splice(0)) {
      const run: Promise<void> = task()
        .then(() => undefined)
        .catch((err: unknown) => app.log.error({ err, task: name }, 'background task failed'))
        .finally(() => running.delete(run));
      running.add(run);
    }
  }

  const tasks: BackgroundTasks = {
    enqueue(name, task) {
      waiting.push({ name, task });
      // After the answer is written: the handler's promise settles, Fastify sends, then this runs.
      setImmediate(start);
    },
    async idle() {
      start();
      while (running.size) await Promise.all([...running]);
    },
    pending: () => waiting.length + running.size,
    hold() {
      held = true;
    },
    release() {
      held = false;
      start();
    },
  };
  app.decorate('background', tasks);
  app.addHook('onClose', async () => {
    held = false;
    await tasks.idle();
  });
});
