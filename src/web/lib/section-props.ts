import type { SectionInfo } from '../../shared/sections';
import type { PublicUser } from '../../shared/schemas/public-user';

/** What every section page receives (docs/product/dashboard.md#shell: profile receives the user; workspace also the logout handler). */
export interface SectionProps {
  user: PublicUser;
  section: SectionInfo;
  onLogout(): void;
}
