export const NOTIFICATION_MESSAGES = {
  empty: 'No notifications',
} as const;
