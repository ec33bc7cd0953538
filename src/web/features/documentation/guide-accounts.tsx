import { Link } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import type { GuideSection } from './guide-types';
import { RoleAccessTable } from './role-access-table';

/** Guide: signing up, and which dashboard sections each role sees. */
export const ACCOUNT_SECTIONS: readonly GuideSection[] = [
  {
    id: 'sign-up',
    title: 'Signing up',
    body: (
      <>
        <p>
          On the <Link to="/signup">sign-up page</Link>, first pick the choice that describes you. Each gets
          something different:
        </p>
        <ul>
          <li>
            <strong>Business Owner</strong>: enter the business name, your e-mail and a password. You get a
            new workspace for the business and the <strong>Business Admin</strong> role. Colleagues who sign
            up later with an e-mail address on your company domain (not a public one such as gmail.com) join
            this workspace.
          </li>
          <li>
            <strong>Freelancer</strong>: enter your name or business name, e-mail and password. You get a
            personal workspace and the <strong>Freelancer</strong> role.
          </li>
          <li>
            <strong>Team Member</strong>: enter a username and your business e-mail. The part after the @ must
            match a business already on the platform; otherwise the form answers &apos;Business domain not
            found. Please contact your administrator.&apos;
          </li>
        </ul>
        <p>
          Passwords need at least {PASSWORD_MIN_LENGTH} characters. Business Owners and Freelancers then see
          the <Link to="/pricing">pricing page</Link>: the Solo HQ plan is free, the dashboard plan is paid
          monthly or annually (20% off), and Enterprise is arranged with our sales team. On the sign-in page,
          tick &apos;Remember me&apos; to stay signed in after the browser tab closes.
        </p>
      </>
    ),
  },
  {
    id: 'roles',
    title: 'Roles and dashboard sections',
    body: (
      <>
        <p>
          The dashboard&apos;s sidebar shows only the sections your role may use, and the server applies the
          same rule to every request. An <strong>Admin</strong> sees everything and manages people in Settings
          &amp; Configuration &rarr; Users &amp; Roles: changing a user&apos;s role and status and switching
          each of the 11 modules on or off for that user. A change reaches the user&apos;s open dashboard
          within 30 seconds, with a notification.
        </p>
        <p>
          Job roles (Project Manager, Data Analyst, Data Miner, Social Media Manager, Human Resource, Graphic
          Designer, Web Developer, SEO Manager) start with the modules their work needs, listed below; an
          Admin can add or remove modules for any individual. Every role that reaches the dashboard also has
          Profile.
        </p>
        <RoleAccessTable />
      </>
    ),
  },
];
