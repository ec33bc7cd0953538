/**
 * E-mail templates (docs/product/marketing.md#templates): the limits, the merge fields a template may use and
 * the starter templates offered when one is created. Free of zod and of Node: the server and the web app
 * import it.
 */

export const EMAIL_TEMPLATE_LIMITS = {
  nameMax: 120,
  subjectMax: 200,
  preheaderMax: 200,
  /** The MJML source; a newsletter is a few kilobytes, this leaves room for long ones. */
  mjmlMax: 100_000,
  textOverrideMax: 50_000,
  /** A sample value typed in the preview's fields. */
  sampleMax: 200,
  /** The final subject, after merging, is one line of at most this many characters. */
  renderedSubjectMax: 200,
  /** Test sends to oneself, per user and hour (each is a real mail counted in the plan's day). */
  testSendsPerHour: 10,
  listMax: 200,
} as const;

/**
 * The fields a template may merge, each from the person it is sent to: `{{ name }}`,
 * `{{ company | default: "your team" }}`. `unsubscribe_url` is filled by the server for each recipient.
 */
export const MERGE_FIELDS = ['name', 'company', 'owner', 'email', 'unsubscribe_url'] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];
export const isMergeField = (value: string): value is MergeField =>
  (MERGE_FIELDS as readonly string[]).includes(value);

/** What each field is, for the editor's help. */
export const MERGE_FIELD_HELP: Record<MergeField, string> = {
  name: 'The person’s name',
  company: 'Their company',
  owner: 'The name of the team member who owns the lead',
  email: 'Their e-mail address',
  unsubscribe_url: 'Their unsubscribe link (the footer has one already)',
};

/** The values of one recipient; a missing one takes the field's default, else empty. */
export type MergeValues = Partial<Record<Exclude<MergeField, 'unsubscribe_url'>, string>>;

/** The person a preview shows when no sample is typed. */
export const SAMPLE_PERSON: Required<MergeValues> = {
  name: 'Asha Rao',
  company: 'Kaveri Foods',
  owner: 'Ravi Kumar',
  email: 'asha@example.com',
};

/** The preview's widths: a phone's and a desktop mail client's. */
export const PREVIEW_WIDTHS = { phone: 390, desktop: 680 } as const;

/**
 * Classes a template may use for the agency's brand (Web Settings' brand colour), given by the server in
 * the rendered mail's `mj-attributes`: `mj-class="brand"` (brand-coloured text) and `mj-class="brand-bg"`
 * (a brand-coloured background). Buttons are brand-coloured by default.
 */
export const BRAND_CLASSES = ['brand', 'brand-bg'] as const;

export const STARTER_KINDS = ['newsletter', 'announcement', 'blank'] as const;
export type StarterKind = (typeof STARTER_KINDS)[number];

export interface StarterTemplate {
  label: string;
  subject: string;
  preheader: string;
  mjml: string;
}

/**
 * "Start from": a newsletter, an announcement and a blank page. The server adds the brand's header (logo
 * or site name) above and the postal address and unsubscribe link below every template, so these hold only
 * the message itself.
 */
export const STARTER_TEMPLATES: Record<StarterKind, StarterTemplate> = {
  newsletter: {
    label: 'Newsletter',
    subject: 'What’s new this month, {{ name | default: "there" }}',
    preheader: 'Three things worth your five minutes.',
    mjml: `<mjml>
  <mj-body background-color="#f4f4f7">
    <mj-section background-color="#ffffff" padding="32px 24px 8px">
      <mj-column>
        <mj-text font-size="24px" font-weight="700" line-height="1.3">This month at a glance</mj-text>
        <mj-text font-size="16px" line-height="1.6">Hello {{ name | default: "there" }},</mj-text>
        <mj-text font-size="16px" line-height="1.6">Here is what we have been working on, and a few ideas {{ company | default: "your team" }} might like.</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="8px 24px">
      <mj-column>
        <mj-divider border-width="1px" border-color="#e5e7eb" />
        <mj-text mj-class="brand" font-size="13px" font-weight="700" text-transform="uppercase">Case study</mj-text>
        <mj-text font-size="18px" font-weight="700">A new brand in six weeks</mj-text>
        <mj-text font-size="15px" line-height="1.6">How a regional food company doubled its online orders after a brand refresh and a faster website.</mj-text>
        <mj-button href="https://example.com/case-study" align="left" border-radius="6px">Read the story</mj-button>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="8px 24px">
      <mj-column>
        <mj-text font-size="18px" font-weight="700">Three quick tips</mj-text>
        <mj-text font-size="15px" line-height="1.6">
          <ul>
            <li>Put your phone number in your site's header.</li>
            <li>Answer enquiries within the hour.</li>
            <li>Ask happy clients for a review.</li>
          </ul>
        </mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="8px 24px 32px">
      <mj-column>
        <mj-text font-size="15px" line-height="1.6">Questions? Just reply to this e-mail.</mj-text>
        <mj-text font-size="15px" line-height="1.6">{{ owner | default: "The team" }}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>
`,
  },
  announcement: {
    label: 'Announcement',
    subject: 'Something new for {{ company | default: "you" }}',
    preheader: 'A short note with one thing to look at.',
    mjml: `<mjml>
  <mj-body background-color="#f4f4f7">
    <mj-section mj-class="brand-bg" padding="40px 24px">
      <mj-column>
        <mj-text color="#ffffff" font-size="28px" font-weight="700" align="center" line-height="1.2">Introducing our new service</mj-text>
        <mj-text color="#ffffff" font-size="16px" align="center">Built for teams like {{ company | default: "yours" }}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="32px 24px">
      <mj-column>
        <mj-text font-size="16px" line-height="1.6">Hi {{ name | default: "there" }},</mj-text>
        <mj-text font-size="16px" line-height="1.6">We have launched something we think you will find useful. It takes five minutes to see how it works.</mj-text>
        <mj-button href="https://example.com/new" border-radius="6px" font-size="16px">See what’s new</mj-button>
        <mj-text font-size="15px" line-height="1.6">{{ owner | default: "The team" }}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>
`,
  },
  blank: {
    label: 'Blank',
    subject: '',
    preheader: '',
    mjml: `<mjml>
  <mj-body background-color="#f4f4f7">
    <mj-section background-color="#ffffff" padding="32px 24px">
      <mj-column>
        <mj-text font-size="16px" line-height="1.6">Hello {{ name | default: "there" }},</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>
`,
  },
};
