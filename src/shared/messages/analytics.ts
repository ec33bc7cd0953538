/** Website analytics (docs/product/analytics.md): our texts, in the spec's voice. */
export const ANALYTICS_MESSAGES = {
  agencyOnly: "Website analytics are kept for the agency's own site only.",
  rangeInvalid: 'Choose a range whose end is not before its start.',
  rangeTooLong: (days: number) => `Choose a range of at most ${days} days.`,
  eventInvalid: 'Not a page view.',
  eventForeign: "Only page views of this site's own pages are counted.",
  tooManyEvents: 'Too many page views from this address; try again in a minute.',
  spendSaved: 'Campaign spend saved successfully.',
  // The dashboard's three sections (docs/product/analytics.md#dashboard-sections).
  loadFailed: 'Failed to load the website analytics.',
  noModule: 'Website analytics are for members with the SEO Management module; ask an Admin for it.',
  noPageViews: 'No page views in this period yet. Visits to the public site are counted within a minute.',
  noCampaigns: 'No campaign visits in this period. Links tagged with utm_source or utm_campaign appear here.',
  noContacts: 'No contact messages in this period.',
  noLeads: 'No leads were created in this period.',
  spendInvalid: 'Enter the spend as a number of rupees, 0 or more; leave it empty to clear it.',
  exportFailed: 'Failed to export the figures.',
  utcDays: 'Whole days in UTC.',
} as const;
