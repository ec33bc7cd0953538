/** How roles, statuses and sign-up types read on screen (docs/product/roles-and-access.md#display): labels and badge colours only. */
import { DEFAULT_USER_STATUS, type UserType } from '../../shared/roles';
import type { BadgeColor } from './badge-color';

/** The sign-up choices as the chooser names them (docs/product/auth.md#sign-up). */
export const USER_TYPE_LABELS: Record<UserType, string> = {
  freelancer: 'Freelancer',
  'business-owner': 'Business Owner',
  'team-member': 'Team Member',
};

/** docs/product/roles-and-access.md#statuses: the status shown reads 'In Review' for role User, otherwise the stored status. */
export function displayStatus(user: { role?: string | null; status?: string | null }): string {
  if (user.role === 'User') return 'In Review';
  return user.status || DEFAULT_USER_STATUS;
}

/** docs/product/roles-and-access.md#display: department shown per role. */
export function departmentFor(role: string | null | undefined): string {
  const departments: Partial<Record<string, string>> = {
    Admin: 'Administration',
    'Project Manager': 'Project Management',
    'Data Analyst': 'Analytics',
    'Data Miner': 'Data Science',
    'Social Media Manager': 'Marketing',
    'Human Resource': 'Human Resources',
    'Graphic Designer': 'Design',
    'Web Developer': 'Engineering',
    'SEO Manager': 'Marketing',
  };
  return (role && departments[role]) || 'General';
}

/** docs/product/roles-and-access.md#display: Reports To is 'CEO' for admins, 'Admin' for everyone else. */
export function reportsTo(role: string | null | undefined): string {
  return role === 'Admin' ? 'CEO' : 'Admin';
}

/** Role badge colours (docs/product/roles-and-access.md#display). */
export function roleBadgeColor(role: string | null | undefined): BadgeColor {
  switch (role) {
    case 'Admin':
    case 'Data Miner':
      return 'purple';
    case 'Project Manager':
    case 'Web Developer':
      return 'green';
    case 'Data Analyst':
      return 'blue';
    case 'Social Media Manager':
      return 'amber';
    case 'Human Resource':
      return 'pink';
    case 'Graphic Designer':
    case 'SEO Manager':
      return 'cyan';
    default:
      return 'grey';
  }
}

/** Status colours (docs/product/roles-and-access.md#statuses): Active green, Terminated red, In Review amber, others grey. */
export function statusBadgeColor(status: string | null | undefined): BadgeColor {
  if (status === 'Active') return 'green';
  if (status === 'Terminated') return 'red';
  if (status === 'In Review') return 'amber';
  return 'grey';
}
