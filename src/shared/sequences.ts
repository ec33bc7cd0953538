/**
 * E-mail sequences (docs/product/marketing.md#sequences): welcome mail on subscription and linear drips.
 * Triggers, statuses, reasons for leaving and limits the server and the web app share.
 */

export const SEQUENCE_TRIGGERS = ['subscription', 'manual'] as const;
export type SequenceTrigger = (typeof SEQUENCE_TRIGGERS)[number];
export const SEQUENCE_TRIGGER_LABELS: Record<SequenceTrigger, string> = {
  subscription: 'On subscription (welcome)',
  manual: 'People enrolled by hand (drip)',
};

export const SEQUENCE_STATUSES = ['active', 'paused'] as const;
export type SequenceStatus = (typeof SEQUENCE_STATUSES)[number];
export const SEQUENCE_STATUS_LABELS: Record<SequenceStatus, string> = { active: 'Active', paused: 'Paused' };

export const ENROLLMENT_STATUSES = ['active', 'completed', 'left'] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];
export const ENROLLMENT_STATUS_LABELS: Record<EnrollmentStatus, string> = {
  active: 'In the sequence',
  completed: 'Completed',
  left: 'Left',
};

export const LEFT_REASONS = ['unsubscribed', 'converted', 'replied', 'removed'] as const;
export type LeftReason = (typeof LEFT_REASONS)[number];
export const LEFT_REASON_LABELS: Record<LeftReason, string> = {
  unsubscribed: 'Unsubscribed',
  converted: 'Converted',
  replied: 'Replied',
  removed: 'Removed',
};

export const SEQUENCES = {
  nameMax: 120,
  stepsMax: 20,
  delayDaysMax: 365,
  /** People chosen by hand per enrolment request. */
  enrolIdsMax: 1_000,
  /** Rows of the people table. */
  pageSize: 25,
} as const;
