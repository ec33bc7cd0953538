/** docs/product/README.md#texts: the dashboard shell, users & roles, permissions, notifications, profile. */
export const DASHBOARD_MESSAGES = {
  loading: 'Loading...',
  sectionNotFound: 'Section Not Found - The requested section could not be found.',
  loadFailed: 'Failed to load dashboard data',
  noSearchResults: (text: string) => `No results found for "${text}"`,
} as const;
