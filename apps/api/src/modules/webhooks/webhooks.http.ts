import http from 'node:http';
import https from 'node:https';
import {
  BlockedAddressError,
  guardedLookup,
  systemResolver,
  type HostResolver,
} from '../../lib/outbound-address';
import {
  refusal,
  webhookAddressPolicy,
  webhookUrlProblem,
  type WebhookTargetRule,
} from './webhooks.url';

/**
 * The outcome of one POST: the receiver's status (null when none answered), why it failed (null
 * when a 2xx answered), and whether trying again may help (not for an address the rule refuses).
 */
export type PostOutcome = { statusCode: number | null; error: string | null; retry: boolean };

const refused = (error: string): PostOutcome => ({ statusCode: null, error, retry: false });

/**
 * POSTs a delivery to `url`, connecting only to an address the webhook rule allows: a literal IP
 * is checked as written, a host name on what it resolves to at connect time (guardedLookup).
 * NOTE: node:http never follows a redirect; a 3xx is an answer like any other (not ok), so a
 * receiver cannot bounce the POST to an internal address.
 */
export function postWebhook(
  url: string,
  request: { headers: Record<string, string>; body: string; timeoutMs: number },
  options: WebhookTargetRule & { resolve?: HostResolver },
): Promise<PostOutcome> {
  const problem = webhookUrlProblem(url, options);
  if (problem) return Promise.resolve(refused(problem));
  const target = new URL(url);
  const send = target.protocol === 'https:' ? https.request : http.request;
  const lookup = guardedLookup(options.resolve ?? systemResolver, webhookAddressPolicy(options));
  return new Promise((resolve) => {
    const req = send(
      target,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        lookup,
        // A connection of its own per delivery: never a pooled socket opened for another answer.
        agent: false,
        signal: AbortSignal.timeout(request.timeoutMs),
      },
      (response) => {
        const statusCode = response.statusCode ?? 0;
        const ok = statusCode >= 200 && statusCode < 300;
        resolve({ statusCode, error: ok ? null : `HTTP ${statusCode}`, retry: true });
        response.destroy();
      },
    );
    req.on('error', (error) =>
      resolve(
        error instanceof BlockedAddressError
          ? refused(refusal(error.what, `${error.hostname} resolves to ${error.address}`))
          : { statusCode: null, error: error.message, retry: true },
      ),
    );
    req.end(request.body);
  });
}
