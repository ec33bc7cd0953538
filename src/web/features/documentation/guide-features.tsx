import { Link } from 'react-router';
import { LEAD_PRIORITIES, LEAD_SOURCES, LEAD_STATUSES } from '../../../shared/leads';
import type { GuideSection } from './guide-types';

/** docs/product/leads.md#export: the export's columns, in order; the import reads the same header names. */
const CSV_COLUMNS = ['Name', 'Email', 'Phone', 'Company', 'Status', 'Source', 'Date', 'Priority', 'Notes'];
const CSV_EXAMPLE = `${CSV_COLUMNS.join(',')}
"Asha Rao","asha@example.in","+91 98450 12345","Rao Textiles","New","Referral","2025-09-01","High","Wants a new website"`;

/** Guide: the working areas of the dashboard. */
export const FEATURE_SECTIONS: readonly GuideSection[] = [
  {
    id: 'leads',
    title: 'Client leads',
    body: (
      <>
        <p>
          Data Center &rarr; Client Leads holds your workspace&apos;s leads, stored on the server. The cards
          at the top count Total, New, In Progress and Converted. Search matches name, e-mail, company and
          phone; filter by status ({LEAD_STATUSES.join(', ')}), priority ({LEAD_PRIORITIES.join(', ')}),
          source ({LEAD_SOURCES.join(', ')}) and date. Switch between the table and a board by status; click a
          lead to open its side panel, edit it, mark it Converted or delete it.
        </p>
        <h3>Import and export (CSV)</h3>
        <p>
          <strong>Export</strong> downloads <code>leads_export_&#123;date&#125;.csv</code> with the leads that
          match your filters, in exactly these columns, every value in quotes:
        </p>
        <p>
          <code>{CSV_COLUMNS.join(', ')}</code>
        </p>
        <p>
          <strong>Import</strong> reads a <code>.csv</code> file whose first row names the columns (any order,
          any letter case). Name and Email are required on each row; the other columns are optional and
          default to status New, source Import, today&apos;s date, priority Medium and empty text. Quoted
          values may contain commas. Rows with errors are listed by row number and skipped; the rest are
          added.
        </p>
        <pre tabIndex={0} role="region" aria-label="Example CSV file">
          <code>{CSV_EXAMPLE}</code>
        </pre>
      </>
    ),
  },
  {
    id: 'blog',
    title: 'Publishing on the blog',
    body: (
      <>
        <p>
          Open SEO Management &rarr; Website Blogs (Admins, Business Admins, Freelancers, and roles granted
          the SEO module). Start with <strong>Manage Categories</strong> to create at least one category, then
          create a post:
        </p>
        <ul>
          <li>SEO Title: at most 60 characters; it also makes the address /blog/&#123;slug&#125;.</li>
          <li>Meta Description: at most 160 characters, shown by search engines.</li>
          <li>Category (required) and up to 5 comma-separated keywords.</li>
          <li>Featured image (image files only) with its alt text, and the content as HTML.</li>
          <li>Status: draft, published or archived.</li>
        </ul>
        <p>
          Published posts appear on the public <Link to="/blog">blog</Link>, the newest three on the home
          page, and in the sitemap and RSS feed. Use Publish, Archive and Republish on a post&apos;s card to
          change its status; drafts and archived posts are never public.
        </p>
      </>
    ),
  },
  {
    id: 'profile-workspace',
    title: 'Profile and workspace',
    body: (
      <>
        <p>
          <strong>Profile Settings</strong> shows your details; choose Edit Profile to change your username,
          name, e-mail, phone, location or picture, then Save Changes. Logout is under Account Actions.
        </p>
        <p>
          <strong>Workspace Settings</strong> has tabs General (name, description, type, plan, storage use,
          member count), Members, Profile, Security and Integrations, plus a Danger Zone where Leave Workspace
          signs you out. On Members, a Business Admin (or the Admin) chooses <strong>Invite Members</strong>,
          enters an e-mail address and sends a single-use link, valid for 7 days, that signs the person up as
          a Team Member of the workspace, whatever their e-mail domain. Pending invitations can be revoked.
        </p>
      </>
    ),
  },
  {
    id: 'email',
    title: 'Business e-mail',
    body: (
      <>
        <p>
          <strong>Marketing &rarr; Email Setup</strong> connects your workspace&apos;s mail server: SMTP host,
          port, secure connection (on for port 465, off for 587 and 25), user, password and sender name, all
          required. The password is stored encrypted and never shown again; leave the field empty to keep it.
          <strong> Send test e-mail</strong> checks the settings with a real message and says what went wrong
          if it fails (wrong password, refused connection, TLS mismatch or time-out).
        </p>
        <p>
          From then on your workspace&apos;s invitations go out from your address, and the agency&apos;s
          set-up also delivers contact-form messages (with the visitor as Reply-To) and password resets.
          Messages that cannot go out yet wait and are retried; the delivery log lists the last 50 with their
          status. Forgot your password? Choose <strong>Forgot password?</strong> on the sign-in page: the link
          we e-mail works once, for one hour, and signs out your other sessions.
        </p>
      </>
    ),
  },
  {
    id: 'botgit',
    title: 'Botgit, the profile saver',
    body: (
      <>
        <p>
          Botgit is our extension for Chromium-based browsers. In its options, enter your server&apos;s
          address and press <strong>Connect Botgit</strong>, then approve it on the page that opens, signed in
          to your dashboard as usual: it gets a key that can only save profiles, never your password. Open a
          public professional profile and choose to save it: the name, e-mail, phone, role, location and
          profile URL go to your workspace.
        </p>
        <p>
          In the dashboard, <strong>Botgit &rarr; Scraped Data</strong> lists saved profiles with the columns
          Name, E-mail, Phone, Role, Location and Date. Search them, narrow them to a date range, and select
          rows to export, delete or add to Client Leads (LinkedIn profiles get the source LinkedIn, others
          Other; e-mails that are already leads are skipped). <strong>Botgit Settings</strong> sets automatic
          saving, the interval (1 to 168 hours), the maximum number of profiles (1 to 1000) and whether
          e-mails and phones are saved. What the extension collects, and how to delete it, is in the{' '}
          <Link to="/botgit-privacy">Botgit Extension Privacy Policy</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'api-keys',
    title: 'API keys',
    body: (
      <>
        <p>
          A workspace&apos;s Admin or Business Admin makes API keys in{' '}
          <strong>Settings &amp; Configuration &rarr; Credentials</strong>: a name and the scopes the key
          needs (saving Botgit profiles, reading or writing leads, reading or writing the blog). The key
          starts with <code>ahq_</code> and is shown once; send it as <code>Authorization: Bearer ahq_…</code>
          .
        </p>
        <p>
          A key acts as the person who made it, in their workspace, on the routes its scopes name and nowhere
          else: users, the workspace, API keys, sessions and the profile always answer it 403. Revoking it in
          Credentials stops it at once, and so does its maker leaving or being deactivated. Each operation of
          the API reference below names the scope it needs.
        </p>
      </>
    ),
  },
];
