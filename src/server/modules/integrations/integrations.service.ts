import type { Kysely } from 'kysely';
import type { IntegrationsOverview } from '../../../shared/schemas/webhooks';
import type { Database, SessionUser } from '../../db/types';
import { apiKeysSummary } from '../api-keys/api-keys.service';
import { botgitConnection } from '../botgit/botgit.service';
import type { EmailSetupService } from '../email-setup/email-setup.service';
import { assertIntegrationManager, webhookCounts } from '../webhooks/webhooks.service';

/**
 * Manage Integrations' live cards (docs/product/integrations.md#live-cards): the workspace's e-mail
 * set-up and its health, Botgit, webhooks and API keys, as they are now. Its Admin or Business Admin only.
 */
export function createIntegrationsService(deps: {
  db: Kysely<Database>;
  emailSetup: EmailSetupService;
  clock: () => Date;
}) {
  const { db, emailSetup, clock } = deps;
  return {
    async overview(caller: SessionUser): Promise<IntegrationsOverview> {
      assertIntegrationManager(caller);
      const [setup, botgit, webhooks, apiKeys] = await Promise.all([
        emailSetup.get(caller),
        botgitConnection(db, caller.workspace_id, clock()),
        webhookCounts(db, caller.workspace_id),
        apiKeysSummary(db, caller.workspace_id),
      ]);
      return {
        email: {
          transport: setup.delivery.transport,
          healthy: setup.delivery.healthy,
          lastError: setup.config?.lastError ?? null,
          verifiedAt: setup.config?.verifiedAt ?? null,
        },
        botgit,
        webhooks,
        apiKeys,
      };
    },
  };
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
