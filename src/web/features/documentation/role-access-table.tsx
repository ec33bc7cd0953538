import { isGroupVisible } from '../../../shared/access';
import { ROLES, type Role } from '../../../shared/roles';
import { SECTION_GROUPS } from '../../../shared/sections';

/** Roles whose access is explained in words rather than as a list of sections. */
const NOTES: Partial<Record<Role, string>> = {
  'Team Member':
    "Joins the business's workspace but sees the access-restricted page ('You are not part of our Internal Team.') until an Admin gives the account a role with dashboard access.",
  User: "Kept out of the dashboard: the status reads 'In Review' and sign-in leads to the access-restricted page. The account can take the free Solo HQ plan from the pricing page.",
};

const EXTRA: Partial<Record<Role, string>> = {
  SOLOHQ:
    ' (Team Communication: E-mail only; Finance Management: Billing & Payments and Invoice Generation only)',
};

/** Sidebar groups each role sees by default, computed from the same rule the dashboard and server use. */
function visibleGroups(role: Role): string {
  const labels = SECTION_GROUPS.filter((group) => isGroupVisible({ role }, group.key)).map((g) => g.label);
  return labels.join(', ') + (EXTRA[role] ?? '');
}

export function RoleAccessTable() {
  return (
    <div className="mt-6 overflow-x-auto rounded-2xl border border-line bg-white">
      <table className="w-full min-w-[20rem] text-left text-sm">
        <caption className="sr-only">Dashboard sections each role sees by default</caption>
        <thead className="bg-slate-50 text-ink">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Role
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Sections shown by default
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line text-slate-700">
          {ROLES.map((role) => (
            <tr key={role} className="align-top">
              <th scope="row" className="w-1/3 px-4 py-3 font-medium text-ink">
                {role}
              </th>
              <td className="px-4 py-3 leading-6">{NOTES[role] ?? visibleGroups(role)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
