/**
 * Every text the product shows or answers with: the spec's (docs/product/auth.md#sign-up, docs/product/README.md#texts) word for word, and its own in
 * the spec's voice. One source for server and web: one file per domain, all imported from here.
 */
export * from './auth';
export * from './server';
export * from './form';
export * from './dashboard';
export * from './users';
export * from './plans';
export * from './notifications';
export * from './blog';
export * from './leads';
export * from './lead-timeline';
export * from './contact';
export * from './sessions';
export * from './workspace-deletion';
export * from './email-confirmation';
export * from './botgit';
export * from './two-factor';
export * from './audit';
export * from './site-settings';
export * from './mail';
export * from './lead-views';
export * from './webhooks';
export * from './api-keys';
export * from './analytics';
export * from './clients';
export * from './projects';
export * from './tasks';
export * from './time';
export * from './finance';
export * from './expenses';
export * from './estimates';
export * from './portal';
export * from './portal-projects';
export * from './portal-notifications';
export * from './portal-finance';
export * from './mailing-lists';
export * from './email-templates';
export * from './campaigns';
export * from './bounces';
export * from './campaign-results';
export * from './sequences';
