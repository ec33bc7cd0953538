import { Link } from 'react-router';
import { POLICY_DATE, type LegalContact, type LegalDoc } from './legal-types';

export function termsDoc(site: string, contact: LegalContact): LegalDoc {
  const support = contact.supportEmail;
  return {
    title: 'Terms of Service',
    description: `The terms for using ${site}: accounts, the free Solo HQ plan and paid plans, payments, acceptable use, your data, termination and liability.`,
    dates: [{ label: 'Last updated', value: POLICY_DATE }],
    intro: (
      <p>
        These terms are an agreement between you and {site}, a marketing agency based in Bengaluru, India.
        They cover our website, the business dashboard behind the sign-in and the Botgit browser extension. By
        creating an account or using the dashboard you accept them. If you use {site} for a business, you
        accept them on that business&apos;s behalf.
      </p>
    ),
    glance: [
      <>
        The <strong>Solo HQ plan is free</strong>; paid plans are billed in advance.
      </>,
      <>
        We give at least <strong>30 days&apos; notice</strong> of any price increase.
      </>,
      <>
        A deleted workspace is <strong>recoverable for 30 days</strong>, then erased.
      </>,
      <>
        Our liability is limited to the fees you paid in the <strong>preceding 3 months</strong>.
      </>,
      <>
        Children <strong>under 16</strong> may not use {site}.
      </>,
    ],
    sections: [
      {
        id: 'accounts',
        title: 'Your account',
        body: (
          <>
            <p>
              You sign up as a Freelancer, a Business Owner or a Team Member. A Business Owner gets a new
              workspace for the business; a Freelancer gets a personal workspace; a Team Member joins the
              workspace of the business whose e-mail domain they use, and sees the dashboard only once an
              Admin of that business gives them access.
            </p>
            <ul>
              <li>Give accurate details and keep them up to date.</li>
              <li>
                Keep your password to yourself. You are responsible for what happens under your account; tell
                us at <a href={`mailto:${support}`}>{support}</a> as soon as you suspect misuse.
              </li>
              <li>One person per account. Invite colleagues as members instead of sharing a sign-in.</li>
            </ul>
          </>
        ),
      },
      {
        id: 'eligibility',
        title: 'Who may use the service',
        body: (
          <p>
            You must be at least 16 years old. {site} is a tool for businesses and working professionals and
            is not meant for children: <strong>children under 16</strong> may not create an account or use the
            dashboard, and we close any account we learn belongs to one.
          </p>
        ),
      },
      {
        id: 'plans',
        title: 'Plans',
        body: (
          <>
            <p>
              <strong>The Solo HQ plan is free.</strong> It is meant for one person and includes up to 5
              projects, 10 employees, 500 MB of storage, 100 e-mails a day, Client Leads and community
              support.
            </p>
            <p>
              The dashboard plan costs ₹12,999 a month, or ₹10,399 a month when billed annually (20% off). It
              adds unlimited projects and e-mail marketing, up to 500 employees, unlimited storage and 24/7
              support. Enterprise plans are agreed in writing with our sales team.
            </p>
            <p>
              If you move to a lower plan, data that no longer fits the new plan is kept for 30 days so you
              can export it or upgrade again; the{' '}
              <Link to="/cancellation-refunds">Cancellation &amp; Refunds</Link> policy explains the details.
            </p>
          </>
        ),
      },
      {
        id: 'payments',
        title: 'Payments and price changes',
        body: (
          <>
            <p>
              Paid plans are billed in advance, monthly or annually, in Indian rupees, through our payment
              partner. Prices exclude GST, which is added to the invoice where it applies. A plan renews
              automatically until you cancel it.
            </p>
            <p>
              If a payment fails we will remind you and may pause paid features until it succeeds; your data
              is not deleted because of a failed payment.
            </p>
            <p>
              We may change our prices. We give you at least <strong>30 days&apos; notice</strong> of any
              price increase, by e-mail and in the dashboard, and the new price applies from your next renewal
              after that notice. If you do not accept it, cancel before the renewal.
            </p>
          </>
        ),
      },
      {
        id: 'acceptable-use',
        title: 'Acceptable use',
        body: (
          <>
            <p>You agree not to use {site} to:</p>
            <ul>
              <li>
                send spam, or e-mail and WhatsApp messages to people who have not agreed to receive them;
              </li>
              <li>collect personal data you have no lawful reason to hold, including through Botgit;</li>
              <li>upload malware, or content that is unlawful, infringing, hateful or deceptive;</li>
              <li>
                probe, overload or get around the security of the service, or reach data of another workspace;
              </li>
              <li>resell or copy the service, or build a competing product from it.</li>
            </ul>
            <p>We may remove content or suspend an account that breaks these rules.</p>
          </>
        ),
      },
      {
        id: 'your-data',
        title: 'Your data',
        body: (
          <>
            <p>
              What you put into your workspace (leads, blog posts, contacts, files and settings) stays yours.
              You allow us to store and process it only to run the service for you, as described in our{' '}
              <Link to="/privacy">Privacy Policy</Link>. You can export your leads as CSV at any time.
            </p>
            <p>
              You are responsible for having the right to the data you add, including the consent of the
              people whose details you keep.
            </p>
          </>
        ),
      },
      {
        id: 'termination',
        title: 'Cancellation, termination and deletion',
        body: (
          <>
            <p>
              You can cancel a paid plan at any time; it stays active until the end of the period already
              paid. We may suspend or close an account that breaks these terms, after a warning where the
              breach can be fixed.
            </p>
            <p>
              A deleted workspace is <strong>recoverable for 30 days</strong>: write to us within that time
              and we will restore it. After 30 days it is erased permanently, together with its data.
            </p>
          </>
        ),
      },
      {
        id: 'liability',
        title: 'Warranty and liability',
        body: (
          <>
            <p>
              We work hard to keep {site} available and correct, but the service is provided as it is. We are
              not liable for indirect or consequential losses such as lost profits or lost business. Keep your
              own exports of data that matters to you.
            </p>
            <p>
              Our total liability for any claim is limited to the fees you paid us in the{' '}
              <strong>preceding 3 months</strong> before the claim arose. Nothing in these terms limits
              liability that the law does not allow us to limit.
            </p>
          </>
        ),
      },
      {
        id: 'governing-law',
        title: 'Changes and governing law',
        body: (
          <p>
            We may update these terms; for a significant change we tell you by e-mail or in the dashboard
            before it applies. These terms are governed by the laws of India, and the courts of Bengaluru,
            Karnataka have exclusive jurisdiction over any dispute.
          </p>
        ),
      },
      {
        id: 'contact',
        title: 'Contact',
        body: (
          <p>
            Questions about these terms: write to <a href={`mailto:${support}`}>{support}</a>, call{' '}
            <span className="whitespace-nowrap">{contact.phone}</span>, or use our{' '}
            <Link to="/contact">contact form</Link>. Our office is in {contact.address}.
          </p>
        ),
      },
    ],
  };
}
