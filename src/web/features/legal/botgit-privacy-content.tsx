import { Link } from 'react-router';
import { POLICY_DATE, type LegalContact, type LegalDoc } from './legal-types';

export function botgitPrivacyDoc(site: string, contact: LegalContact): LegalDoc {
  const support = contact.supportEmail;
  return {
    title: 'Botgit Extension Privacy Policy',
    description: `What the Botgit browser extension reads (the profile pages you open), what it saves (profiles you choose, or every profile you open when automatic scraping is on), where it sends them (only your own ${site} workspace) and how to delete them.`,
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
        Botgit saves only the profiles <strong>you choose</strong>, or, if your workspace turns on automatic
        scraping, the profile pages <strong>you open</strong>. It never opens a page by itself.
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
              On each web page you open, Botgit looks, inside your browser, for a person&apos;s profile: the
              page&apos;s structured data first (schema.org <code>Person</code> in JSON-LD or microdata, Open
              Graph profile tags), otherwise the visible name heading, headline, location and e-mail or phone
              links of a page whose address looks like a profile. Pages that are not profiles are left alone.
              What it finds stays in your browser, for that tab only, until you close it.
            </p>
            <p>
              It sends a profile to your workspace only when you click Save to Botgit, or when automatic
              scraping is switched on in Botgit Settings (then each profile page you open is saved, at most
              the maximum number of profiles per interval set there). A saved profile consists of:
            </p>
            <ul>
              <li>the profile URL (without its query or fragment);</li>
              <li>name;</li>
              <li>e-mail address and phone number, if the profile shows them publicly;</li>
              <li>role (job title) and location;</li>
              <li>a timestamp of when you saved it, added by the server.</li>
            </ul>
            <p>
              Your workspace can switch off saving e-mails or phone numbers in Botgit Settings; the server
              then does not store them. Botgit does not read your browsing history, form entries, passwords or
              the cookies of the sites you visit, and it never navigates, clicks or scrolls on its own.
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
              Saved profiles are sent <strong>only to your own {site} workspace</strong>, at the server
              address you entered in the extension&apos;s options, to <code>/api/scraped-data</code> over
              HTTPS (or plain HTTP for a server on your own computer), with Botgit&apos;s key, so that only
              you and the members of your workspace can see them.
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
              <strong>Read the pages you open</strong>: to recognise a profile page and read its fields, as
              described above.
            </li>
            <li>
              <strong>Tabs</strong>: to show, in the toolbar pop-up, what was found on the tab you are looking
              at.
            </li>
            <li>
              <strong>Storage</strong>: to remember your server address, the key {site} hands Botgit when you
              approve the connection in your account (it can only save profiles and read your workspace&apos;s
              Botgit settings; Botgit never asks for your password and never holds your sign-in), your e-mail
              and workspace name to show where it is connected, your workspace&apos;s Botgit settings, and
              which profiles were saved automatically in the current interval (their addresses and times), on
              this browser only.
            </li>
            <li>
              <strong>Access to your {site} address</strong>: to send saved profiles to your workspace. The
              browser asks you for it when you connect Botgit (a server on your own computer needs no prompt).
            </li>
            <li>
              <strong>Notifications</strong>: to tell you when a save has finished, only if &apos;notify on
              completion&apos; is on.
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
              Uninstalling the extension stops all collection straight away and removes everything it kept in
              your browser. Disconnecting revokes Botgit&apos;s key and removes it and your settings from your
              browser; so does revoking the key in the dashboard under Settings &amp; Configuration &rarr;
              Credentials. Profiles already saved stay in your workspace until you delete them.
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
            Data travels only over HTTPS. Botgit connects with a key you approve while signed in to {site}
            (with two-factor sign-in if your account has it); the key is made for Botgit alone and can only
            save profiles and read Botgit settings. The server accepts saved profiles only with a valid key
            and shows them only to signed-in members of the same workspace. Disconnecting the extension
            revokes its key at once and removes it from your browser.
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
