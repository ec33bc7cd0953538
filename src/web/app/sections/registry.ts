import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { LucideIcon } from 'lucide-react';
import {
  BarChart3,
  Bot,
  Briefcase,
  Building2,
  FileText,
  Home,
  Landmark,
  Megaphone,
  MessagesSquare,
  Settings,
  Share2,
  ShieldCheck,
  UserCircle,
  Users,
} from 'lucide-react';
import { SECTIONS, SECTION_GROUPS, type SectionGroupKey } from '../../../shared/sections';
import type { SectionProps } from '../../lib/section-props';

type SectionPage = LazyExoticComponent<ComponentType<SectionProps>>;

export const GROUP_ICONS: Record<SectionGroupKey, LucideIcon> = {
  dashboard: Home,
  dataCenter: BarChart3,
  projects: Briefcase,
  teamCommunication: MessagesSquare,
  digitalMediaManagement: Share2,
  marketing: Megaphone,
  hrManagement: Users,
  financeManagement: Landmark,
  seoManagement: FileText,
  internalPolicies: ShieldCheck,
  settingsConfiguration: Settings,
  workspace: Building2,
  botgit: Bot,
  profile: UserCircle,
};

const named = <K extends string>(
  load: () => Promise<Record<K, ComponentType<SectionProps>>>,
  name: K,
): SectionPage => lazy(() => load().then((m) => ({ default: m[name] })));

/** Sections with a page of their own; every other key renders its placeholder (features/placeholders). */
const PAGES: Partial<Record<string, SectionPage>> = {
  overview: named(() => import('../../features/overview/overview-section'), 'OverviewSection'),
  'users-roles': named(() => import('../../features/users/users-section'), 'UsersSection'),
  'profile-settings': named(() => import('../../features/profile/profile-section'), 'ProfileSection'),
  'workspace-settings': named(() => import('../../features/workspace/workspace-section'), 'WorkspaceSection'),
  'client-leads': named(() => import('../../features/leads/leads-section'), 'LeadsSection'),
  blogs: named(() => import('../../features/blog-admin/blog-admin-section'), 'BlogAdminSection'),
  'botgit-data': named(() => import('../../features/botgit/scraped-data-section'), 'ScrapedDataSection'),
  'botgit-settings': named(
    () => import('../../features/botgit/botgit-settings-section'),
    'BotgitSettingsSection',
  ),
  'email-setup': named(() => import('../../features/email-setup/email-setup-section'), 'EmailSetupSection'),
  'campaign-setup': named(() => import('../../features/audience/audience-section'), 'AudienceSection'),
  'email-template': named(
    () => import('../../features/email-templates/email-templates-section'),
    'EmailTemplatesSection',
  ),
  'email-analytics': named(
    () => import('../../features/campaign-results/email-analytics-section'),
    'EmailAnalyticsSection',
  ),
  'web-settings': named(() => import('./web-settings-page'), 'WebSettingsPage'),
  'website-analytics': named(
    () => import('../../features/analytics/website-analytics-section'),
    'WebsiteAnalyticsSection',
  ),
  'campaign-metrics': named(
    () => import('../../features/analytics/campaign-metrics-section'),
    'CampaignMetricsSection',
  ),
  'conversion-tracking': named(
    () => import('../../features/analytics/conversion-tracking-section'),
    'ConversionTrackingSection',
  ),
  'manage-integrations': named(
    () => import('../../features/integrations/integrations-section'),
    'IntegrationsSection',
  ),
  credentials: named(() => import('./credentials-page'), 'CredentialsPage'),
  'our-projects': named(() => import('../../features/projects/projects-section'), 'ProjectsSection'),
  'project-delivered': named(
    () => import('../../features/projects/project-delivered-section'),
    'ProjectDeliveredSection',
  ),
  'invoice-generation': named(
    () => import('../../features/finance/invoice-generation-section'),
    'InvoiceGenerationSection',
  ),
  'payment-records': named(
    () => import('../../features/finance/payment-records-section'),
    'PaymentRecordsSection',
  ),
  'expense-management': named(
    () => import('../../features/finance/expense-management-section'),
    'ExpenseManagementSection',
  ),
  'billing-payments': named(
    () => import('../../features/finance/billing-payments-section'),
    'BillingPaymentsSection',
  ),
};
const PLACEHOLDER = named(
  () => import('../../features/placeholders/placeholder-section'),
  'PlaceholderSection',
);

/** Keys that render a page of their own; must match the `page` flags in shared/sections.ts (tested). */
export const KEYS_WITH_PAGES = Object.keys(PAGES);

export function sectionPage(key: string): SectionPage {
  return PAGES[key] ?? PLACEHOLDER;
}

export { SECTIONS, SECTION_GROUPS };
