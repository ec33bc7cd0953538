import {
  hasPermission,
  isDashboardRestricted,
  MODULE_KEYS,
  ROLE_DEFAULT_PERMISSIONS,
  type ModuleKey,
  type PermissionSubject,
  type Role,
} from './roles';
import { DEFAULT_SECTION, SECTIONS, SECTION_GROUPS, findSection, type SectionGroupKey } from './sections';

/**
 * Sidebar visibility (docs/product/roles-and-access.md#sidebar-visibility), as one rule for the UI and the server. Roles with a fixed list (Business
 * Admin, Freelancer, SOLOHQ) never see beyond it; inside it, and for every other role, the docs/product/roles-and-access.md#permission-check
 * permission check decides, so an Admin's per-module toggles take effect everywhere. A fixed list is the
 * modules the role's defaults grant (ROLE_DEFAULT_PERMISSIONS): the two are one table.
 */
const FIXED_MODULE_ROLES: readonly Role[] = ['Business Admin', 'Freelancer', 'SOLOHQ'];
const FIXED_MODULES: Partial<Record<Role, readonly ModuleKey[]>> = Object.fromEntries(
  FIXED_MODULE_ROLES.map((role) => [
    role,
    MODULE_KEYS.filter((key) => ROLE_DEFAULT_PERMISSIONS[role][key] === true),
  ]),
);

/** SOLOHQ sees only these sections inside its groups (docs/product/roles-and-access.md#sidebar-visibility). */
const SOLOHQ_SECTION_LIMITS: Partial<Record<SectionGroupKey, readonly string[]>> = {
  teamCommunication: ['team-email'],
  financeManagement: ['billing-payments', 'invoice-generation'],
};

/**
 * docs/product/roles-and-access.md#dashboard-access, both readings applied: Team Member (and an account without a role) is restricted at the dashboard
 * route, a 'User' ('In Review') is sent to /access-restricted at sign-in. Such accounts reach only their own
 * account outside the dashboard (profile, sign-out, the Solo HQ upgrade): the web's dashboard route and the
 * server's guards both ask this one rule (docs/product/roles-and-access.md#dashboard-access).
 */
export function isKeptOutOfDashboard(user: PermissionSubject | null | undefined): boolean {
  return isDashboardRestricted(user) || user?.role === 'User';
}

/** May this user use a module's screens and API? Server guards and the sidebar both ask this. */
export function canUseModule(user: PermissionSubject | null | undefined, module: ModuleKey): boolean {
  if (!user?.role) return false;
  if (user.role === 'Admin') return true;
  const fixed = FIXED_MODULES[user.role as Role];
  if (fixed && !fixed.includes(module)) return false;
  return hasPermission(user, module);
}

/**
 * Who manages a workspace's integrations, its webhooks and API keys
 * (docs/product/integrations.md#who-manages-them): its Admin or Business Admin. The server's webhooks,
 * integrations and API keys services refuse anyone else (403); the sidebar shows them the two sections
 * where it is done.
 */
const INTEGRATION_MANAGER_ROLES: readonly Role[] = ['Admin', 'Business Admin'];

export function canManageIntegrations(role: string | null | undefined): boolean {
  return typeof role === 'string' && (INTEGRATION_MANAGER_ROLES as readonly string[]).includes(role);
}

/**
 * The sections of Settings & Configuration where integrations are managed: Manage Integrations (webhooks)
 * and Credentials (API keys). A manager sees them even where a fixed list leaves out the group's module (a
 * Business Admin: docs/product/roles-and-access.md#sidebar-visibility); the rest of the group stays hidden.
 */
const INTEGRATION_SECTIONS: readonly string[] = ['manage-integrations', 'credentials'];

/** The sections of `group` the user sees beyond the group's module. */
function beyondFixedList(user: PermissionSubject, group: SectionGroupKey): readonly string[] {
  if (!canManageIntegrations(user.role)) return [];
  return INTEGRATION_SECTIONS.filter((key) => findSection(key)?.group === group);
}

export function isGroupVisible(user: PermissionSubject | null | undefined, group: SectionGroupKey): boolean {
  if (!user?.role) return false;
  const info = SECTION_GROUPS.find((g) => g.key === group);
  if (info && 'module' in info)
    return canUseModule(user, info.module) || beyondFixedList(user, group).length > 0;
  if (group === 'profile') return true;
  switch (user.role) {
    case 'Admin':
    case 'Business Admin':
    case 'Freelancer':
      return true;
    case 'SOLOHQ':
      return group === 'botgit';
    case 'Team Member':
      // Workspace Settings hidden; Botgit follows the projects permission.
      return group === 'botgit' && hasPermission(user, 'projects');
    default:
      return true;
  }
}

export function isSectionVisible(user: PermissionSubject | null | undefined, sectionKey: string): boolean {
  const section = findSection(sectionKey);
  if (!section || !isGroupVisible(user, section.group)) return false;
  const info = SECTION_GROUPS.find((g) => g.key === section.group);
  if (info && 'module' in info && !canUseModule(user, info.module))
    return beyondFixedList(user!, section.group).includes(section.key);
  const limit = user?.role === 'SOLOHQ' ? SOLOHQ_SECTION_LIMITS[section.group] : undefined;
  return !limit || limit.includes(section.key);
}

/** The section /dashboard opens on: the overview when visible, else the first visible section. */
export function defaultSectionFor(user: PermissionSubject | null | undefined): string {
  if (isSectionVisible(user, DEFAULT_SECTION)) return DEFAULT_SECTION;
  return SECTIONS.find((section) => isSectionVisible(user, section.key))?.key ?? 'profile-settings';
}

/** The modules a user may use: the access tags and the x/11 count. */
export function grantedModules(user: PermissionSubject): ModuleKey[] {
  return MODULE_KEYS.filter((key) => canUseModule(user, key));
}
