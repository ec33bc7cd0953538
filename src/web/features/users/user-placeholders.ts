import type { PublicUser } from '../../../shared/schemas/public-user';

/**
 * docs/product/users.md#side-panel: project counts, employee ID, response time, languages and marital status are invented
 * placeholders (no such data exists). Derived from the id so they stay put between renders.
 */
export function placeholderDetails(user: PublicUser) {
  const seed = [...user._id].reduce((sum, char) => sum + char.charCodeAt(0), 0);
  return {
    activeProjects: seed % 5,
    totalProjects: (seed % 5) + (seed % 9) + 2,
    employeeId: `EMP-${user._id.replace(/-/g, '').slice(0, 6).toUpperCase()}`,
    responseTime: `Within ${(seed % 4) + 1} h`,
    languages: 'English, Hindi',
    maritalStatus: 'Not specified',
    phone: user.phone || '+91 98765 43210',
    location: user.location || 'N/A',
  };
}
