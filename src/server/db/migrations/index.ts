import type { Migration } from 'kysely';
import * as initial from './001-initial';
import * as workspaceDetails from './002-workspace-details';
import * as blog from './003-blog';
import * as leads from './004-leads';
import * as leadSearchIndex from './005-lead-search-index';
import * as blogListIndexes from './006-blog-list-indexes';
import * as mail from './007-mail';
import * as botgit from './008-botgit';
import * as publicContentVersion from './009-public-content-version';
import * as workspaceStorage from './010-workspace-storage';
import * as scrapedProfileCounts from './011-scraped-profile-counts';
import * as publishing from './012-publishing';
import * as accountSafety from './013-account-safety';
import * as siteSettings from './014-site-settings';
import * as provenClaims from './015-proven-claims';
import * as sessions from './016-sessions';
import * as planLimits from './017-plan-limits';
import * as leadOwnersAndFollowUps from './018-lead-owners-and-follow-ups';
import * as leadTimelineAndDuplicates from './019-lead-timeline-and-duplicates';
import * as leadViews from './020-lead-views';
import * as webhooks from './021-webhooks';
import * as apiKeys from './022-api-keys';
import * as analytics from './023-analytics';
import * as leadImportBytes from './024-lead-import-bytes';
import * as webhookHolds from './025-webhook-holds';
import * as sessionConfirmations from './026-session-confirmations';
import * as clients from './027-clients';
import * as projects from './028-projects';
import * as tasks from './029-tasks';
import * as timeEntries from './030-time-entries';
import * as calendarFeeds from './031-calendar-feeds';
import * as taskAttachments from './032-task-attachments';
import * as invoices from './033-invoices';
import * as expenses from './034-expenses';
import * as estimates from './035-estimates';
import * as retainerBilling from './036-retainer-billing';
import * as portalAccess from './037-portal-access';
import * as portalProjects from './038-portal-projects';
import * as portalFinance from './039-portal-finance';
import * as mailingLists from './040-mailing-lists';
import * as emailTemplates from './041-email-templates';
import * as campaigns from './042-campaigns';
import * as mailBounces from './043-mail-bounces';
import * as sequences from './044-sequences';
import * as campaignResults from './045-campaign-results';
import * as newsletterLists from './046-newsletter-lists';
import * as usersNewestFirst from './047-users-newest-first';

/** Listed statically so migrations survive bundling. Append only; never edit an applied one. */
export const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-workspace-details': workspaceDetails,
  '003-blog': blog,
  '004-leads': leads,
  '005-lead-search-index': leadSearchIndex,
  '006-blog-list-indexes': blogListIndexes,
  '007-mail': mail,
  '008-botgit': botgit,
  '009-public-content-version': publicContentVersion,
  '010-workspace-storage': workspaceStorage,
  '011-scraped-profile-counts': scrapedProfileCounts,
  '012-publishing': publishing,
  '013-account-safety': accountSafety,
  '014-site-settings': siteSettings,
  '015-proven-claims': provenClaims,
  '016-sessions': sessions,
  '017-plan-limits': planLimits,
  '018-lead-owners-and-follow-ups': leadOwnersAndFollowUps,
  '019-lead-timeline-and-duplicates': leadTimelineAndDuplicates,
  '020-lead-views': leadViews,
  '021-webhooks': webhooks,
  '022-api-keys': apiKeys,
  '023-analytics': analytics,
  '024-lead-import-bytes': leadImportBytes,
  '025-webhook-holds': webhookHolds,
  '026-session-confirmations': sessionConfirmations,
  '027-clients': clients,
  '028-projects': projects,
  '029-tasks': tasks,
  '030-time-entries': timeEntries,
  '031-calendar-feeds': calendarFeeds,
  '032-task-attachments': taskAttachments,
  '033-invoices': invoices,
  '034-expenses': expenses,
  '035-estimates': estimates,
  '036-retainer-billing': retainerBilling,
  '037-portal-access': portalAccess,
  '038-portal-projects': portalProjects,
  '039-portal-finance': portalFinance,
  '040-mailing-lists': mailingLists,
  '041-email-templates': emailTemplates,
  '042-campaigns': campaigns,
  '043-mail-bounces': mailBounces,
  '044-sequences': sequences,
  '045-campaign-results': campaignResults,
  '046-newsletter-lists': newsletterLists,
  '047-users-newest-first': usersNewestFirst,
};
