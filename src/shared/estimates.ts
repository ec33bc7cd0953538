/** Estimates (quotes) a client accepts before the work starts (docs/product/finance.md#estimates). */
export const ESTIMATE_LIMITS = {
  /** A deposit of 1 % to 100 % of the estimate, in basis points. */
  depositBpMax: 10_000,
  acceptedByMax: 120,
  reasonMax: 500,
  pageSizeMax: 100,
} as const;

/** What is stored; what the screen shows is `estimateState`. */
export const STORED_ESTIMATE_STATUSES = ['draft', 'sent', 'accepted', 'declined'] as const;
export type StoredEstimateStatus = (typeof STORED_ESTIMATE_STATUSES)[number];

export const ESTIMATE_STATES = ['draft', 'sent', 'expired', 'accepted', 'declined'] as const;
export type EstimateState = (typeof ESTIMATE_STATES)[number];

export const ESTIMATE_STATE_LABELS: Record<EstimateState, string> = {
  draft: 'Draft',
  sent: 'Sent',
  expired: 'Expired',
  accepted: 'Accepted',
  declined: 'Declined',
};

/** A sent estimate past its validity date is Expired: it can still be sent again with a new date. */
export function estimateState(
  estimate: { status: StoredEstimateStatus; validUntil: string },
  today: string,
): EstimateState {
  if (estimate.status === 'sent' && estimate.validUntil < today) return 'expired';
  return estimate.status;
}

/** An estimate can change (and be deleted) until the client has answered it. */
export const isEstimateOpen = (status: StoredEstimateStatus): boolean =>
  status === 'draft' || status === 'sent';

/** "EST-0001": estimates are not tax documents, so one running series a workspace, no year reset. */
export const estimateNumber = (sequence: number): string => `EST-${String(sequence).padStart(4, '0')}`;

/** Units whose quantity is hours: their sum becomes the project's hours budget. */
export const HOUR_UNITS: readonly string[] = ['hrs', 'hr', 'hour', 'hours', 'h'];
