/** How roles, statuses and sign-up types read on screen (spec §2, §4, §6): labels and badge colours only. */
import { DEFAULT_USER_STATUS, type UserType } from '../../shared/roles';
import type { BadgeColor } from './badge-color';

/** The sign-up choices as the chooser names them (spec §4). */
export const USER_TYPE_LABELS: Record<UserType, string> = {
  freelancer: 'Freelancer',
  'business-owner': 'Business Owner',
  'team-member': 'Team Member',
};

/** Spec §2: the status shown reads 'In Review' for role User, otherwise the stored status. */
export function displayStatus(user: { role?: string | null; status?: string | null }): string {
  if (user.role === 'User') return 'In Review';
  return user.status || DEFAULT_USER_STATUS;
}

/** Spec §6: department shown per role. */
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

/** Spec §6: Reports To is 'CEO' for admins, 'Admin' for everyone else. */
export function reportsTo(role: string | null | undefined): string {
  return role === 'Admin' ? 'CEO' : 'Admin';
}

/** Spec §6 role badge colours. */
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

/** Spec §4 status colours: Active green, Terminated red, In Review amber, others grey. */
export function statusBadgeColor(status: string | null | undefined): BadgeColor {
  if (status === 'Active') return 'green';
  if (status === 'Terminated') return 'red';
  if (status === 'In Review') return 'amber';
  return 'grey';
}
