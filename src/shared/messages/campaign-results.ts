/** A campaign's results, its click redirect and the Analytics & Reporting section (docs/product/marketing.md#results). */
export const CAMPAIGN_RESULT_MESSAGES = {
  campaignNotFound: 'Campaign not found.',
  linkNotFound: 'This link is not valid. It may have been mistyped or the campaign deleted.',
  tooMany: (minutes: number) =>
    `Too many requests from your network. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  opensUnreliable:
    'Opens are counted when a mail client loads a hidden image: many clients block images (not counted) and some privacy features load every image (counted without a reader). Read them as a trend, not a fact.',
  funnelAgencyOnly:
    "Visits, contact messages, leads and customers come from the website analytics, which are kept for the agency's own site only.",
  noCampaigns:
    'No campaigns yet. Once a campaign is sent, its deliveries, clicks and the leads it brought appear here.',
  loadFailed: 'The results could not be loaded.',
} as const;
