import { megabytes } from '../plans';

export const PLAN_MESSAGES = {
  upgradeSuccess: 'Successfully upgraded to Solo HQ Dashboard!',
  upgradeFailed: 'Failed to upgrade role. Please try again.',
  differentPlan: 'You already have a different plan active.',
  contactSales: 'Please contact sales to upgrade your plan.',
} as const;

export const PLAN_LIMIT_MESSAGES = {
  storageFull: (used: number, limit: number, plan: string) =>
    `This workspace has used ${megabytes(used)} of its ${megabytes(limit)} (${plan} plan). Remove files or upgrade to upload more.`,
  membersFull: (limit: number, plan: string) =>
    `This workspace has reached its ${limit} members (${plan} plan). Remove a member or upgrade to add more.`,
  emailsFull: (limit: number, plan: string) =>
    `This workspace has sent its ${limit} e-mails for today (${plan} plan). Sending starts again tomorrow (00:00 UTC), or upgrade to send more.`,
} as const;
