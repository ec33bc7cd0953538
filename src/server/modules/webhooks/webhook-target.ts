import { WEBHOOK_MESSAGES as M } from '../../../shared/messages';
import { badRequest } from '../../http/errors';
import { AddressRefused, resolveAllowedAddresses } from '../../lib/address-guard';
import type { WebhookTargetRules } from './webhook-sender';

/**
 * Whether a webhook may point at this URL, when it is saved: https where the rules ask for it, and a host
 * whose every address is public unless private targets are allowed. Each delivery checks the address again
 * as it connects (webhook-sender.ts): a name that resolves elsewhere later is refused then.
 */
export async function checkWebhookTarget(value: string, rules: WebhookTargetRules): Promise<void> {
  const url = new URL(value);
  const refuse = (message: string) => badRequest(message, [{ field: 'url', message }]);
  if (url.protocol === 'http:' && rules.requireHttps) throw refuse(M.httpsRequired);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  try {
    await resolveAllowedAddresses(host, rules.allowPrivate, rules.lookup);
  } catch (error) {
    if (!(error instanceof AddressRefused)) throw error;
    throw refuse(error.reason === 'private' ? M.privateAddress(host) : M.hostNotFound(host));
  }
}
