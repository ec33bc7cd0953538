import { SMTP_FAILURE_MESSAGES as M } from '../../shared/messages';
import { AddressRefused, resolveAllowedAddresses, type LookupAll } from '../lib/address-guard';
import { SmtpFailure } from './smtp-failure';

export { isLoopbackAddress, isPublicAddress, type LookupAll } from '../lib/address-guard';

/**
 * The address to connect to for an SMTP `host`, through the one address guard (lib/address-guard.ts):
 * unless private targets are allowed (ALLOW_PRIVATE_SMTP), every address the name resolves to must be
 * public, and the connection goes to the address checked, so DNS rebinding cannot swap in another one.
 */
export async function resolveSmtpAddress(
  host: string,
  allowPrivate: boolean,
  lookup?: LookupAll,
): Promise<string> {
  try {
    return (await resolveAllowedAddresses(host, allowPrivate, lookup))[0]!.address;
  } catch (error) {
    if (!(error instanceof AddressRefused)) throw error;
    throw new SmtpFailure(error.reason === 'private' ? M.privateAddress(host) : M.hostNotFound(host));
  }
}
