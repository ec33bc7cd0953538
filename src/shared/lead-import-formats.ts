/**
 * Lead import (docs/product/leads.md, "Import what people have"): which column of a contacts export feeds which lead
 * field, and how other tools' status and priority values read as ours. Shared and free of zod and server
 * code, so the import preview can show the mapping the server will use.
 *
 * Header names are compared normalised: accents dropped, case, spaces, punctuation, `_` and `-` ignored
 * ("E-mail 1 - Value", "email_1_value" and "EMAIL 1 VALUE" are one name). The lists below are written from
 * the tools' published export columns; the first name of a list is the most trusted when several columns
 * of one file feed the same field (HubSpot's "Lead Status" before its "Lifecycle Stage", a phone before a
 * mobile), and a row takes the first of them that is not empty.
 */
import { LEAD_PRIORITIES, LEAD_STATUSES, type LeadPriority, type LeadStatus } from './leads';

/**
 * What a column can feed. `firstName`, `middleName` and `lastName` are joined into the name when the row
 * has no full name; `phoneCode` is put before a phone that has no international prefix (Twenty keeps the
 * two apart); `jobTitle` and `profileUrl` have no column of their own on a lead and are added to its
 * notes, one line each, as Botgit's "Add to leads" does.
 */
export const LEAD_IMPORT_FIELDS = [
  'name',
  'firstName',
  'middleName',
  'lastName',
  'email',
  'phone',
  'phoneCode',
  'company',
  'jobTitle',
  'status',
  'priority',
  'source',
  'notes',
  'date',
  'profileUrl',
  'owner',
] as const;
export type LeadImportField = (typeof LEAD_IMPORT_FIELDS)[number];

/** Labels for the preview's mapping choices. */
export const LEAD_IMPORT_FIELD_LABELS: Record<LeadImportField, string> = {
  name: 'Name',
  firstName: 'First name',
  middleName: 'Middle name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  phoneCode: 'Phone country calling code',
  company: 'Company',
  jobTitle: 'Job title (added to notes)',
  status: 'Status',
  priority: 'Priority',
  source: 'Source',
  notes: 'Notes',
  date: 'Date',
  profileUrl: 'Profile URL (added to notes)',
  owner: "Owner (a member's name or e-mail)",
};

/** A user's choice for some columns of a file, by header text: a field, or null for "don't import". */
export type LeadImportMapping = Record<string, LeadImportField | null>;

/**
 * Header names per field, most trusted first. Tools named in the comments are where a name comes from;
 * a plain name ("Email") serves them all. Our own export (Name, Email, Phone, Company, Status, Source,
 * Date, Priority, Notes) is the first name of each list.
 */
const HEADER_NAMES: Record<LeadImportField, readonly string[]> = {
  name: [
    'Name',
    'Full Name', // Zoho, generic
    'Contact Name',
    'Lead Name',
    'Person Name',
    'Display Name',
    'Contact Full Name',
    'Nom complet',
    'Nombre completo',
    'Vollständiger Name',
  ],
  firstName: [
    'First Name', // HubSpot, Salesforce report, Zoho, LinkedIn, Google, Outlook, Mailchimp
    'FirstName', // Salesforce API name, Brevo FIRSTNAME
    'Given Name', // Google (older)
    'Name / First Name', // Twenty
    'FNAME', // Mailchimp merge tag
    'Forename',
    'First',
    'Prénom', // Brevo in French
    'Vorname',
    'Nombre',
  ],
  middleName: ['Middle Name', 'Additional Name' /* Google (older) */],
  lastName: [
    'Last Name',
    'LastName',
    'Family Name', // Google (older)
    'Surname',
    'Name / Last Name', // Twenty
    'LNAME', // Mailchimp merge tag
    'Last',
    'Nom', // Brevo in French
    'Nachname',
    'Apellido',
    'Apellidos',
  ],
  email: [
    'Email',
    'Email Address', // LinkedIn, Mailchimp
    'E-mail Address', // Outlook
    'E-mail 1 - Value', // Google
    'Emails / Primary Email', // Twenty
    'Primary Email',
    'Work Email',
    'Business Email',
    'Email - Work', // Pipedrive "Person - Email - Work"
    'Email 1',
    'Mail',
    'Courriel',
    'Correo',
    'Correo electrónico',
    'Email - Home', // Pipedrive
    'Email - Other', // Pipedrive
    'Personal Email',
    'Secondary Email', // Zoho: only when the row has no primary e-mail
  ],
  phone: [
    'Phone',
    'Phone Number', // HubSpot, Mailchimp
    'Primary Phone', // Outlook
    'Phone 1 - Value', // Google
    'Phones / Primary Phone Number', // Twenty
    'Telephone',
    'Tel',
    'Mobile', // Salesforce, Zoho
    'Mobile Phone', // Outlook, Salesforce API MobilePhone
    'Mobile Phone Number', // HubSpot
    'Cell Phone',
    'Phone - Work', // Pipedrive "Person - Phone - Work"
    'Phone - Mobile', // Pipedrive
    'Business Phone', // Outlook
    'Work Phone',
    'Phone - Home', // Pipedrive
    'Home Phone', // Outlook
    'Phone - Other', // Pipedrive
    'Other Phone', // Outlook
    'SMS', // Brevo
    'WhatsApp', // Brevo
    'Landline Number', // Brevo
    'Telefon',
    'Téléphone',
    'Teléfono',
    'Handy',
  ],
  phoneCode: [
    'Phones / Primary Phone Calling Code', // Twenty
    'Phones / Primary Phone Country Code', // Twenty (older versions kept "+33" here)
  ],
  company: [
    'Company',
    'Company Name', // HubSpot
    'Company / Account', // Salesforce report
    'Organization Name', // Google
    'Organization 1 - Name', // Google (older)
    'Organization', // Pipedrive "Person - Organization"
    'Organisation',
    'Account Name', // Zoho contacts, Salesforce contacts
    'Account',
    'Associated Company', // HubSpot
    'Employer',
    'Company / Name', // Twenty
    'Firma',
    'Entreprise',
    'Société',
    'Empresa',
  ],
  jobTitle: [
    'Job Title', // HubSpot, Outlook, Twenty, Pipedrive "Person - Job title", Brevo JOB_TITLE
    'Position', // LinkedIn
    'Designation', // Zoho
    'Organization Title', // Google
    'Organization 1 - Title', // Google (older)
    'Role',
    'Poste',
    'Position / Job Title',
  ],
  status: [
    'Status',
    'Lead Status', // HubSpot, Salesforce, Zoho
    'hs_lead_status', // HubSpot internal name
    'Lead Stage',
    'Stage', // Twenty opportunities
    'Lifecycle Stage', // HubSpot: only when Lead Status is empty
  ],
  priority: [
    'Priority',
    'Lead Priority',
    'Rating', // Salesforce (Hot, Warm, Cold)
    'Lead Rating',
    'Label', // Pipedrive "Person - Label" (Hot lead, Warm lead, Cold lead)
  ],
  source: ['Source', 'Lead Source' /* Salesforce, Zoho */, 'Original Source' /* HubSpot */, 'Source Channel'],
  notes: ['Notes', 'Note', 'Description' /* Salesforce, Zoho */, 'Comments', 'Comment', 'Remarks', 'Notizen'],
  date: [
    'Date',
    'Create Date', // HubSpot, Salesforce report
    'Created Date', // Salesforce API CreatedDate
    'Created Time', // Zoho
    'Creation date', // Twenty
    'Created At',
    'Created', // Pipedrive "Person - Person created" (after its prefix)
    'Person created',
    'Date Created',
    'Date Added',
    'Connected On', // LinkedIn
    'OPTIN_TIME', // Mailchimp
    'CONFIRM_TIME', // Mailchimp
    'ADDED_TIME', // Brevo
  ],
  profileUrl: [
    'Profile URL',
    'URL', // LinkedIn
    'LinkedIn URL',
    'LinkedIn',
    'LinkedIn Profile',
    'LinkedIn Profile URL',
    'Linkedin / Link URL', // Twenty
    'Linkedin / Primary Link URL',
  ],
  // A member of the workspace by name, username or e-mail; anyone else leaves the importer as owner.
  owner: [
    'Owner', // Pipedrive "Person - Owner", HubSpot "Contact owner", Salesforce and Zoho "Lead Owner" (after their prefix)
    'Owner Name',
    'Owner Email',
    'Account Owner',
    'Assigned To',
    'Assignee',
    'Sales Rep',
  ],
};

/**
 * Words some tools put before every column ("Person - Email - Work" in Pipedrive, "Contact Email",
 * "Lead Source"): a header not found as it is is looked up again without one of them.
 */
const HEADER_PREFIXES = ['person', 'contact', 'lead', 'people'];

/** A header or value as compared: no accents, lower case, letters and digits only. */
export function normaliseImportName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** normalised header → its field and rank (the position in its list). */
const HEADERS = new Map<string, { field: LeadImportField; rank: number }>();
for (const field of LEAD_IMPORT_FIELDS)
  HEADER_NAMES[field].forEach((name, rank) => {
    const key = normaliseImportName(name);
    if (!HEADERS.has(key)) HEADERS.set(key, { field, rank });
  });

/** Rank added to a header found only without its prefix, so an exact name of the same field wins. */
const PREFIXED_RANK = 100;

/** The field a header feeds by the table, with its rank (lower is more trusted); null when none. */
export function recogniseImportHeader(header: string): { field: LeadImportField; rank: number } | null {
  const key = normaliseImportName(header);
  if (!key) return null;
  const exact = HEADERS.get(key);
  if (exact) return exact;
  for (const prefix of HEADER_PREFIXES) {
    if (!key.startsWith(prefix) || key.length === prefix.length) continue;
    const found = HEADERS.get(key.slice(prefix.length));
    if (found) return { field: found.field, rank: found.rank + PREFIXED_RANK };
  }
  return null;
}

export interface LeadImportColumns {
  /** Per column of the header, the field it feeds (null: not imported). */
  fields: (LeadImportField | null)[];
  /** Per field, the columns feeding it, most trusted first: a row takes the first that is not empty. */
  columns: Partial<Record<LeadImportField, number[]>>;
}

/**
 * The header's mapping: the table's, with the user's choices (by header text, or by its normalised form)
 * put over it. A column the user chose comes before any the table matched to the same field.
 */
export function mapImportHeader(headers: readonly string[], mapping?: LeadImportMapping): LeadImportColumns {
  const chosen = new Map<string, LeadImportField | null>();
  for (const [header, field] of Object.entries(mapping ?? {})) chosen.set(normaliseImportName(header), field);
  const ranked: { column: number; field: LeadImportField; rank: number }[] = [];
  const fields = headers.map((header, column) => {
    const exact = mapping && Object.hasOwn(mapping, header.trim()) ? mapping[header.trim()] : undefined;
    const choice = exact !== undefined ? exact : chosen.get(normaliseImportName(header));
    if (choice === null) return null;
    const found = choice ? { field: choice, rank: -1 } : recogniseImportHeader(header);
    if (!found) return null;
    ranked.push({ column, ...found });
    return found.field;
  });
  ranked.sort((a, b) => a.rank - b.rank || a.column - b.column);
  const columns: LeadImportColumns['columns'] = {};
  for (const { column, field } of ranked) (columns[field] ??= []).push(column);
  return { fields, columns };
}

/** A header row is the first that names a person or an e-mail (LinkedIn puts notes before it). */
export function looksLikeLeadHeader({ columns }: LeadImportColumns): boolean {
  return Boolean(columns.name || columns.firstName || columns.lastName || columns.email);
}

/** What an import needs: a name (or its parts) and a way to reach the lead. */
export function hasRequiredLeadColumns({ columns }: LeadImportColumns): boolean {
  const named = Boolean(columns.name || columns.firstName || columns.lastName);
  return named && Boolean(columns.email || columns.phone || columns.profileUrl);
}

/**
 * Other tools' status values, normalised, onto the spec's five; anything else is New. "Won" and "Closed
 * Won" are deals' stages, not a lead's, and stay unknown.
 */
const STATUS_VALUES: Record<LeadStatus, readonly string[]> = {
  New: [
    'New',
    'Open', // HubSpot
    'Open - Not Contacted', // Salesforce
    'Not Contacted', // Zoho
    'Unassigned',
    'Recycled', // EspoCRM
    'Subscriber', // HubSpot lifecycle
    'Lead', // HubSpot lifecycle
  ],
  'In Progress': [
    'In Progress', // HubSpot IN_PROGRESS
    'Attempted to Contact', // HubSpot, Zoho
    'Connected', // HubSpot
    'Contacted', // Zoho
    'Contact in Future', // Zoho
    'Working', // Salesforce (newer default)
    'Working - Contacted', // Salesforce
    'Nurturing', // Salesforce (newer default)
    'Assigned', // EspoCRM
    'In Process', // EspoCRM
    'Screening', // Twenty
    'Meeting', // Twenty
    'Follow Up',
    'Engaged',
  ],
  Qualified: [
    'Qualified', // Salesforce
    'Open Deal', // HubSpot
    'Pre-Qualified', // Zoho
    'Marketing Qualified Lead', // HubSpot lifecycle
    'marketingqualifiedlead',
    'Sales Qualified Lead', // HubSpot lifecycle
    'salesqualifiedlead',
    'MQL',
    'SQL',
    'Opportunity', // HubSpot lifecycle
    'Proposal', // Twenty
  ],
  Converted: [
    'Converted', // EspoCRM
    'Closed - Converted', // Salesforce
    'Customer', // HubSpot lifecycle, Twenty
    'Evangelist', // HubSpot lifecycle
  ],
  Lost: [
    'Lost',
    'Closed - Not Converted', // Salesforce
    'Unqualified', // HubSpot, Salesforce
    'Not Qualified', // Zoho
    'Disqualified',
    'Junk Lead', // Zoho
    'Lost Lead', // Zoho
    'Bad Timing', // HubSpot
    'Dead', // EspoCRM
  ],
};

const PRIORITY_VALUES: Record<LeadPriority, readonly string[]> = {
  High: ['High', 'Hot', 'Hot lead' /* Salesforce Rating, Pipedrive label */],
  Medium: ['Medium', 'Warm', 'Warm lead'],
  Low: ['Low', 'Cold', 'Cold lead'],
};

function valueTable<T extends string>(
  values: Record<T, readonly string[]>,
  own: readonly T[],
): Map<string, T> {
  const table = new Map<string, T>(own.map((value) => [normaliseImportName(value), value]));
  for (const value of own) for (const name of values[value]) table.set(normaliseImportName(name), value);
  return table;
}
const STATUSES = valueTable(STATUS_VALUES, LEAD_STATUSES);
const PRIORITIES = valueTable(PRIORITY_VALUES, LEAD_PRIORITIES);

/** A status cell as one of the spec's five; unknown or empty is New. */
export function importedLeadStatus(value: string): LeadStatus {
  return STATUSES.get(normaliseImportName(value)) ?? 'New';
}

/** A priority cell as one of the three; unknown or empty is Medium. */
export function importedLeadPriority(value: string): LeadPriority {
  return PRIORITIES.get(normaliseImportName(value)) ?? 'Medium';
}
