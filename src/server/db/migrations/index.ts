import type { Migration } from 'kysely';
import * as initial from './001-initial';
import * as workspaceDetails from './002-workspace-details';

/** Listed statically so migrations survive bundling. Append only; never edit an applied one. */
export const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-workspace-details': workspaceDetails,
};
