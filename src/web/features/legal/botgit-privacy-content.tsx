import { Link } from 'react-router';
import { SITE_CONTACT } from '../../../shared/site';
import { POLICY_DATE, type LegalDoc } from './legal-types';

const support = SITE_CONTACT.supportEmail;

export function botgitPrivacyDoc(site: string): LegalDoc {
  return {
    title: 'Botgit Extension Privacy Policy',
    description: `What the Botgit browser extension collects (only profiles you choose to save), where it sends them (only your own ${site} workspace) and how to delete them.`,
    dates: [
      { label: 'Effective date', value: POLICY_DATE },
      { label: 'Last updated', value: POLICY_DATE },
    ],
    intro: (
      <p>
        Botgit is {site}&apos;s browser extension for Chromium-based browsers. It saves public professional
        profiles that you choose into your own {site} workspace, where they appear in the dashboard under
        Botgit &rarr; Scraped Data. This Botgit Privacy Policy covers the extension only; the website and
        dashboard are covered by our <Link to="/privacy">Privacy Policy</Link>.
      </p>
    ),
    glance: [
      <>
        Botgit collects only the public profiles <strong>you choose</strong> to save.
      </>,
      <>
        It sends them <strong>only to your own workspace</strong>, over HTTPS. No third parties, no selling,
        no ads.
      </>,
      <>Delete saved profiles in the dashboard at any time; uninstalling stops all collection.</>,
    ],
    sections: [
      {
        id: 'what-it-collects',
        title: 'What the extension collects',
        body: (
          <>
            <p>
              Only when you ask it to save a profile, Botgit reads these fields from that public professional
              profile:
            </p>
            <ul>
              <li>the profile URL;</li>
              <li>name;</li>
              <li>e-mail address and phone number, if the profile shows them publicly;</li>
              <li>role (job title) and location;</li>
              <li>a timestamp of when you saved it.</li>
            </ul>
            <p>
              You can switch off saving e-mails or phone numbers in Botgit Settings. Botgit does not read your
              browsing history, other tabs, form entries, passwords or the cookies of the sites you visit, and
              it does not run on pages you have not asked it to save.
            </p>
          </>
        ),
      },
      {
        id: 'where-it-sends-data',
        title: 'Where the data goes',
        body: (
          <>
            <p>
              Saved profiles are sent <strong>only to your own {site} workspace</strong>, to{' '}
              <code>/api/scraped-data</code> over HTTPS, with your sign-in token, so that only you and the
              members of your workspace can see them.
            </p>
            <p>
              The extension sends nothing to any third party. We do not sell the data, use it for advertising,
              or use it to build profiles of our own; the extension contains no analytics or ad code.
            </p>
          </>
        ),
      },
      {
        id: 'permissions',
        title: 'Permissions it asks for, and why',
        body: (
          <ul>
            <li>
              <strong>Active tab and scripting</strong>: to read the profile on the page you are viewing, at
              the moment you click save.
            </li>
            <li>
              <strong>Storage</strong>: to remember your workspace address, your sign-in token and your Botgit
              settings on this browser.
            </li>
            <li>
              <strong>Access to your {site} address</strong>: to send saved profiles to your workspace.
            </li>
            <li>
              <strong>Notifications</strong>: to tell you when a save has finished, only if you turn on
              &apos;notify on completion&apos;.
            </li>
          </ul>
        ),
      },
      {
        id: 'delete',
        title: 'How to delete the data',
        body: (
          <ul>
            <li>In the dashboard, open Botgit &rarr; Scraped Data, select the profiles and delete them.</li>
            <li>
              Or write to <a href={`mailto:${support}`}>{support}</a> from your account&apos;s e-mail address
              and we will delete them for you.
            </li>
            <li>
              Uninstalling the extension stops all collection straight away and removes its settings from your
              browser. Profiles already saved stay in your workspace until you delete them.
            </li>
          </ul>
        ),
      },
      {
        id: 'retention',
        title: 'How long it is kept',
        body: (
          <p>
            Saved profiles stay in your workspace until you delete them or delete the workspace. A deleted
            workspace is recoverable for 30 days and then erased permanently, with all its saved profiles.
          </p>
        ),
      },
      {
        id: 'security',
        title: 'Security',
        body: (
          <p>
            Data travels only over HTTPS. The server accepts saved profiles only with a valid sign-in token
            and shows them only to signed-in members of the same workspace. Signing out of the extension
            removes the token from your browser.
          </p>
        ),
      },
      {
        id: 'your-responsibility',
        title: 'Using Botgit responsibly',
        body: (
          <p>
            Save only profiles you have a lawful reason to keep, respect the terms of the sites you visit, and
            delete a person&apos;s details when they ask you to. The people whose profiles you save can also
            write to us, and we will pass the request to you or act on it.
          </p>
        ),
      },
      {
        id: 'contact',
        title: 'Changes and contact',
        body: (
          <p>
            If we change what Botgit collects we will update this page and its date first, and ask for any new
            browser permission through your browser. Questions: <a href={`mailto:${support}`}>{support}</a>.
          </p>
        ),
      },
    ],
  };
}
