export const PLAN_MESSAGES = {
  upgradeSuccess: 'Successfully upgraded to Solo HQ Dashboard!',
  upgradeFailed: 'Failed to upgrade role. Please try again.',
  differentPlan: 'You already have a different plan active.',
  contactSales: 'Please contact sales to upgrade your plan.',
} as const;
