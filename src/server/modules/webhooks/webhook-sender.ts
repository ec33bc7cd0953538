import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import { WEBHOOK_HEADERS, WEBHOOK_LIMITS } from '../../../shared/webhooks';
import { WEBHOOK_MESSAGES as M } from '../../../shared/messages';
import { AddressRefused, resolveAllowedAddresses, type LookupAll } from '../../lib/address-guard';

/** How deliveries may connect (ALLOW_PRIVATE_WEBHOOKS, and https when SITE_URL is https). */
export interface WebhookTargetRules {
  allowPrivate: boolean;
  requireHttps: boolean;
  /** Tests and special set-ups; the system resolver otherwise. */
  lookup?: LookupAll;
}

export interface AttemptResult {
  ok: boolean;
  /** The receiver's HTTP status; null when no answer came. */
  status: number | null;
  error: string | null;
  /** The start of the answer's body (at most 4 KB). */
  excerpt: string | null;
}

/**
 * `x-agencyhq-signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`
 * (docs/product/integrations.md#webhooks, the README's recipe checks it).
 */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/**
 * Resolves the host as the connection is made and refuses it unless every address is public (or private
 * targets are allowed); the socket connects to the addresses checked here, never to a second DNS answer.
 */
function guardedLookup(rules: WebhookTargetRules): LookupFunction {
  return (hostname, options, callback) => {
    resolveAllowedAddresses(hostname, rules.allowPrivate, rules.lookup).then(
      (addresses) => {
        const list = addresses.map(({ address }) => ({ address, family: net.isIP(address) }));
        if (options.all) callback(null, list);
        else callback(null, list[0]!.address, list[0]!.family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}

/** Why a delivery failed, in words for the log: never the secret, never the body. */
function describeFailure(error: unknown, host: string): string {
  if (error instanceof AddressRefused)
    return error.reason === 'private' ? M.privateAddress(host) : M.hostNotFound(host);
  const { name, code, message } = error as { name?: string; code?: string; message?: string };
  if (name === 'AbortError' || name === 'TimeoutError' || code === 'ABORT_ERR') return M.timedOut;
  if (code === 'ECONNREFUSED') return `Connection refused by ${host}`;
  if (code === 'ECONNRESET') return `The connection to ${host} was closed before an answer`;
  if (code && /CERT|SSL|TLS/.test(code)) return `The TLS certificate of ${host} was refused (${code})`;
  return code ? `${code}: ${message ?? ''}`.trim() : (message ?? 'The delivery failed');
}

/**
 * One attempt: a POST of the stored body, signed now, to the webhook's URL through the address guard;
 * within 10 s in all, no redirect followed, at most 4 KB of the answer read. Never throws.
 */
export async function sendWebhook(
  target: { url: string; secret: string },
  delivery: { event: string; payload: string },
  now: Date,
  rules: WebhookTargetRules,
): Promise<AttemptResult> {
  const url = new URL(target.url);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const failed = (error: string): AttemptResult => ({ ok: false, status: null, error, excerpt: null });
  if (url.protocol !== 'https:' && (url.protocol !== 'http:' || rules.requireHttps))
    return failed(M.httpsRequired);
  // An IP literal is connected to without a look-up: it is judged here instead.
  if (net.isIP(host))
    try {
      await resolveAllowedAddresses(host, rules.allowPrivate);
    } catch (error) {
      return failed(describeFailure(error, host));
    }
  const timestamp = Math.floor(now.getTime() / 1000);
  const body = Buffer.from(delivery.payload, 'utf8');
  const client = url.protocol === 'https:' ? https : http;
  try {
    return await new Promise<AttemptResult>((resolve, reject) => {
      const request = client.request(url, {
        method: 'POST',
        agent: false,
        lookup: guardedLookup(rules),
        signal: AbortSignal.timeout(WEBHOOK_LIMITS.timeoutMs),
        headers: {
          'content-type': 'application/json',
          'content-length': String(body.length),
          'user-agent': 'AgencyHQ-Webhooks/1',
          [WEBHOOK_HEADERS.event]: delivery.event,
          [WEBHOOK_HEADERS.signature]: webhookSignature(target.secret, timestamp, delivery.payload),
        },
      });
      request.once('error', reject);
      request.once('response', (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          const excerpt = Buffer.concat(chunks).subarray(0, WEBHOOK_LIMITS.responseExcerptBytes);
          const text = excerpt.toString('utf8');
          const ok = status >= 200 && status < 300;
          const error = ok
            ? null
            : status >= 300 && status < 400
              ? M.redirected
              : `The receiver answered HTTP ${status}`;
          resolve({ ok, status, error, excerpt: text || null });
          response.destroy();
        };
        response.on('data', (chunk: Buffer) => {
          if (size >= WEBHOOK_LIMITS.responseExcerptBytes) return;
          chunks.push(chunk);
          size += chunk.length;
          // Enough for the log: the rest is not read.
          if (size >= WEBHOOK_LIMITS.responseExcerptBytes) finish();
        });
        response.once('end', finish);
        response.once('error', reject);
      });
      request.end(body);
    });
  } catch (error) {
    return failed(describeFailure(error, host));
  }
}
