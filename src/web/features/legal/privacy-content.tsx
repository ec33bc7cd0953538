import { Link } from 'react-router';
import { POLICY_DATE, type LegalContact, type LegalDoc } from './legal-types';

export function privacyDoc(site: string, contact: LegalContact): LegalDoc {
  const support = contact.supportEmail;
  return {
    title: 'Privacy Policy',
    description: `What personal data ${site} collects, how visits to this website are counted, why, what is kept in your browser, who we share it with, how long we keep it and your rights.`,
    dates: [{ label: 'Last updated', value: POLICY_DATE }],
    intro: (
      <p>
        This policy explains how {site}, Bengaluru, India, handles personal data on our website and in the
        business dashboard. We collect only what we need to run the service, we never sell it, and we follow
        India&apos;s Digital Personal Data Protection Act, 2023. The Botgit browser extension has its own{' '}
        <Link to="/botgit-privacy">Botgit Extension Privacy Policy</Link>.
      </p>
    ),
    glance: [
      <>We do not sell personal data and we show no advertising.</>,
      <>
        After a downgrade, data above the new plan&apos;s limits is <strong>kept for 30 days</strong>.
      </>,
      <>
        A deleted workspace is <strong>recoverable for 30 days</strong>, then erased.
      </>,
      <>
        Children <strong>under 16</strong> may not use {site}.
      </>,
    ],
    sections: [
      {
        id: 'what-we-collect',
        title: 'What we collect',
        body: (
          <ul>
            <li>
              <strong>Account details</strong>: name or username, business name, e-mail address, password
              (stored only as a salted hash), role, and, if you add them, phone number, location and profile
              picture.
            </li>
            <li>
              <strong>Workspace content</strong>: the leads, blog posts, categories, contact messages, scraped
              profiles and settings you and your team add. For business e-mail we store your SMTP settings,
              with the password encrypted.
            </li>
            <li>
              <strong>Messages to us</strong>: what you write in the contact form or by e-mail.
            </li>
            <li>
              <strong>Technical data</strong>: IP address, browser type and request logs, used to keep the
              service secure (for example to slow down repeated failed sign-ins).
            </li>
            <li>
              <strong>Visits to this website</strong>, counted by our own small script, with no cookie and no
              third party: for each page you open, its path, the campaign tags of its address (
              <code>utm_source</code>, <code>utm_medium</code>, <code>utm_campaign</code>,{' '}
              <code>utm_content</code>, <code>utm_term</code> and <code>ref</code>; no other part of the
              address), the name of the website that linked to it (such as google.com, never the page itself),
              the time, and your device type (desktop, mobile or tablet), browser family and operating system.
              Your IP address and your browser&apos;s user agent are only used to work out a visitor code for
              the day: a one-way hash with a random key that is deleted when the day is over. They are never
              stored, and we cannot tell that two visits on different days, or on another website, are yours.
              Crawlers and bots, staff signed in to the dashboard, and browsers that send Do Not Track or
              Global Privacy Control are not counted at all.
            </li>
            <li>
              <strong>Payment details</strong>: handled by our payment partner. We receive the invoice and
              payment status, never your full card or bank details.
            </li>
          </ul>
        ),
      },
      {
        id: 'how-we-use-it',
        title: 'How we use it',
        body: (
          <ul>
            <li>to create your account, sign you in and show you the dashboard sections your role allows;</li>
            <li>to store and show your workspace content to you and your team;</li>
            <li>to reply to messages, send service e-mails (receipts, security and policy notices);</li>
            <li>to bill paid plans and meet our tax and accounting duties;</li>
            <li>to keep the service secure and working, and to fix problems;</li>
            <li>
              to count the visits to our website, and see which pages, websites and campaigns bring visitors
              and which of them write to us.
            </li>
          </ul>
        ),
      },
      {
        id: 'browser-storage',
        title: 'Cookies and browser storage',
        body: (
          <>
            <p>
              We use no advertising or tracking cookies. To keep you signed in, the app stores your sign-in
              token and your user record (name, e-mail, role and permissions) in your browser&apos;s storage:
              in local storage when you tick &apos;Remember me&apos;, otherwise in session storage, which is
              cleared when you close the tab. Your in-app notifications are also kept in local storage.
            </p>
            <p>
              Logging out removes the token and user record. You can also clear them at any time from your
              browser&apos;s settings.
            </p>
            <p>
              When you arrive on our website from another website or a campaign link, our page-view script
              keeps where you came from (that website&apos;s name, the campaign tags and the time) in local
              storage, so that a message you send us through the contact form within 30 days says how you
              found us. It leaves your browser only with such a message. Nothing is kept when your browser
              sends Do Not Track or Global Privacy Control.
            </p>
          </>
        ),
      },
      {
        id: 'sharing',
        title: 'Who we share it with',
        body: (
          <>
            <p>We share personal data only with:</p>
            <ul>
              <li>
                service providers who host the service, deliver e-mail or process payments for us, under
                contracts that limit them to our instructions;
              </li>
              <li>authorities, when Indian law requires it;</li>
              <li>a buyer of our business, who must keep this policy&apos;s promises.</li>
            </ul>
            <p>Inside a workspace, the people you invite see the data their role allows.</p>
          </>
        ),
      },
      {
        id: 'retention',
        title: 'How long we keep it',
        body: (
          <ul>
            <li>Account and workspace data: for as long as the account or workspace exists.</li>
            <li>
              Records of visits to this website: <strong>30 days</strong>; after that only totals per day
              (visitors and page views by page, website, campaign and device type) are kept. The daily key of
              the visitor code is deleted when its day is over.
            </li>
            <li>
              After a downgrade, data above the new plan&apos;s limits is <strong>kept for 30 days</strong> so
              you can export it or upgrade again, then deleted.
            </li>
            <li>
              A deleted workspace is <strong>recoverable for 30 days</strong>; after that it is erased
              permanently.
            </li>
            <li>Invoices: as long as Indian tax law requires.</li>
          </ul>
        ),
      },
      {
        id: 'security',
        title: 'Security',
        body: (
          <p>
            Traffic is encrypted with HTTPS. Passwords are hashed with scrypt, SMTP passwords are encrypted at
            rest, and each workspace&apos;s data is kept apart from every other&apos;s. Every request is
            checked against the signed-in user&apos;s current role and permissions. No system is perfectly
            secure; if a breach affects your data we will tell you and the Data Protection Board of India as
            the law requires.
          </p>
        ),
      },
      {
        id: 'your-rights',
        title: 'Your rights',
        body: (
          <p>
            You may ask for a summary of the personal data we hold about you, have it corrected or completed,
            have it erased, withdraw a consent you gave, and name someone to act for you. Much of this you can
            do yourself in Profile Settings; for the rest, write to{' '}
            <a href={`mailto:${support}`}>{support}</a>. If you are not satisfied with our answer you may
            complain to the Data Protection Board of India.
          </p>
        ),
      },
      {
        id: 'children',
        title: 'Children',
        body: (
          <p>
            {site} is for businesses and working professionals. <strong>Children under 16</strong> may not use
            it, and we do not knowingly collect their data. If you believe a child has given us personal data,
            write to us and we will delete it.
          </p>
        ),
      },
      {
        id: 'contact',
        title: 'Changes and contact',
        body: (
          <p>
            We will post any change to this policy here and update the date above; for a significant change we
            also tell you by e-mail. Our Grievance Officer can be reached at{' '}
            <a href={`mailto:${support}`}>{support}</a> or{' '}
            <span className="whitespace-nowrap">{contact.phone}</span>, {contact.address}.
          </p>
        ),
      },
    ],
  };
}
