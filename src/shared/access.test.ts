import { describe, expect, it } from 'vitest';
import { canUseModule, defaultSectionFor, grantedModules, isGroupVisible, isSectionVisible } from './access';
import { MODULE_KEYS, ROLES, type PermissionMap, type Role } from './roles';
import { SECTIONS, SECTION_GROUPS, type SectionGroupKey } from './sections';

const ALL_GROUPS = SECTION_GROUPS.map((g) => g.key);
const except = (...hidden: SectionGroupKey[]) => ALL_GROUPS.filter((g) => !hidden.includes(g));

/** docs/product/roles-and-access.md, written out per role for a user with no own permission entries. */
const EXPECTED_GROUPS: Record<Role, readonly SectionGroupKey[]> = {
  Admin: ALL_GROUPS,
  'Business Admin': ALL_GROUPS,
  Freelancer: except('hrManagement', 'internalPolicies', 'settingsConfiguration'),
  SOLOHQ: ['projects', 'teamCommunication', 'financeManagement', 'botgit', 'profile'],
  'Team Member': ['profile'],
  User: ['workspace', 'botgit', 'profile'],
  'Project Manager': [
    'dashboard',
    'dataCenter',
    'projects',
    'teamCommunication',
    'internalPolicies',
    'workspace',
    'botgit',
    'profile',
  ],
  'Data Analyst': ['dashboard', 'dataCenter', 'marketing', 'seoManagement', 'workspace', 'botgit', 'profile'],
  'Data Miner': ['dashboard', 'dataCenter', 'projects', 'workspace', 'botgit', 'profile'],
  'Social Media Manager': [
    'dashboard',
    'teamCommunication',
    'digitalMediaManagement',
    'marketing',
    'workspace',
    'botgit',
    'profile',
  ],
  'Human Resource': [
    'dashboard',
    'teamCommunication',
    'hrManagement',
    'internalPolicies',
    'workspace',
    'botgit',
    'profile',
  ],
  'Graphic Designer': ['dashboard', 'projects', 'digitalMediaManagement', 'workspace', 'botgit', 'profile'],
  'Web Developer': [
    'dashboard',
    'projects',
    'teamCommunication',
    'seoManagement',
    'workspace',
    'botgit',
    'profile',
  ],
  'SEO Manager': ['dashboard', 'marketing', 'seoManagement', 'workspace', 'botgit', 'profile'],
};

/** SOLOHQ: within Team Communication only E-mail; within Finance only Billing & Payments and Invoice Generation. */
/** Business Admin: within Settings & Configuration only Manage Integrations and Credentials (docs/product/integrations.md#who-manages-them). */
const BUSINESS_ADMIN_HIDDEN_INSIDE_VISIBLE_GROUPS = ['users-roles'];

const SOLOHQ_HIDDEN_INSIDE_VISIBLE_GROUPS = [
  'message',
  'meeting',
  'services',
  'payment-records',
  'expense-management',
];

describe('sidebar visibility: every role × every section (docs/product/roles-and-access.md#sidebar-visibility)', () => {
  it('covers all 14 roles', () => expect(Object.keys(EXPECTED_GROUPS).sort()).toEqual([...ROLES].sort()));

  for (const role of ROLES) {
    it(`${role}`, () => {
      const user = { role, permissions: {} };
      for (const group of ALL_GROUPS) {
        expect(isGroupVisible(user, group), `${role} / group ${group}`).toBe(
          EXPECTED_GROUPS[role].includes(group),
        );
      }
      for (const section of SECTIONS) {
        const expected =
          EXPECTED_GROUPS[role].includes(section.group) &&
          !(role === 'SOLOHQ' && SOLOHQ_HIDDEN_INSIDE_VISIBLE_GROUPS.includes(section.key)) &&
          !(role === 'Business Admin' && BUSINESS_ADMIN_HIDDEN_INSIDE_VISIBLE_GROUPS.includes(section.key));
        expect(isSectionVisible(user, section.key), `${role} / ${section.key}`).toBe(expected);
      }
    });
  }

  it('shows nothing without a user or role, and no unknown section', () => {
    expect(SECTIONS.some((s) => isSectionVisible(null, s.key))).toBe(false);
    expect(SECTIONS.some((s) => isSectionVisible({ role: '' }, s.key))).toBe(false);
    expect(isSectionVisible({ role: 'Admin' }, 'no-such-section')).toBe(false);
  });
});

describe('Team Member follows per-module permissions', () => {
  const member = (permissions: PermissionMap) => ({ role: 'Team Member', permissions });

  it('shows granted module groups, Botgit only with projects, never Workspace Settings', () => {
    const user = member({ dataCenter: true, marketing: true });
    expect(isGroupVisible(user, 'dataCenter')).toBe(true);
    expect(isGroupVisible(user, 'marketing')).toBe(true);
    expect(isGroupVisible(user, 'projects')).toBe(false);
    expect(isGroupVisible(user, 'botgit')).toBe(false);
    expect(isGroupVisible(user, 'workspace')).toBe(false);
    expect(isGroupVisible(user, 'profile')).toBe(true);
    expect(isGroupVisible(member({ projects: true }), 'botgit')).toBe(true);
  });
});

describe('canUseModule', () => {
  it('lets an Admin toggle restrict a fixed-list role, but never widen it', () => {
    expect(canUseModule({ role: 'Business Admin', permissions: { dataCenter: false } }, 'dataCenter')).toBe(
      false,
    );
    expect(
      canUseModule(
        { role: 'Business Admin', permissions: { settingsConfiguration: true } },
        'settingsConfiguration',
      ),
    ).toBe(false);
    expect(canUseModule({ role: 'Freelancer', permissions: { hrManagement: true } }, 'hrManagement')).toBe(
      false,
    );
  });
  it('lets an Admin toggle widen or narrow a job role', () => {
    expect(canUseModule({ role: 'SEO Manager', permissions: { hrManagement: true } }, 'hrManagement')).toBe(
      true,
    );
    expect(
      canUseModule({ role: 'SEO Manager', permissions: { seoManagement: false } }, 'seoManagement'),
    ).toBe(false);
  });
  it("caps Business Admin, Freelancer and SOLOHQ at their role defaults' modules, whatever is granted", () => {
    const everything = Object.fromEntries(MODULE_KEYS.map((key) => [key, true]));
    const granted = (role: Role) => grantedModules({ role, permissions: everything });
    expect(granted('Business Admin')).toEqual(MODULE_KEYS.filter((key) => key !== 'settingsConfiguration'));
    expect(granted('Freelancer')).toEqual([
      'dashboard',
      'dataCenter',
      'projects',
      'teamCommunication',
      'digitalMediaManagement',
      'marketing',
      'financeManagement',
      'seoManagement',
    ]);
    expect(granted('SOLOHQ')).toEqual(['projects', 'teamCommunication', 'financeManagement']);
    expect(granted('SEO Manager')).toEqual([...MODULE_KEYS]);
  });
  it('counts granted modules for the access tags', () => {
    expect(grantedModules({ role: 'Admin' })).toHaveLength(11);
    expect(grantedModules({ role: 'SEO Manager' })).toEqual(['dashboard', 'marketing', 'seoManagement']);
  });
});

describe('defaultSectionFor', () => {
  it('opens the overview when visible, else the first visible section', () => {
    expect(defaultSectionFor({ role: 'Admin' })).toBe('overview');
    expect(defaultSectionFor({ role: 'SOLOHQ' })).toBe('our-projects');
    expect(defaultSectionFor({ role: 'User' })).toBe('workspace-settings');
  });
});
