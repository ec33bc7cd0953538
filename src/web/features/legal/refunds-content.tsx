import { Link } from 'react-router';
import { POLICY_DATE, type LegalContact, type LegalDoc } from './legal-types';

export function refundsDoc(site: string, contact: LegalContact): LegalDoc {
  const support = contact.supportEmail;
  return {
    title: 'Cancellation & Refunds',
    description: `How to cancel a ${site} plan, when annual plans and outages are refunded, what happens to your data after a downgrade, and how to ask for a refund.`,
    dates: [{ label: 'Last updated', value: POLICY_DATE }],
    intro: (
      <p>
        You can cancel any plan at any time, without a phone call or a cancellation fee. This page explains
        when we refund what you have paid and how to ask for it. It is part of our{' '}
        <Link to="/terms">Terms of Service</Link>.
      </p>
    ),
    glance: [
      <>
        Annual plans: a full refund if you ask within <strong>14 days</strong> of the first charge.
      </>,
      <>
        A platform failure lasting over <strong>72 consecutive hours</strong> qualifies for a refund.
      </>,
      <>
        After a downgrade, your data is <strong>kept for 30 days</strong>.
      </>,
      <>
        We reply to refund requests within <strong>2-3 business days</strong>.
      </>,
    ],
    sections: [
      {
        id: 'cancel-anytime',
        title: 'Cancel anytime',
        body: (
          <>
            <p>
              An account owner can cancel a paid plan from Workspace Settings in the dashboard, or by writing
              to <a href={`mailto:${support}`}>{support}</a> from the account&apos;s e-mail address. The plan
              stays active until the end of the period you have already paid for, and you are not charged
              again.
            </p>
            <p>
              The Solo HQ plan is free, so there is nothing to cancel: you can simply stop using it or delete
              the workspace.
            </p>
          </>
        ),
      },
      {
        id: 'monthly-plans',
        title: 'Monthly plans',
        body: (
          <p>
            Monthly fees are not refunded for a partly used month. Cancel before the next renewal date and no
            further payment is taken.
          </p>
        ),
      },
      {
        id: 'annual-plans',
        title: 'Annual plans',
        body: (
          <p>
            If an annual plan is not right for you, ask for a refund within <strong>14 days</strong> of the
            first charge and we refund the full amount. After those 14 days the annual fee is not refunded,
            but the plan stays active until the end of the year you paid for.
          </p>
        ),
      },
      {
        id: 'outages',
        title: 'Refunds for outages',
        body: (
          <>
            <p>
              If the dashboard is unavailable because of a failure on our side for more than{' '}
              <strong>72 consecutive hours</strong>, the outage qualifies for a refund: we refund the fees for
              the days the service was down, whatever your plan&apos;s billing period.
            </p>
            <p>
              Planned maintenance announced in advance, and problems with your own internet connection, device
              or third-party services you connect, do not count towards the 72 hours.
            </p>
          </>
        ),
      },
      {
        id: 'downgrades',
        title: 'Downgrades and your data',
        body: (
          <p>
            When you move to a lower plan, or back to the free Solo HQ plan, nothing is deleted straight away.
            Data above the new plan&apos;s limits (for example projects beyond 5 or storage beyond 500 MB) is{' '}
            <strong>kept for 30 days</strong> so you can export it or upgrade again. After 30 days it is
            deleted. Downgrading does not refund the current period.
          </p>
        ),
      },
      {
        id: 'how-to-request',
        title: 'How to ask for a refund',
        body: (
          <>
            <p>
              Write to <a href={`mailto:${support}`}>{support}</a> with:
            </p>
            <ul>
              <li>the workspace name and the e-mail address of the account that pays;</li>
              <li>the invoice number or the date of the charge;</li>
              <li>the reason, and for an outage the dates and times it affected you.</li>
            </ul>
            <p>
              We reply within <strong>2-3 business days</strong>. An approved refund goes back to the original
              payment method; how soon it shows in your account depends on your bank.
            </p>
          </>
        ),
      },
      {
        id: 'physical-items',
        title: 'Printed items and merchandise',
        body: (
          <p>
            Printed brand kits and merchandise follow our <Link to="/shipping">Shipping Policy</Link>, which
            explains how to change an order and what to do if an item arrives damaged or not at all.
          </p>
        ),
      },
      {
        id: 'contact',
        title: 'Contact',
        body: (
          <p>
            Questions about cancelling or refunds: <a href={`mailto:${support}`}>{support}</a> or{' '}
            <span className="whitespace-nowrap">{contact.phone}</span>.
          </p>
        ),
      },
    ],
  };
}
