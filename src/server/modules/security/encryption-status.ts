import type { EncryptionStatus } from '../../../shared/schemas/security';
import { DEFAULT_HASH_COST } from '../../auth/passwords';
import type { Engine } from '../../db/engine';

/** The running configuration's protections, worked out once at start (it does not change while running). */
export function encryptionStatus(input: {
  siteUrl: string;
  passwordHashCost?: number;
  secretKeySource: 'environment' | 'database';
  secretKeyPrevious?: string;
  engine: Engine;
}): EncryptionStatus {
  return {
    passwords: { algorithm: 'scrypt', costExponent: input.passwordHashCost ?? DEFAULT_HASH_COST },
    storedSecrets: {
      algorithm: 'AES-256-GCM',
      keySource: input.secretKeySource,
      rotating: Boolean(input.secretKeyPrevious),
    },
    sessions: { algorithm: 'HS256' },
    transport: { siteUrl: input.siteUrl, https: input.siteUrl.startsWith('https://') },
    database: { engine: input.engine },
  };
}
