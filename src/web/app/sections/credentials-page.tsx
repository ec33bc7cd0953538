import { canManageIntegrations } from '../../../shared/access';
import { CredentialsSection } from '../../features/api-keys/credentials-section';
import { placeholderFor } from '../../features/placeholders/placeholder-data';
import { PlaceholderSection } from '../../features/placeholders/placeholder-section';
import type { SectionProps } from '../../lib/section-props';

/**
 * Credentials (docs/product/integrations.md#api-keys): live API keys for the workspace's Admin or Business
 * Admin, beside the section's other sample cards; everyone else sees the four sample cards as before.
 */
export function CredentialsPage(props: SectionProps) {
  const content = placeholderFor('credentials');
  if (!canManageIntegrations(props.user.role) || content?.kind !== 'cards')
    return <PlaceholderSection {...props} />;
  return (
    <CredentialsSection
      {...props}
      description={content.description}
      sampleCards={content.cards.filter((card) => card.title !== 'API keys')}
    />
  );
}
