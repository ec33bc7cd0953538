/**
 * Confirming it is you (docs/security.md#lasting-credentials): when the server answers a call with
 * IDENTITY_MESSAGES.required, the API client asks the page's confirmation dialog (registered below by
 * IdentityConfirmationHost) and, once the password is confirmed, sends the call again. Without a dialog
 * on the page the refusal stands and shows like any other.
 */
type Confirmer = () => Promise<boolean>;

let confirmer: Confirmer | undefined;
let pending: Promise<boolean> | undefined;

/** The dialog registers itself while mounted; answers the function that unregisters it. */
export function registerIdentityConfirmer(ask: Confirmer): () => void {
  confirmer = ask;
  return () => {
    if (confirmer === ask) confirmer = undefined;
  };
}

/** Asks once for several calls refused together: they all wait on the same dialog. */
export function confirmIdentity(): Promise<boolean> {
  if (!confirmer) return Promise.resolve(false);
  pending ??= confirmer().finally(() => (pending = undefined));
  return pending;
}
