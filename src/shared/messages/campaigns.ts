import { CAMPAIGNS, type CampaignStatus } from '../campaigns';
import { groupThousands } from '../text';

/** Campaigns and the unsubscribe link of marketing mail (docs/product/marketing.md#campaigns). */
export const CAMPAIGN_MESSAGES = {
  notFound: 'Campaign not found.',
  nameRequired: 'Enter a name for the campaign.',
  templateMissing: 'Choose a template.',
  listMissing: 'Choose a list.',
  templateNotFound: 'That template no longer exists.',
  listNotFound: 'That list no longer exists.',
  created: 'Campaign saved as a draft.',
  saved: 'Campaign saved.',
  deleted: 'Campaign deleted.',
  onlyDraftsEdited: 'Only a draft or a scheduled campaign can be changed.',
  onlyDraftsDeleted: 'Only a draft or a cancelled campaign can be deleted.',
  scheduleTooSoon: 'Schedule it at least a minute ahead, or send it now.',
  scheduleTooFar: 'Schedule it within a year.',
  scheduled: (when: string) => `Campaign scheduled for ${when}.`,
  sendingNow: 'Sending has started.',
  paused: 'Sending paused. Messages already handed to the outbox still go out.',
  resumed: 'Sending resumed.',
  cancelled: 'Campaign cancelled. Nothing more is sent.',
  cannot: (action: string, status: CampaignStatus) => `A ${status} campaign cannot be ${action}.`,
  noRecipients: 'No one on this list can be mailed: it has no subscribed members who are not suppressed.',
  waitDailyLimit: "The plan's e-mails for today are used up: sending goes on after midnight (UTC).",
  waitNoSetup: 'Waiting for an e-mail configuration.',
  throttleSaved: 'Sending speed saved.',
  perSecondRange: `Messages per second: 1 to ${CAMPAIGNS.perSecondMax}.`,
  perHourRange: `Messages per hour: 1 to ${groupThousands(CAMPAIGNS.perHourMax)}.`,

  // Campaign Setup's Campaigns tab.
  noCampaigns: 'No campaigns yet',
  noCampaignsHint: 'Choose a template and a list, then send it now or schedule it.',
  noCampaignsWithStatus: 'No campaigns with this status.',
  loadFailed: 'Failed to load the campaigns.',
  saveFailed: 'The campaign could not be saved.',
  actionFailed: 'That did not work. Try again.',
  noTemplates: 'Make a template in Email Templates first.',
  noLists: 'Create a list in the Lists tab first.',
  sendConfirmTitle: 'Send this campaign now?',
  sendConfirm: (subscribed: number, list: string) =>
    `"${list}" has ${subscribed.toLocaleString('en-US')} subscribed ${subscribed === 1 ? 'person' : 'people'}; ` +
    'suppressed addresses and those outside the segment are left out. Sending cannot be undone, only paused or cancelled.',
  scheduleTitle: 'Schedule the campaign',
  scheduleHint: 'At least a minute ahead and within a year, in your time zone.',
  scheduleMissing: 'Choose a date and time.',
  cancelConfirmTitle: 'Cancel this campaign?',
  cancelConfirm:
    'Copies not yet handed to the outbox are not sent. A cancelled campaign cannot be restarted.',
  deleteConfirmTitle: 'Delete this campaign?',
  deleteConfirm: (name: string) => `"${name}" is deleted for good.`,
  throttleTitle: 'Sending speed',
  throttleHint: 'How fast campaigns queue their mail, across every campaign of the workspace.',

  // The unsubscribe page (/unsubscribe?token=…): a button, since mail scanners open links too.
  unsubscribeTitle: 'Unsubscribe',
  unsubscribeQuestion: (list: string) => `Stop e-mails from "${list}"?`,
  unsubscribeIntro: (email: string, workspace: string) =>
    `${email} will get no more mail from this list of ${workspace}.`,
  unsubscribeButton: 'Unsubscribe',
  unsubscribeEverything: (workspace: string) => `Also stop every other marketing e-mail from ${workspace}`,
  unsubscribeBusy: 'Saving...',
  unsubscribed: (list: string) => `You are unsubscribed from "${list}".`,
  unsubscribedEverything: (workspace: string) =>
    `You are unsubscribed: ${workspace} sends you no more marketing e-mail.`,
  unsubscribeAlready: (list: string) => `You are already unsubscribed from "${list}".`,
  unsubscribeMissing: 'This page needs the link from your e-mail.',
  unsubscribeInvalid: 'This unsubscribe link is not valid. Use the link from your latest e-mail.',
  unsubscribeTooMany: (wait: number) =>
    `Too many unsubscribe requests from your network. Try again in ${wait} minute${wait === 1 ? '' : 's'}.`,
  oneClickBody: 'Send List-Unsubscribe=One-Click, or the token as JSON.',
} as const;
