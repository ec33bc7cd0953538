import type { ModuleKey } from './roles';

/** Sidebar groups (docs/product/dashboard.md#sections), in order. A group with a module follows that module's permission (docs/product/roles-and-access.md#sidebar-visibility). */
export const SECTION_GROUPS = [
  { key: 'dashboard', label: 'Dashboard', module: 'dashboard' },
  { key: 'dataCenter', label: 'Data Center', module: 'dataCenter' },
  { key: 'projects', label: 'Projects', module: 'projects' },
  { key: 'teamCommunication', label: 'Team Communication', module: 'teamCommunication' },
  { key: 'digitalMediaManagement', label: 'Digital Media Management', module: 'digitalMediaManagement' },
  { key: 'marketing', label: 'Marketing', module: 'marketing' },
  { key: 'hrManagement', label: 'HR Management', module: 'hrManagement' },
  { key: 'financeManagement', label: 'Finance Management', module: 'financeManagement' },
  { key: 'seoManagement', label: 'SEO Management', module: 'seoManagement' },
  { key: 'internalPolicies', label: 'Internal Policies', module: 'internalPolicies' },
  { key: 'settingsConfiguration', label: 'Settings & Configuration', module: 'settingsConfiguration' },
  { key: 'workspace', label: 'Workspace Settings' },
  { key: 'botgit', label: 'Botgit' },
  { key: 'profile', label: 'Profile' },
] as const satisfies ReadonlyArray<{ key: string; label: string; module?: ModuleKey }>;

export type SectionGroupKey = (typeof SECTION_GROUPS)[number]['key'];

export interface SectionInfo {
  key: string;
  /** Sidebar label. */
  label: string;
  /** Page heading, when it differs from the label. */
  title?: string;
  group: SectionGroupKey;
  /** Sub-heading inside the group (docs/product/dashboard.md#sections: Lead Management, Lead Metrics, Social Media, Email Marketing). */
  subgroup?: string;
  /** Has a page of its own (src/web/app/sections/registry.ts); every other section shows its placeholder. */
  page?: true;
}

/** Every dashboard section key of docs/product/dashboard.md#sections; deep links are /dashboard/<key>. */
export const SECTIONS: readonly SectionInfo[] = [
  { key: 'overview', label: 'Overview', title: 'Dashboard', group: 'dashboard', page: true },
  { key: 'leads-flow', label: 'Leads Flow', group: 'dataCenter', subgroup: 'Lead Management' },
  {
    key: 'client-leads',
    label: 'Client Leads',
    group: 'dataCenter',
    subgroup: 'Lead Management',
    page: true,
  },
  {
    key: 'campaign-metrics',
    label: 'Campaign Metrics',
    group: 'dataCenter',
    subgroup: 'Lead Metrics',
    page: true,
  },
  {
    key: 'conversion-tracking',
    label: 'Conversion Tracking',
    group: 'dataCenter',
    subgroup: 'Lead Metrics',
    page: true,
  },
  { key: 'our-projects', label: 'Client / Projects', title: 'Our Projects', group: 'projects', page: true },
  { key: 'project-delivered', label: 'Project Delivered', group: 'projects', page: true },
  { key: 'message', label: 'Messages', title: 'Team Messages', group: 'teamCommunication' },
  { key: 'team-email', label: 'E-mail', title: 'Team Email', group: 'teamCommunication' },
  { key: 'meeting', label: 'Meetings', title: 'Team Meetings', group: 'teamCommunication' },
  { key: 'services', label: 'Services', group: 'teamCommunication' },
  { key: 'meta-ads', label: 'Meta Ads', group: 'digitalMediaManagement', subgroup: 'Social Media' },
  { key: 'instagram', label: 'Instagram', group: 'digitalMediaManagement', subgroup: 'Social Media' },
  { key: 'linkedin', label: 'LinkedIn', group: 'digitalMediaManagement', subgroup: 'Social Media' },
  { key: 'youtube', label: 'YouTube', group: 'digitalMediaManagement', subgroup: 'Social Media' },
  { key: 'x-com', label: 'X.com', group: 'digitalMediaManagement', subgroup: 'Social Media' },
  { key: 'reddit', label: 'Reddit', group: 'digitalMediaManagement', subgroup: 'Social Media' },
  {
    key: 'email-setup',
    label: 'Email Setup',
    title: 'Business Email Setup',
    group: 'marketing',
    subgroup: 'Email Marketing',
    page: true,
  },
  {
    key: 'campaign-setup',
    label: 'Campaign Setup',
    group: 'marketing',
    subgroup: 'Email Marketing',
    page: true,
  },
  {
    key: 'email-template',
    label: 'Email Template',
    title: 'Create Email Template',
    group: 'marketing',
    subgroup: 'Email Marketing',
    page: true,
  },
  {
    key: 'email-analytics',
    label: 'Email Analytics',
    title: 'Analytics & Reporting',
    group: 'marketing',
    subgroup: 'Email Marketing',
    page: true,
  },
  { key: 'whatsapp-marketing', label: 'WhatsApp Marketing', group: 'marketing' },
  { key: 'referral-client', label: 'Referral Client', group: 'marketing' },
  { key: 'case-studies', label: 'Case Studies', group: 'marketing' },
  { key: 'hr-overview', label: 'HR Overview', group: 'hrManagement' },
  { key: 'interview-management', label: 'Interview Management', group: 'hrManagement' },
  { key: 'letter-templates', label: 'Letter Templates', group: 'hrManagement' },
  { key: 'hr-manage', label: 'HR Management', group: 'hrManagement' },
  { key: 'employee-details', label: 'Employee Details', group: 'hrManagement' },
  { key: 'attendance-summary', label: 'Attendance Summary', group: 'hrManagement' },
  { key: 'holiday-calendar', label: 'Holiday Calendar', group: 'hrManagement' },
  { key: 'incentives', label: 'Incentives', title: 'Employee Incentives', group: 'hrManagement' },
  { key: 'billing-payments', label: 'Billing & Payments', group: 'financeManagement', page: true },
  { key: 'invoice-generation', label: 'Invoice Generation', group: 'financeManagement', page: true },
  { key: 'payment-records', label: 'Payment Records', group: 'financeManagement', page: true },
  { key: 'expense-management', label: 'Expense Management', group: 'financeManagement', page: true },
  { key: 'website-analytics', label: 'Website Analytics', group: 'seoManagement', page: true },
  { key: 'seo-insights', label: 'SEO Insights', group: 'seoManagement' },
  { key: 'web-settings', label: 'Web Settings', group: 'seoManagement', page: true },
  { key: 'blogs', label: 'Website Blogs', group: 'seoManagement', page: true },
  { key: 'company-policies', label: 'Company Policies', group: 'internalPolicies' },
  { key: 'company-handbook', label: 'Company Handbook', group: 'internalPolicies' },
  {
    key: 'manage-integrations',
    label: 'Manage Integrations',
    group: 'settingsConfiguration',
    page: true,
  },
  { key: 'users-roles', label: 'Users & Roles', group: 'settingsConfiguration', page: true },
  { key: 'credentials', label: 'Credentials', group: 'settingsConfiguration', page: true },
  { key: 'workspace-settings', label: 'Workspace Settings', group: 'workspace', page: true },
  { key: 'botgit-data', label: 'Scraped Data', group: 'botgit', page: true },
  { key: 'botgit-settings', label: 'Botgit Settings', group: 'botgit', page: true },
  { key: 'profile-settings', label: 'Profile Settings', group: 'profile', page: true },
];

export const DEFAULT_SECTION = 'overview';

export function findSection(key: string): SectionInfo | undefined {
  return SECTIONS.find((section) => section.key === key);
}
