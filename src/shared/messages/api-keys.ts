/** API keys and connecting Botgit (docs/product/integrations.md): our texts, in the spec's voice. */
export const API_KEY_MESSAGES = {
  title: 'API keys',
  intro:
    'Keys let another app or script call this workspace’s API, within the scopes you tick. Each key acts as the person who made it.',
  managersOnly: 'Only a Business Admin or an Admin can manage API keys.',
  nameRequired: 'Name is required',
  nameTooLong: (max: number) => `Name must be ${max} characters or less.`,
  scopesRequired: 'Choose at least one scope.',
  limitReached: (max: number) =>
    `This workspace has ${max} API keys, the most it can have. Revoke one you no longer use first.`,
  created: (name: string) => `API key “${name}” created.`,
  revoked: (name: string) => `API key “${name}” revoked.`,
  notFound: 'This API key does not exist or was already revoked.',
  shownOnce: 'Copy this key now: it is shown only once and cannot be read again.',
  copied: 'API key copied.',
  revokeTitle: (name: string) => `Revoke “${name}”?`,
  revokeText:
    'Anything using this key stops working at once. This cannot be undone: make a new key if you need one.',
  empty: 'No API keys yet.',
  loadFailed: 'Could not load the API keys.',
  createFailed: 'Failed to create the API key. Please try again.',
  neverUsed: 'Never used',
  onlyWithKey: 'Only the Botgit extension’s own key disconnects it: revoke keys in Credentials.',

  /** Answers to a request made with a key. */
  keyInvalid: 'This API key is not valid or has been revoked.',
  keyNotForRoute: 'API keys cannot call this route. Sign in to do this.',
  keyMissingScope: (scope: string) => `This API key does not have the ${scope} scope.`,
  keyRateLimited: (seconds: number) =>
    `Too many requests with this API key. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,

  /** The audit log's entries. */
  auditCreated: (name: string, scopes: string) => `API key “${name}” created (${scopes})`,
  auditRevoked: (name: string) => `API key “${name}” revoked`,
  auditNewAddress: (name: string) => `API key “${name}” used from a new address`,
} as const;

/** Connecting the Botgit extension with a key (docs/product/integrations.md#connect-botgit). */
export const BOTGIT_CONNECT_MESSAGES = {
  title: 'Connect Botgit',
  intro: 'The Botgit extension in this browser asks to save profiles to your workspace.',
  willBeAble: 'If you approve, Botgit will be able to:',
  abilities: [
    'save the profiles you choose (or open, with automatic scraping on) to Botgit → Scraped Data',
    'read your workspace’s Botgit Settings',
  ],
  willNot:
    'It will not be able to read your leads, posts or scraped profiles, change any setting, or act as you anywhere else.',
  approve: 'Approve',
  cancel: 'Cancel',
  approved: 'Botgit is connected. You can close this tab.',
  cancelled: 'Nothing was connected. You can close this tab.',
  signInFirst: 'Sign in to connect Botgit',
  signInAction: 'Sign in',
  missingCode: 'Open this page from Botgit: press Connect Botgit in the extension’s options.',
  waitingForExtension: 'Checking that this request comes from Botgit in this browser...',
  notFromExtension:
    'This request did not come from the Botgit extension in this browser. Approve only a request you started yourself, from Botgit’s options.',
  invalidCode: 'This connection request is not valid or has expired. Start again from Botgit’s options.',
  alreadyApproved: 'This connection request has already been answered.',
  approveFailed: 'Failed to connect Botgit. Please try again.',
  pending: 'Waiting for approval in AgencyHQ.',
  claimRefused: 'This connection request is not valid or has expired. Start again.',
  tooMany: (minutes: number) =>
    `Too many connection requests from this address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;
