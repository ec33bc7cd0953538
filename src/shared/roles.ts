/** Roles, modules and the permission rules of docs/product/roles-and-access.md. Pure: used by server guards and the web UI. */

export const ROLES = [
  'Admin',
  'Business Admin',
  'Freelancer',
  'Team Member',
  'User',
  'SOLOHQ',
  'Project Manager',
  'Data Analyst',
  'Data Miner',
  'Social Media Manager',
  'Human Resource',
  'Graphic Designer',
  'Web Developer',
  'SEO Manager',
] as const;
export type Role = (typeof ROLES)[number];

export const MODULE_KEYS = [
  'dashboard',
  'dataCenter',
  'projects',
  'teamCommunication',
  'digitalMediaManagement',
  'marketing',
  'hrManagement',
  'financeManagement',
  'seoManagement',
  'internalPolicies',
  'settingsConfiguration',
] as const;
export type ModuleKey = (typeof MODULE_KEYS)[number];
export type PermissionMap = Partial<Record<ModuleKey, boolean>>;

export const USER_STATUSES = ['Active', 'In Review', 'Inactive', 'Terminated'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const DEFAULT_USER_STATUS: UserStatus = 'Active';
/** Accounts in these states are refused by the server (401) and cannot sign in. */
export const BLOCKED_STATUSES: readonly UserStatus[] = ['Inactive', 'Terminated'];

/** The three sign-up choices and the role each becomes (docs/product/auth.md#sign-up). */
export const USER_TYPES = ['freelancer', 'business-owner', 'team-member'] as const;
export type UserType = (typeof USER_TYPES)[number];
export const ROLE_FOR_USER_TYPE: Record<UserType, Role> = {
  freelancer: 'Freelancer',
  'business-owner': 'Business Admin',
  'team-member': 'Team Member',
};

const ALL_MODULES: PermissionMap = Object.fromEntries(MODULE_KEYS.map((key) => [key, true]));
const only = (...keys: ModuleKey[]): PermissionMap => Object.fromEntries(keys.map((key) => [key, true]));

/**
 * Role-level defaults, used when a user has no own entry for a module (docs/product/roles-and-access.md#permission-check step 4).
 * Job roles get the modules their work needs; Team Member gets nothing until an Admin grants it.
 */
export const ROLE_DEFAULT_PERMISSIONS: Record<Role, PermissionMap> = {
  Admin: ALL_MODULES,
  'Business Admin': { ...ALL_MODULES, settingsConfiguration: false },
  Freelancer: {
    ...ALL_MODULES,
    hrManagement: false,
    internalPolicies: false,
    settingsConfiguration: false,
  },
  'Team Member': {},
  User: {},
  SOLOHQ: only('projects', 'teamCommunication', 'financeManagement'),
  'Project Manager': only('dashboard', 'dataCenter', 'projects', 'teamCommunication', 'internalPolicies'),
  'Data Analyst': only('dashboard', 'dataCenter', 'marketing', 'seoManagement'),
  'Data Miner': only('dashboard', 'dataCenter', 'projects'),
  'Social Media Manager': only('dashboard', 'digitalMediaManagement', 'marketing', 'teamCommunication'),
  'Human Resource': only('dashboard', 'hrManagement', 'internalPolicies', 'teamCommunication'),
  'Graphic Designer': only('dashboard', 'digitalMediaManagement', 'projects'),
  'Web Developer': only('dashboard', 'projects', 'seoManagement', 'teamCommunication'),
  'SEO Manager': only('dashboard', 'seoManagement', 'marketing'),
};

export interface PermissionSubject {
  role?: string | null;
  permissions?: PermissionMap | null;
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** docs/product/roles-and-access.md#permission-check "Permission check for a user", in its order. */
export function hasPermission(user: PermissionSubject | null | undefined, module: ModuleKey): boolean {
  if (!user || !user.role) return false;
  if (user.role === 'Admin') return true;
  if (user.role === 'User') return false;
  const own = user.permissions?.[module];
  if (typeof own === 'boolean') return own;
  const roleDefault = isRole(user.role) ? ROLE_DEFAULT_PERMISSIONS[user.role][module] : undefined;
  return roleDefault ?? false;
}

/** docs/product/roles-and-access.md#dashboard-access: Team Member, or a missing user/role, sees the access-restricted page instead of the dashboard. */
export function isDashboardRestricted(user: PermissionSubject | null | undefined): boolean {
  return !user || !user.role || user.role === 'Team Member';
}

/** docs/product/roles-and-access.md#dashboard-access: after sign-in a User-role account goes to /access-restricted, anyone else to /dashboard. */
export function pathAfterLogin(role: string | null | undefined): string {
  return role === 'User' ? '/access-restricted' : '/dashboard';
}

/** docs/product/roles-and-access.md#dashboard-access: after sign-up Business Owner and Freelancer go to /pricing, Team Member to /access-restricted. */
export function pathAfterSignup(userType: UserType): string {
  return userType === 'team-member' ? '/access-restricted' : '/pricing';
}

/** docs/product/roles-and-access.md#roles: the admin role list offers 10 roles (the job roles plus Admin and User). */
export const ADMIN_ROLE_OPTIONS: readonly Role[] = [
  'Admin',
  'User',
  'Project Manager',
  'Data Analyst',
  'Data Miner',
  'Social Media Manager',
  'Human Resource',
  'Graphic Designer',
  'Web Developer',
  'SEO Manager',
];

/** docs/product/roles-and-access.md#roles: role options in the profile editor. */
export const PROFILE_ROLE_OPTIONS: readonly Role[] = ['User', 'Admin', 'Web Developer', 'Project Manager'];

/** Status values an editor may choose (docs/product/roles-and-access.md#statuses: profile editors also offer Pending). */
export const EDITABLE_STATUSES = ['Active', 'In Review', 'Inactive', 'Terminated', 'Pending'] as const;

/** Human labels for the 11 modules, in the Module Permissions checklist and access tags. */
export const MODULE_LABELS: Record<ModuleKey, string> = {
  dashboard: 'Dashboard',
  dataCenter: 'Data Center',
  projects: 'Projects',
  teamCommunication: 'Team Communication',
  digitalMediaManagement: 'Digital Media',
  marketing: 'Marketing',
  hrManagement: 'HR Management',
  financeManagement: 'Finance',
  seoManagement: 'SEO',
  internalPolicies: 'Internal Policies',
  settingsConfiguration: 'Settings',
};
