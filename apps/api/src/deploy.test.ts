import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES, REPO_ROOT } from './config';

const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');

type ComposeService = { environment?: Record<string, string>; image?: string; build?: unknown };

describe('deployment files', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as {
    services: Record<string, ComposeService>;
  };
  const deployDoc = read('docs/deploy.md');

  it('compose runs PostgreSQL, Redis, two API processes and nginx', () => {
    expect(Object.keys(compose.services).sort()).toEqual([
      'api1',
      'api2',
      'nginx',
      'postgres',
      'redis',
    ]);
    for (const api of ['api1', 'api2']) {
      expect(compose.services[api].build).toBe('.');
      expect(compose.services[api].environment?.NODE_ENV).toBe('production');
      expect(compose.services[api].environment?.HOST).toBe('0.0.0.0');
    }
  });

  it('every variable compose gives the API is one the server reads, and the deploy guide lists it', () => {
    const names = Object.keys(compose.services.api1.environment ?? {});
    expect(names.length).toBeGreaterThan(5);
    for (const name of names) {
      expect(CONFIG_VARIABLES, `${name} is not read by config.ts`).toContain(name);
      expect(deployDoc, `${name} is missing from docs/deploy.md`).toContain(`\`${name}\``);
    }
  });

  it('the deploy guide lists every variable the server reads', () => {
    for (const name of CONFIG_VARIABLES)
      expect(deployDoc, `${name} is missing from docs/deploy.md`).toContain(`\`${name}\``);
  });

  it('nginx overwrites X-Forwarded-For and the API trusts exactly nginx', () => {
    const nginx = read('deploy/nginx.conf');
    expect(nginx).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
    expect(nginx).not.toContain('$proxy_add_x_forwarded_for');
    const nginxService = compose.services.nginx as ComposeService & {
      networks?: Record<string, { ipv4_address?: string }>;
    };
    const nginxAddress = nginxService.networks?.default?.ipv4_address;
    expect(nginxAddress).toBeDefined();
    for (const api of ['api1', 'api2'])
      expect(compose.services[api].environment?.TRUST_PROXY).toBe(nginxAddress);
    expect(read('deploy/wholesale.service')).toMatch(/^Environment=TRUST_PROXY=127\.0\.0\.1$/m);
  });

  it('nginx never passes /metrics or the development routes, in any spelling', () => {
    const block = /location ~\* (\S+) \{\s*return 404;/.exec(read('deploy/nginx.conf'))?.[1];
    expect(block).toBeDefined();
    const pattern = new RegExp(block!, 'i');
    for (const path of [
      '/metrics',
      '/metrics/',
      '/METRICS',
      '/Metrics/x',
      '/api/dev/mailbox',
      '/dev/mailbox',
    ])
      expect(pattern.test(path), path).toBe(true);
    for (const path of ['/api/health', '/metricsfoo', '/catalogue', '/api/devices', '/developers'])
      expect(pattern.test(path), path).toBe(false);
  });

  it('the image runs as a non-root user in production with a health check', () => {
    const dockerfile = read('Dockerfile');
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('FROM '));
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/NODE_ENV=production/);
    expect(runtime).toMatch(/^HEALTHCHECK /m);
    expect(runtime).toMatch(/npm ci --omit=dev|--from=deps/);
  });

  it('the benchmarks and npm start run the server with the Node flags the image runs it with', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(read('Dockerfile'))?.[1];
    // Source maps only serve stack traces; the others shape the heap (docs/deploy.md "Memory").
    const imageFlags = (JSON.parse(cmd ?? '[]') as string[]).filter(
      (arg) => arg.startsWith('--') && arg !== '--enable-source-maps',
    );
    expect(imageFlags).toEqual(['--max-old-space-size=512', '--no-allocation-site-pretenuring']);
    const benchFlags = /SERVER_NODE_FLAGS = (\[.*\]);/.exec(read('bench/lib.mjs'))?.[1];
    expect(JSON.parse((benchFlags ?? '[]').replaceAll("'", '"'))).toEqual(imageFlags);
    for (const flag of imageFlags) {
      expect(read('scripts/start.mjs')).toContain(`'${flag}'`);
      for (const unit of ['deploy/wholesale.service', 'deploy/wholesale@.service'])
        expect(read(unit)).toContain(` ${flag} `);
    }
    for (const flag of imageFlags) expect(deployDoc).toContain(flag);
  });

  it('a rolling restart fits: nginx takes a process back before the next closes, supervisors wait for the drain', () => {
    const nginx = read('deploy/nginx.conf');
    const env = compose.services.api1.environment ?? {};
    const delayMs = Number(env.SHUTDOWN_DELAY_MS);
    const drainMs = delayMs + Number(env.SHUTDOWN_TIMEOUT_MS);
    const failTimeouts = [...nginx.matchAll(/fail_timeout=(\d+)s/g)].map(
      (m) => Number(m[1]) * 1000,
    );
    expect(failTimeouts).toHaveLength(2);
    for (const ms of failTimeouts) expect(ms).toBeLessThan(delayMs);
    const grace = (compose.services.api1 as { stop_grace_period?: string }).stop_grace_period;
    expect(Number(/^(\d+)s$/.exec(grace ?? '')?.[1]) * 1000).toBeGreaterThan(drainMs);
    for (const unit of ['deploy/wholesale.service', 'deploy/wholesale@.service'])
      expect(Number(/^TimeoutStopSec=(\d+)$/m.exec(read(unit))?.[1]) * 1000).toBeGreaterThan(
        drainMs,
      );
    // A POST that reached a process is sent again only where it carries an Idempotency-Key.
    const retries = [...nginx.matchAll(/^\s*proxy_next_upstream (.*);$/gm)].map((m) => m[1]);
    expect(retries).toEqual([
      'error timeout http_502 http_503',
      'error timeout http_502 http_503 non_idempotent',
    ]);
    const keyed = nginx.slice(nginx.indexOf('location ~ ^/api/'), nginx.indexOf('location @api'));
    expect(keyed).toContain('if ($http_idempotency_key = "")');
    expect(keyed).toContain('non_idempotent');
  });
});
