import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { defaultHashConcurrency, type AppConfig } from './config';
import { loggerOptions } from './http/log-redaction';
import { closeConnectionsWhenClosing } from './http/graceful-close';
import type { DatabaseHandle } from './db/database';
import { createGuards } from './auth/guards';
import { createSessionCache } from './auth/session-cache';
import { compiledSerializerCompiler } from './http/compiled-serializer';
import { lazyRequestLogger } from './http/lazy-request-logger';
import { invalidationChannelFor } from './auth/invalidation-channel';
import { routeAccess, type RouteAccess } from './auth/route-access';
import { createTokenService } from './auth/tokens';
import type { Limiter } from './limits/limiter';
import { createLimitStore, type LimitStore } from './limits/limit-store';
import { addressLimiters, type AddressLimiters } from './limits/address-limits';
import { boundedPasswordWork } from './auth/password-work';
import { createWorkGate } from './lib/work-gate';
import { isOverloaded, shedLoadWhenOverloaded } from './http/load-shedding';
import { registerErrorHandling } from './http/errors';
import { refuseNulCharacters, sendSecurityHeaders } from './http/security';
import { rememberClientAddress } from './http/request-context';
import { healthRoutes } from './modules/health/health.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { accountSignInLimits } from './modules/auth/account-limits';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { createDashboardService } from './modules/dashboard/dashboard.service';
import { profileRoutes } from './modules/profile/profile.routes';
import { createProfileService } from './modules/profile/profile.service';
import { usersRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';
import { workspacesRoutes } from './modules/workspaces/workspaces.routes';
import { createWorkspacesService } from './modules/workspaces/workspaces.service';
import { blogsRoutes } from './modules/blogs/blogs.routes';
import { createBlogsService } from './modules/blogs/blogs.service';
import { categoriesRoutes } from './modules/categories/categories.routes';
import { createCategoriesService } from './modules/categories/categories.service';
import { mediaRoutes } from './modules/media/media.routes';
import { clientsRoutes } from './modules/clients/clients.routes';
import { createClientsService } from './modules/clients/clients.service';
import { createLeadConversion } from './modules/clients/lead-conversion';
import { projectsRoutes } from './modules/projects/projects.routes';
import { createProjectsService } from './modules/projects/projects.service';
import { tasksRoutes } from './modules/projects/tasks.routes';
import { createCalendarFeed } from './modules/projects/calendar-feed';
import { createTaskAttachments } from './modules/projects/task-attachments';
import { taskAttachmentRoutes } from './modules/projects/task-attachments.routes';
import { calendarFeedRoutes, calendarFileRoutes } from './modules/projects/calendar-feed.routes';
import { createTasksService } from './modules/projects/tasks.service';
import { createTimeReports } from './modules/time/time-reports';
import { timeRoutes } from './modules/time/time.routes';
import { createBudgetWatch, createTimeService } from './modules/time/time.service';
import { booksRoutes } from './modules/finance/books.routes';
import { createBooks } from './modules/finance/books';
import { financeRoutes } from './modules/finance/finance.routes';
import { expensesRoutes } from './modules/finance/expenses.routes';
import { emailTemplatesRoutes } from './modules/email-templates/email-templates.routes';
import { createEmailTemplatesService } from './modules/email-templates/email-templates.service';
import { estimateLinkRoutes, estimatesRoutes } from './modules/finance/estimates.routes';
import { createEstimatesService } from './modules/finance/estimates.service';
import { createEstimateDelivery } from './modules/finance/estimate-delivery';
import { createExpensesService } from './modules/finance/expenses.service';
import { createInvoiceDelivery } from './modules/finance/invoice-delivery';
import { createReminderSweep, type ReminderSweep } from './modules/finance/invoice-reminders';
import { createRetainerBilling, type RetainerBilling } from './modules/finance/retainer-billing';
import { retainerBillingRoutes } from './modules/finance/retainer-billing.routes';
import { createFinanceSettings } from './modules/finance/finance-settings';
import { createInvoicesService } from './modules/finance/invoices.service';
import { paymentsRoutes } from './modules/finance/payments.routes';
import { createPaymentsService } from './modules/finance/payments.service';
import { leadsRoutes } from './modules/leads/leads.routes';
import { createLeadsService } from './modules/leads/leads.service';
import { leadViewsRoutes } from './modules/leads/lead-views.routes';
import { createLeadViewsService } from './modules/leads/lead-views.service';
import { createFollowUpSweep, type FollowUpSweep } from './modules/leads/follow-up-sweep';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { contactRoutes } from './modules/contact/contact.routes';
import { createContactService } from './modules/contact/contact.service';
import { emailSetupRoutes } from './modules/email-setup/email-setup.routes';
import { createEmailSetupService } from './modules/email-setup/email-setup.service';
import { passwordResetRoutes } from './modules/password-reset/password-reset.routes';
import {
  createPasswordResetService,
  resetLimits,
  type PasswordResetLimits,
} from './modules/password-reset/password-reset.service';
import { invitationsRoutes } from './modules/invitations/invitations.routes';
import { createInvitationsService, invitationLimits } from './modules/invitations/invitations.service';
import { botgitRoutes } from './modules/botgit/botgit.routes';
import { createBotgitService } from './modules/botgit/botgit.service';
import { createMailer } from './mail/mailer';
import type { OutboxWorker } from './mail/outbox-worker';
import { createSecretBox } from './secrets/secret-box';
import { docsRoutes } from './modules/docs/docs.routes';
import { pagesRoutes } from './render/pages.routes';
import { createPageDataLoader } from './render/page-data';
import { seoRoutes } from './render/seo.routes';
import type { WebRenderer } from './render/web-renderer';
import { IDENTITY_CONFIRMATION, LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS } from '../shared/constants';
import { CONTACT_LIMITS } from '../shared/schemas/contact';
import { EMAIL_TEMPLATE_LIMITS } from '../shared/email-templates';
import { createPublicCache, type PublicCache } from './public-cache/public-cache';
import { createPublishScheduler, type PublishScheduler } from './modules/blogs/scheduler';
import { workspaceDeletionRoutes } from './modules/workspace-deletion/workspace-deletion.routes';
import { createWorkspaceDeletionService } from './modules/workspace-deletion/workspace-deletion.service';
import { createWorkspacePurge, type WorkspacePurge } from './modules/workspace-deletion/workspace-purge';
import { createPublishingService } from './modules/blogs/blogs.service';
import { createPreviewLinks } from './modules/blogs/preview-links';
import { publishingRoutes } from './modules/blogs/publishing.routes';
import { securityRoutes } from './modules/security/security.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { createAuditService } from './modules/audit/audit.service';
import { encryptionStatus } from './modules/security/encryption-status';
import { engineOf } from './db/engine';
import { TWO_FACTOR } from '../shared/two-factor';
import { WEBHOOK_LIMITS } from '../shared/webhooks';
import { createChallengeTokens } from './auth/challenge-tokens';
import { createTwoFactorService, hasTwoFactor } from './modules/two-factor/two-factor.service';
import { createTwoFactorAdmin } from './modules/two-factor/two-factor-admin';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes';
import { createSecondStepService } from './modules/auth/second-step.service';
import { createSessionStart } from './modules/auth/sign-in-session';
import { createSiteSettingsService } from './modules/site-settings/site-settings.service';
import { siteSettingsRoutes } from './modules/site-settings/site-settings.routes';
import { createSignUpService } from './modules/auth/sign-up.service';
import { createEmailConfirmationService } from './modules/email-confirmation/email-confirmation.service';
import { emailConfirmationRoutes } from './modules/email-confirmation/email-confirmation.routes';
import { identityRoutes } from './modules/sessions/identity.routes';
import { sessionsRoutes } from './modules/sessions/sessions.routes';
import { createSignedInStore } from './modules/sessions/sessions.service';
import { findUserById } from './modules/users/users.service';
import { apiKeysRoutes, botgitConnectRoutes } from './modules/api-keys/api-keys.routes';
import { createApiKeyStore, createApiKeysService } from './modules/api-keys/api-keys.service';
import { createBotgitConnect } from './modules/api-keys/botgit-connect';
import { API_KEY_LIMITS, BOTGIT_CONNECT } from '../shared/api-keys';
import { EMAIL_CONFIRMATION } from '../shared/email-confirmation';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import {
  createWebhookWorker,
  createWebhooksService,
  type WebhookWorker,
} from './modules/webhooks/webhooks.service';
import { integrationsRoutes } from './modules/integrations/integrations.routes';
import { createIntegrationsService } from './modules/integrations/integrations.service';
import { ANALYTICS_LIMITS } from '../shared/analytics';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { createRequirePortal } from './auth/portal-guard';
import { portalRoutes } from './modules/portal/portal.routes';
import { portalAccessRoutes } from './modules/portal/portal-access.routes';
import { createPortalNotifications } from './modules/portal/portal-notifications';
import { portalNotificationRoutes } from './modules/portal/portal-notifications.routes';
import { PORTAL_NOTICES } from '../shared/portal-notifications';
import { portalFinanceRoutes } from './modules/finance/portal-finance.routes';
import { createPortalEstimates } from './modules/finance/portal-estimates';
import { createPortalInvoices } from './modules/finance/portal-invoices';
import { createPaymentNotices } from './modules/finance/payment-notices';
import { paymentNoticesRoutes } from './modules/finance/payment-notices.routes';
import { PORTAL_FINANCE } from '../shared/portal-finance';
import { portalProjectsRoutes } from './modules/projects/portal-projects.routes';
import { createPortalProjects, portalProjectLimits } from './modules/projects/portal-projects.service';
import {
  createPortalService,
  createPortalSessionStore,
  portalLimits,
  type PortalLimits,
} from './modules/portal/portal.service';
import { createAnalyticsService, type AnalyticsService } from './modules/analytics/analytics.service';
import { mailingListsRoutes } from './modules/mailing-lists/mailing-lists.routes';
import { bouncesRoutes } from './modules/bounces/bounces.routes';
import { bounceWebhookRoutes } from './modules/bounces/bounce-webhook.routes';
import {
  createBounceMailboxReader,
  createBouncesService,
  recordSendFailure,
  type BounceMailboxReader,
} from './modules/bounces/bounces.service';
import {
  campaignLinkRoutes,
  campaignResultsRoutes,
} from './modules/campaign-results/campaign-results.routes';
import { createCampaignResultsService } from './modules/campaign-results/campaign-results.service';
import { CAMPAIGN_RESULTS } from '../shared/campaign-results';
import { createMailingListsService } from './modules/mailing-lists/mailing-lists.service';
import { subscribeRoutes } from './modules/mailing-lists/subscribe.routes';
import { createListUnsubscribe, listUnsubscribeRoutes } from './modules/mailing-lists/mailing-lists.service';
import { campaignsRoutes } from './modules/campaigns/campaigns.routes';
import {
  createCampaignDispatcher,
  createCampaignsService,
  type CampaignDispatcher,
} from './modules/campaigns/campaigns.service';
import { sequencesRoutes } from './modules/sequences/sequences.routes';
import { createSequenceSender, createSequencesService } from './modules/sequences/sequences.service';
import { brandOf } from './modules/email-templates/email-templates.service';
import { CAMPAIGNS } from '../shared/campaigns';
import {
  createSubscribeService,
  subscribeLimits,
  type SubscribeLimits,
} from './modules/mailing-lists/subscribe.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers queued e-mail; main.ts starts its polling once listening, tests call deliverDue(). */
    outbox: OutboxWorker;
    /** Queues sending campaigns under each workspace's throttle; main.ts starts it, tests call tick(). */
    campaigns: CampaignDispatcher;
    /** The render cache of public pages and the batched view counter (tests flush and inspect them). */
    publicCache: PublicCache;
    /** Where rate limits are counted (tests watch `shared` follow Redis going and coming back). */
    limits: LimitStore;
    /** Every route with the access rule it declares (the authorization matrix test walks it). */
    routeTable: RouteAccess[];
    /** Publishes scheduled posts; main.ts starts it once listening, tests call publishDue(). */
    scheduler: PublishScheduler;
    /** Erases deleted workspaces after their 30 days; main.ts starts it once listening, tests call purgeDue(). */
    workspacePurge: WorkspacePurge;
    /** Follow-ups on their day: the bell and the morning digest; main.ts starts it once listening, tests call sweep(). */
    followUps: FollowUpSweep;
    /** Payment reminders of unpaid invoices; main.ts starts it once listening, tests call sweep(). */
    reminders: ReminderSweep;
    /** Monthly retainer invoices; main.ts starts it once listening, tests call sweep(). */
    retainers: RetainerBilling;
    /** Delivers queued webhook events; main.ts starts it once listening, tests call deliverDue(). */
    webhooks: WebhookWorker;
    /** Website analytics: main.ts starts its roll-ups once listening, tests call flush() and rollUp(). */
    analytics: AnalyticsService;
    /** Reads the workspaces' bounce mailboxes; main.ts starts it once listening, tests call checkMailbox(). */
    bounceMailboxes: BounceMailboxReader;
  }
}

export interface AppDeps {
  config: Pick<AppConfig, 'siteName' | 'siteUrl' | 'logLevel'> &
    Partial<
      Pick<
        AppConfig,
        | 'trustProxy'
        | 'smtpUrl'
        | 'mailFrom'
        | 'allowPrivateSmtp'
        | 'smtpAllowPlaintextLoopback'
        | 'workerLeaseMs'
        | 'allowPrivateWebhooks'
        | 'renderCacheBytes'
        | 'renderBudget'
        | 'redisUrl'
        | 'passwordHashConcurrency'
        | 'passwordHashMaxWaitMs'
        | 'passwordHashCost'
        | 'addressLimitMultiplier'
        | 'overload'
        | 'analytics'
      >
    >;
  database: DatabaseHandle;
  jwtSecret: string;
  /** Seals stored secrets (SMTP passwords): SECRET_KEY, or the one generated into the database. */
  secretKey: string;
  secretKeyPrevious?: string;
  /** Where secretKey came from: SECRET_KEY ('environment', the default) or generated into the database. */
  secretKeySource?: 'environment' | 'database';
  resetLimits?: PasswordResetLimits;
  /** The client portal's limits (tests hold or count them). */
  portalLimits?: PortalLimits;
  /** The public subscribe form's limits (tests hold or count them). */
  subscribeLimits?: SubscribeLimits;
  /** The built web app; API-only tests leave it out. */
  web?: WebRenderer;
  logger?: boolean;
  /** Tests read what the app logs (that no secret is ever in it). */
  logStream?: NodeJS.WritableStream;
  /** The failed sign-in limit (tests pass one on their own clock). */
  throttle?: Limiter;
  /** The per-address limits (tests pass them on their own clock). */
  addressLimiters?: AddressLimiters;
  /** The time rules such as the leads' date filters read; tests pass a fixed clock. */
  clock?: () => Date;
}

const BODY_LIMIT_BYTES = 1024 * 1024;
const API_CACHE_CONTROL = 'private, no-store';

/** Registers plugins, then modules, in an explicit order. Tests call this with a fresh database. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    // Secrets (tokens in URLs and paths, passwords, cookies) are redacted at every level (docs/security.md#nothing-secret-in-logs-nothing-left-in-the-browser).
    logger: deps.logStream
      ? loggerOptions('trace', deps.logStream)
      : deps.logger === false
        ? false
        : loggerOptions(deps.config.logLevel),
    bodyLimit: BODY_LIMIT_BYTES,
    // By default only a proxy on this machine may name the client (docs/decisions/0013-site-url-the-one-public-origin.md: served on loopback behind TLS
    // termination); trusting every hop would let any client pick its own IP and dodge the login throttle.
    trustProxy: deps.config.trustProxy ?? 'loopback',
    childLoggerFactory: lazyRequestLogger,
  }).withTypeProvider<ZodTypeProvider>();
  const routeTable: RouteAccess[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routeTable.push(routeAccess(method, route));
  });
  app.setValidatorCompiler(validatorCompiler);
  // Answers are written by the compiled serializers alone; under the test runner (NODE_ENV=test) each is
  // checked against its zod schema too, and the two must agree.
  app.setSerializerCompiler(compiledSerializerCompiler({ verify: process.env.NODE_ENV === 'test' }));
  app.decorateRequest('currentUser', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('sessionProvedAt', null);
  app.decorateRequest('apiKey', null);
  app.decorateRequest('portal', null);

  // Load shedding first: an overloaded instance refuses API work before doing any of it.
  if (deps.config.overload) await shedLoadWhenOverloaded(app, deps.config.overload);
  sendSecurityHeaders(app);
  closeConnectionsWhenClosing(app);
  await app.register(compress, { threshold: 1024 });
  registerErrorHandling(app);
  refuseNulCharacters(app);
  await rememberClientAddress(app);
  // First of the routes: the OpenAPI generator sees only routes registered after it.
  await app.register(docsRoutes(deps.config.siteName));

  const { db } = deps.database;
  const tokens = createTokenService(deps.jwtSecret);
  // Rate limits: in Redis when REDIS_URL is set, so every instance counts together.
  const limits = createLimitStore({ redisUrl: deps.config.redisUrl, log: app.log });
  app.decorate('limits', limits);
  // Verified sessions for a few seconds, emptied on every instance by each write that could change one.
  const sessionCache = createSessionCache(
    invalidationChannelFor({
      redisUrl: deps.config.redisUrl,
      engine: deps.database.engine,
      databaseIdentity: deps.database.identity,
      log: app.log,
    }),
  );
  const stopWatchingSessions = deps.database.writes.onAuthWrite(() => sessionCache.invalidate());
  app.addHook('onClose', async () => {
    stopWatchingSessions();
    await sessionCache.close();
  });
  const guards = createGuards(
    tokens,
    createSignedInStore(db),
    {
      store: createApiKeyStore(db),
      limiter: limits.limiter({ name: 'api-key', limit: API_KEY_LIMITS.requestsPerMinute, windowMs: 60_000 }),
      clock: deps.clock,
    },
    sessionCache,
  );
  const perAddress = deps.addressLimiters ?? addressLimiters(limits, deps.config.addressLimitMultiplier);
  const passwords = boundedPasswordWork(
    createWorkGate({
      concurrency: deps.config.passwordHashConcurrency ?? defaultHashConcurrency(),
      maxWaitMs: deps.config.passwordHashMaxWaitMs ?? 2000,
    }),
    deps.config.passwordHashCost,
  );
  const secretBox = createSecretBox(deps.secretKey, deps.secretKeyPrevious);
  const clock = deps.clock ?? (() => new Date());
  const twoFactor = createTwoFactorService({
    db,
    box: secretBox,
    throttle: limits.limiter({
      name: 'two-factor',
      limit: TWO_FACTOR.failureLimit,
      windowMs: TWO_FACTOR.failureWindowMs,
    }),
    clock,
  });
  const startSession = createSessionStart(db, tokens, clock);
  const secondStep = createSecondStepService({
    db,
    challenges: createChallengeTokens(deps.jwtSecret, clock),
    twoFactor,
    startSession,
  });
  const auth = createAuthService({
    db,
    throttle:
      deps.throttle ??
      limits.limiter({ name: 'login', limit: LOGIN_FAILURE_LIMIT, windowMs: LOGIN_FAILURE_WINDOW_MS }),
    addressThrottle: perAddress.signIn,
    // Per account whatever the address (docs/product/auth.md#failed-sign-ins), raised with the per-address limits by the multiplier.
    accountLimits: accountSignInLimits(limits, {
      multiplier: deps.config.addressLimitMultiplier,
      clock: deps.clock,
    }),
    // Built below, and only read once a sign-in fails.
    alertMailer: () => mailer,
    passwords,
    secondStep,
    startSession,
    clock: deps.clock,
  });
  const siteSettings = createSiteSettingsService(db, { siteName: deps.config.siteName, clock });
  const mailer = createMailer({
    db,
    box: secretBox,
    config: {
      ...deps.config,
      allowPrivateSmtp: deps.config.allowPrivateSmtp ?? false,
      smtpAllowPlaintextLoopback: deps.config.smtpAllowPlaintextLoopback ?? false,
    },
    clock: deps.clock,
    log: app.log,
    siteName: async () => (await siteSettings.live()).identity.siteName,
    // Bulk mail refused at send time: the bounce rules (docs/product/marketing.md#bounces-and-complaints).
    onBulkFailure: (row, failure) => recordSendFailure(db, row, failure, clock()),
  });
  app.decorate('outbox', mailer.worker);
  const marketingBrand = async () => brandOf(await siteSettings.live(), deps.config.siteUrl);
  const campaignDispatcher = createCampaignDispatcher({
    db,
    box: secretBox,
    siteUrl: deps.config.siteUrl,
    brand: marketingBrand,
    clock,
    log: app.log,
    kickOutbox: () => mailer.worker.kick(),
    leaseMs: deps.config.workerLeaseMs,
    sequences: createSequenceSender({ box: secretBox, siteUrl: deps.config.siteUrl, brand: marketingBrand }),
  });
  app.decorate('campaigns', campaignDispatcher);
  // One limiter each for an unsubscribe page's API and the one-click POST at the page's own address.
  const listUnsubscribe = listUnsubscribeRoutes(
    createListUnsubscribe({ db, box: secretBox, clock }),
    limits.limiter({
      name: 'list-unsubscribe-ip',
      limit: CAMPAIGNS.unsubscribePerIpLimit * (deps.config.addressLimitMultiplier ?? 1),
      windowMs: CAMPAIGNS.unsubscribePerIpWindowMs,
    }),
  );
  const bounceMailboxes = createBounceMailboxReader({
    db,
    box: secretBox,
    rules: {
      allowPrivate: deps.config.allowPrivateSmtp ?? false,
      allowPlaintextLoopback: deps.config.smtpAllowPlaintextLoopback ?? false,
    },
    clock,
    log: app.log,
  });
  app.decorate('bounceMailboxes', bounceMailboxes);
  // The client portal's e-mail notices (docs/product/portal.md#notifications), caused by finance and tasks.
  const portalNotices = createPortalNotifications({ db, mailer });
  const requirePortal = createRequirePortal(createPortalSessionStore(db), clock);
  const portalNoticeRoutes = portalNotificationRoutes(portalNotices, requirePortal, {
    unsubscribePerIp: limits.limiter({
      name: 'portal-unsubscribe-ip',
      limit: PORTAL_NOTICES.unsubscribePerIpLimit * (deps.config.addressLimitMultiplier ?? 1),
      windowMs: PORTAL_NOTICES.unsubscribePerIpWindowMs,
    }),
  });
  const calendarFeed = createCalendarFeed(db, {
    siteUrl: deps.config.siteUrl,
    siteName: mailer.siteName,
    clock: deps.clock,
  });
  const confirmation = createEmailConfirmationService(
    mailer,
    limits.limiter({
      name: 'confirm-resend',
      limit: EMAIL_CONFIRMATION.resendLimit,
      windowMs: EMAIL_CONFIRMATION.resendWindowMs,
    }),
  );
  const signUp = createSignUpService({
    db,
    tokens,
    passwords,
    secondStep,
    confirmation,
    siteName: () => mailer.siteName(),
    kickMail: () => mailer.worker.kick(),
    clock,
  });
  const scheduler = createPublishScheduler(db, { clock, log: app.log });
  app.decorate('scheduler', scheduler);
  const workspacePurge = createWorkspacePurge(db, { clock, log: app.log });
  app.decorate('workspacePurge', workspacePurge);
  const followUps = createFollowUpSweep(db, { clock, log: app.log, mailer });
  app.decorate('followUps', followUps);
  const invoices = createInvoicesService(db, deps.clock);
  const invoiceDelivery = createInvoiceDelivery(db, invoices, mailer, portalNotices.notifier);
  const projects = createProjectsService(db, deps.clock);
  const estimates = createEstimatesService(
    db,
    { createProjectIn: projects.createIn, createDraftInvoiceIn: invoices.createDraftIn },
    deps.clock,
  );
  const estimateDelivery = createEstimateDelivery(db, estimates, mailer, portalNotices.notifier);
  const reminders = createReminderSweep(db, {
    invoices,
    delivery: invoiceDelivery,
    mailer,
    clock,
    log: app.log,
  });
  app.decorate('reminders', reminders);
  const retainers = createRetainerBilling(db, { invoices, delivery: invoiceDelivery, clock, log: app.log });
  app.decorate('retainers', retainers);
  // docs/product/integrations.md#webhooks: public targets only unless ALLOW_PRIVATE_WEBHOOKS; https once SITE_URL is.
  const allowPrivateWebhooks = deps.config.allowPrivateWebhooks ?? false;
  const webhookRules = {
    allowPrivate: allowPrivateWebhooks,
    requireHttps: deps.config.siteUrl.startsWith('https:') && !allowPrivateWebhooks,
  };
  const webhookWorker = createWebhookWorker(mailer, { rules: webhookRules, clock, log: app.log });
  app.decorate('webhooks', webhookWorker);
  const emailSetup = createEmailSetupService(mailer);
  const blogs = createBlogsService(db, { clock, onScheduled: () => scheduler.kick() });
  const publishing = createPublishingService(db, createPreviewLinks(db, secretBox, deps.config.siteUrl));
  const categories = createCategoriesService(db);
  const publicCache = createPublicCache(deps.database, app.log, {
    maxBytes: deps.config.renderCacheBytes,
    renders: deps.config.renderBudget,
  });
  app.decorate('publicCache', publicCache);
  const analytics = createAnalyticsService({
    db,
    onWorker: deps.database.onWorker,
    settings: {
      siteUrl: deps.config.siteUrl,
      rawRetentionDays: deps.config.analytics?.rawRetentionDays ?? ANALYTICS_LIMITS.rawRetentionDays,
      rollupEveryMs: deps.config.analytics?.rollupEveryMs ?? 60_000,
    },
    clock,
    log: app.log,
    // Page views of addresses no page answers (the not-found page) are not counted.
    isPage:
      deps.web &&
      (async (path) => {
        await deps.web!.ready;
        return !deps.web!.isUnknownPath(path);
      }),
  });
  app.decorate('analytics', analytics);
  const campaignResults = createCampaignResultsService({ db, box: secretBox, clock });

  await app.register(
    async (api) => {
      // Answers about a user or a workspace must never sit in a browser's or a proxy's cache; the few
      // public ones (images, the OpenAPI description) say their own.
      api.addHook('onSend', (_request, reply, payload, done) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', API_CACHE_CONTROL);
        done(null, payload);
      });
      await api.register(
        healthRoutes(
          db,
          () => isOverloaded(app),
          () => deps.web?.ready,
        ),
      );
      await api.register(authRoutes(auth, signUp, secondStep, guards, perAddress));
      await api.register(emailConfirmationRoutes(confirmation, guards));
      await api.register(sessionsRoutes(db, guards, clock));
      const passwordMatches = async (userId: string, password: string) => {
        const user = await findUserById(db, userId);
        return Boolean(user) && (await passwords.verify(password, user!.password_hash));
      };
      await api.register(twoFactorRoutes(twoFactor, createTwoFactorAdmin(db), guards, passwordMatches));
      await api.register(
        identityRoutes(
          db,
          guards,
          {
            passwordMatches,
            hasTwoFactor: (userId) => hasTwoFactor(db, userId),
            proveCode: async (account, code) => {
              await twoFactor.proveCode(account, code);
            },
            wrongPasswords: limits.limiter({
              name: 'identity-confirmation',
              limit: IDENTITY_CONFIRMATION.wrongPerAccount,
              windowMs: IDENTITY_CONFIRMATION.wrongWindowMs,
            }),
          },
          clock,
        ),
      );
      await api.register(dashboardRoutes(createDashboardService(db), guards));
      await api.register(usersRoutes(createUsersService(db), guards));
      await api.register(profileRoutes(createProfileService(db), guards));
      await api.register(workspacesRoutes(createWorkspacesService(db), guards));
      await api.register(
        securityRoutes(
          encryptionStatus({
            siteUrl: deps.config.siteUrl,
            passwordHashCost: deps.config.passwordHashCost,
            secretKeySource: deps.secretKeySource ?? 'environment',
            secretKeyPrevious: deps.secretKeyPrevious,
            engine: engineOf(db),
          }),
          guards,
        ),
      );
      await api.register(auditRoutes(createAuditService(db, clock), guards));
      await api.register(blogsRoutes(blogs, guards, publicCache));
      await api.register(publishingRoutes(publishing, guards));
      await api.register(categoriesRoutes(categories, guards, publicCache));
      await api.register(mediaRoutes(db));
      await api.register(leadsRoutes(createLeadsService(db, deps.clock, deps.database.offLoop), guards));
      await api.register(leadViewsRoutes(createLeadViewsService(db, deps.clock), guards));
      const clients = createClientsService(db, deps.clock);
      await api.register(
        clientsRoutes(
          clients,
          createLeadConversion(db, clients, projects, deps.clock ?? (() => new Date())),
          guards,
        ),
      );
      await api.register(projectsRoutes(projects, guards));
      const tasks = createTasksService(db, deps.clock, portalNotices.notifier);
      await api.register(tasksRoutes(tasks, guards));
      await api.register(calendarFeedRoutes(calendarFeed, guards));
      const taskFiles = createTaskAttachments(db, deps.clock);
      await api.register(taskAttachmentRoutes(taskFiles, guards));
      await api.register(
        timeRoutes(createTimeService(db, mailer, deps.clock), createTimeReports(db), guards),
      );
      await api.register(
        financeRoutes(db, createFinanceSettings(db, deps.clock), invoices, invoiceDelivery, guards),
      );
      await api.register(paymentsRoutes(createPaymentsService(db, deps.clock), guards));
      await api.register(booksRoutes(createBooks(db, deps.clock), guards));
      await api.register(
        expensesRoutes(createExpensesService(db, createBudgetWatch(mailer), deps.clock), guards),
      );
      await api.register(estimatesRoutes(estimates, estimateDelivery, guards));
      await api.register(retainerBillingRoutes(retainers, guards));
      await api.register(notificationsRoutes(createNotificationsService(db, clock), guards));
      await api.register(
        contactRoutes(
          createContactService(mailer),
          limits.limiter({
            name: 'contact',
            limit: CONTACT_LIMITS.rateLimit,
            windowMs: CONTACT_LIMITS.rateWindowMs,
          }),
        ),
      );
      await api.register(emailSetupRoutes(emailSetup, guards));
      await api.register(
        webhooksRoutes(
          createWebhooksService({
            db,
            mailer,
            box: secretBox,
            rules: webhookRules,
            clock,
            manualSends: {
              perWebhook: limits.limiter({
                name: 'webhook-manual',
                limit: WEBHOOK_LIMITS.manualSendsPerWebhookPerHour,
                windowMs: 60 * 60_000,
              }),
              perWorkspace: limits.limiter({
                name: 'webhook-manual-workspace',
                limit: WEBHOOK_LIMITS.manualSendsPerWorkspacePerHour,
                windowMs: 60 * 60_000,
              }),
            },
          }),
          guards,
        ),
      );
      await api.register(integrationsRoutes(createIntegrationsService({ db, emailSetup, clock }), guards));
      await api.register(
        passwordResetRoutes(
          createPasswordResetService(
            mailer,
            app.log,
            deps.resetLimits ?? resetLimits(limits),
            passwords,
            confirmation,
          ),
          perAddress.passwordReset,
        ),
      );
      await api.register(
        invitationsRoutes(createInvitationsService(mailer, app.log, invitationLimits(limits)), guards),
      );
      await api.register(
        workspaceDeletionRoutes(createWorkspaceDeletionService(mailer), guards, perAddress.workspaceRecovery),
      );
      await api.register(botgitRoutes(createBotgitService(db, deps.clock), guards));
      const apiKeys = createApiKeysService(db, mailer);
      const multiplier = deps.config.addressLimitMultiplier ?? 1;
      const perAddressOf = (spec: { name: string; limit: number; windowMs: number }) =>
        limits.limiter({ ...spec, limit: spec.limit * multiplier });
      await api.register(apiKeysRoutes(apiKeys, guards));
      await api.register(
        botgitConnectRoutes(createBotgitConnect(db, mailer, clock), apiKeys, guards, {
          start: perAddressOf(BOTGIT_CONNECT.startLimit),
          claim: perAddressOf(BOTGIT_CONNECT.claimLimit),
        }),
      );
      await api.register(siteSettingsRoutes(siteSettings, guards, publicCache));
      await api.register(
        emailTemplatesRoutes(
          createEmailTemplatesService({
            db,
            liveSettings: () => siteSettings.live(),
            siteUrl: deps.config.siteUrl,
            testSends: limits.limiter({
              name: 'template-test',
              limit: EMAIL_TEMPLATE_LIMITS.testSendsPerHour,
              windowMs: 60 * 60_000,
            }),
            mailer,
            clock,
          }),
          guards,
        ),
      );
      // The client portal (docs/product/portal.md): its own sessions, read from its own cookie only.
      const portalLimiters = deps.portalLimits ?? portalLimits(limits, multiplier);
      const portal = createPortalService({
        db,
        mailer,
        log: app.log,
        limits: portalLimiters,
        liveSettings: () => siteSettings.live(),
        clock,
      });
      await api.register(
        portalRoutes(portal, requirePortal, {
          redeemPerIp: portalLimiters.redeemPerIp,
          secureCookie: deps.config.siteUrl.startsWith('https:'),
        }),
      );
      await api.register(portalNoticeRoutes.api);
      await api.register(portalAccessRoutes(portal, guards));
      await api.register(
        portalFinanceRoutes(
          createPortalEstimates(db, { estimates, delivery: estimateDelivery, clock }),
          createPortalInvoices(db, {
            delivery: invoiceDelivery,
            books: createBooks(db, deps.clock),
            noticeLimiter: limits.limiter({
              name: 'portal-payment-notice',
              limit: PORTAL_FINANCE.noticesPerAccessLimit,
              windowMs: PORTAL_FINANCE.noticesPerAccessWindowMs,
            }),
            clock,
          }),
          requirePortal,
        ),
      );
      await api.register(paymentNoticesRoutes(createPaymentNotices(db, invoices, clock), guards));
      await api.register(
        portalProjectsRoutes(
          createPortalProjects({ db, tasks, files: taskFiles, limits: portalProjectLimits(limits), clock }),
          requirePortal,
        ),
      );
      await api.register(analyticsRoutes(analytics, guards, deps.config.siteUrl));
      // Mailing lists and the public subscribe form (docs/product/marketing.md#lists-and-consent).
      await api.register(mailingListsRoutes(createMailingListsService({ db, mailer, clock }), guards));
      await api.register(
        campaignsRoutes(
          createCampaignsService({ db, brand: marketingBrand, dispatcher: campaignDispatcher, clock }),
          guards,
        ),
      );
      await api.register(
        sequencesRoutes(createSequencesService({ db, clock, kick: () => campaignDispatcher.kick() }), guards),
      );
      await api.register(listUnsubscribe.api);
      const bounces = createBouncesService({
        db,
        box: secretBox,
        reader: bounceMailboxes,
        siteUrl: deps.config.siteUrl,
        clock,
      });
      await api.register(bouncesRoutes(bounces, guards));
      await api.register(bounceWebhookRoutes(bounces));
      // A campaign's results (docs/product/marketing.md#results); its click redirect is outside /api.
      await api.register(campaignResultsRoutes(campaignResults, guards));
      const subscribeLimiters = deps.subscribeLimits ?? subscribeLimits(limits, multiplier);
      await api.register(
        subscribeRoutes(
          createSubscribeService({ db, mailer, log: app.log, limits: subscribeLimiters, clock }),
          subscribeLimiters.perIp,
        ),
      );
    },
    { prefix: '/api' },
  );
  await app.register(listUnsubscribe.oneClick);
  await app.register(portalNoticeRoutes.oneClick);
  // sitemap.xml, rss.xml, robots.txt: before the page catch-all, and without the web build (API tests).
  const site = {
    name: deps.config.siteName,
    url: deps.config.siteUrl,
    liveName: async () => (await siteSettings.live()).identity.siteName,
    live: () => siteSettings.live(),
  };
  await app.register(seoRoutes(blogs, site, publicCache));
  await app.register(calendarFileRoutes(calendarFeed));
  await app.register(estimateLinkRoutes(estimateDelivery));
  await app.register(
    campaignLinkRoutes(
      campaignResults,
      limits.limiter({
        name: 'campaign-redirect-ip',
        limit: CAMPAIGN_RESULTS.redirectsPerIpLimit * (deps.config.addressLimitMultiplier ?? 1),
        windowMs: CAMPAIGN_RESULTS.redirectsPerIpWindowMs,
      }),
    ),
  );
  if (deps.web)
    await app.register(
      pagesRoutes(
        deps.web,
        site,
        createPageDataLoader({ blogs, categories, publishing, siteSettings }),
        publicCache,
      ),
    );

  app.addHook('onClose', async () => {
    await campaignDispatcher.stop();
    await scheduler.stop();
    await workspacePurge.stop();
    await followUps.stop();
    await reminders.stop();
    await retainers.stop();
    await webhookWorker.stop();
    await bounceMailboxes.stop();
    await mailer.worker.stop();
    await publicCache.views.stop();
    await analytics.stop();
    await limits.close();
    await deps.database.close();
  });
  return app;
}
