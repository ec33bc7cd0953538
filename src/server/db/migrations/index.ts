import type { Migration } from 'kysely';
import * as initial from './001-initial';

/** Listed statically so migrations survive bundling. Append only; never edit an applied one. */
export const migrations: Record<string, Migration> = {
  '001-initial': initial,
};
