import { Link } from 'react-router';
import { POLICY_DATE, type LegalContact, type LegalDoc } from './legal-types';

export function shippingDoc(site: string, contact: LegalContact): LegalDoc {
  const support = contact.supportEmail;
  return {
    title: 'Shipping Policy',
    description: `${site} shipping: digital services need no shipping; printed brand kits and merchandise ship in 5-7 business days and arrive in 5-14 business days.`,
    dates: [{ label: 'Last updated', value: POLICY_DATE }],
    intro: (
      <p>
        Almost everything {site} sells is digital and reaches you online. A few things are physical: printed
        brand kits (business cards, letterheads, brochures) and merchandise made for your brand. This page
        explains how those are shipped.
      </p>
    ),
    glance: [
      <>Dashboard plans and digital services need no shipping.</>,
      <>
        Physical items ship in <strong>5-7 business days</strong>; delivery takes{' '}
        <strong>5-14 business days</strong>.
      </>,
      <>
        Report non-delivery within <strong>15 days</strong> and damage within <strong>3 days</strong>.
      </>,
      <>
        Physical orders can be changed within <strong>12 hours</strong> of ordering.
      </>,
    ],
    sections: [
      {
        id: 'digital-services',
        title: 'Digital services',
        body: (
          <p>
            Dashboard plans, websites, designs, campaigns and other digital work need no shipping. Plans are
            available as soon as you sign up or your payment succeeds, and you get a confirmation by e-mail.
            Design and development work is delivered online, through the dashboard or by e-mail, on the
            schedule agreed for each project.
          </p>
        ),
      },
      {
        id: 'dispatch-and-delivery',
        title: 'Dispatch and delivery times',
        body: (
          <>
            <p>
              Physical items are printed or made to order. They ship within <strong>5-7 business days</strong>{' '}
              of your order being confirmed (for printed items, of your approval of the final proof).
            </p>
            <p>
              Delivery then takes <strong>5-14 business days</strong>, depending on your PIN code and the
              courier. We e-mail you a tracking link as soon as the parcel leaves us. Business days are Monday
              to Saturday, excluding public holidays.
            </p>
          </>
        ),
      },
      {
        id: 'where-we-ship',
        title: 'Where we ship and what it costs',
        body: (
          <p>
            We ship to addresses in India. For an address outside India, write to us before ordering and we
            will tell you whether we can deliver and what it costs. Shipping charges are shown on your quote
            or invoice before you pay.
          </p>
        ),
      },
      {
        id: 'changes',
        title: 'Changing or cancelling an order',
        body: (
          <p>
            Physical orders can be changed or cancelled within <strong>12 hours</strong> of being placed,
            because production starts after that. Write to <a href={`mailto:${support}`}>{support}</a> with
            your order number. After 12 hours we can no longer change the order.
          </p>
        ),
      },
      {
        id: 'problems',
        title: 'Items that do not arrive or arrive damaged',
        body: (
          <>
            <ul>
              <li>
                If an order has not arrived, tell us within <strong>15 days</strong> of the dispatch date so
                we can trace it with the courier.
              </li>
              <li>
                If an item arrives damaged or misprinted, tell us within <strong>3 days</strong> of delivery,
                with photos of the item and the packaging.
              </li>
            </ul>
            <p>
              When the problem is confirmed we reprint or replace the item at no cost to you, or refund it if
              you prefer. Reports made after these windows cannot be accepted, because couriers will no longer
              investigate them. Refunds follow our{' '}
              <Link to="/cancellation-refunds">Cancellation &amp; Refunds</Link> policy.
            </p>
          </>
        ),
      },
      {
        id: 'contact',
        title: 'Contact',
        body: (
          <p>
            Questions about an order: <a href={`mailto:${support}`}>{support}</a> or{' '}
            <span className="whitespace-nowrap">{contact.phone}</span>.
          </p>
        ),
      },
    ],
  };
}
