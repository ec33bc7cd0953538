import { HomeSections } from '../../features/home/home-page';
import { WebSettingsSection } from '../../features/web-settings/web-settings-section';
import type { SectionProps } from '../../lib/section-props';

/** The Web Settings section, given the home page's body for its live preview (features never import each other). */
export function WebSettingsPage(props: SectionProps) {
  return <WebSettingsSection {...props} HomeSections={HomeSections} />;
}
