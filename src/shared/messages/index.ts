/**
 * Every user-facing text of the spec (§2, §4, §5, §8), word for word. One source for server and web: one
 * file per domain, all imported from here.
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
export * from './contact';
