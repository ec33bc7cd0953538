import { describe, expect, it } from 'vitest';
import {
  hasRequiredLeadColumns,
  importedLeadPriority,
  importedLeadStatus,
  looksLikeLeadHeader,
  mapImportHeader,
  normaliseImportName,
  recogniseImportHeader,
  type LeadImportField,
} from './lead-import-formats';

const fieldsOf = (headers: string[]) =>
  Object.fromEntries(
    mapImportHeader(headers)
      .fields.map((field, i) => [headers[i]!, field])
      .filter(([, field]) => field !== null),
  ) as Record<string, LeadImportField>;

describe('lead import header table (docs/product/leads.md)', () => {
  it('normalises case, spaces, punctuation, _ and - and accents', () => {
    expect(normaliseImportName(' E-mail 1 - Value ')).toBe('email1value');
    expect(normaliseImportName('LANDLINE_NUMBER')).toBe('landlinenumber');
    expect(normaliseImportName('Prénom')).toBe('prenom');
    for (const header of ['email', 'EMAIL', 'E-Mail', 'e_mail', 'E mail', 'Email:'])
      expect(recogniseImportHeader(header)?.field, header).toBe('email');
  });

  it('reads our own export header as it always has', () => {
    const header = ['Name', 'Email', 'Phone', 'Company', 'Status', 'Source', 'Date', 'Priority', 'Notes'];
    expect(fieldsOf(header)).toEqual({
      Name: 'name',
      Email: 'email',
      Phone: 'phone',
      Company: 'company',
      Status: 'status',
      Source: 'source',
      Date: 'date',
      Priority: 'priority',
      Notes: 'notes',
    });
  });

  it.each<[string, string[], Record<string, LeadImportField>]>([
    [
      'HubSpot',
      [
        'Record ID',
        'First Name',
        'Last Name',
        'Email',
        'Phone Number',
        'Mobile Phone Number',
        'Company Name',
      ],
      {
        'First Name': 'firstName',
        'Last Name': 'lastName',
        Email: 'email',
        'Phone Number': 'phone',
        'Mobile Phone Number': 'phone',
        'Company Name': 'company',
      },
    ],
    [
      'HubSpot (status columns)',
      ['Lead Status', 'Lifecycle Stage', 'Contact owner', 'Create Date', 'Marketing contact status'],
      {
        'Lead Status': 'status',
        'Lifecycle Stage': 'status',
        'Contact owner': 'owner',
        'Create Date': 'date',
      },
    ],
    [
      'Salesforce (report labels and API names)',
      [
        'Lead Owner',
        'Salutation',
        'Title',
        'Company / Account',
        'Lead Source',
        'Rating',
        'FirstName',
        'LeadSource',
      ],
      {
        'Lead Owner': 'owner',
        'Company / Account': 'company',
        'Lead Source': 'source',
        Rating: 'priority',
        FirstName: 'firstName',
        LeadSource: 'source',
      },
    ],
    [
      'Pipedrive',
      [
        'Person - ID',
        'Person - Name',
        'Person - Label',
        'Person - Organization',
        'Person - Email - Work',
        'Person - Email - Home',
        'Person - Phone - Mobile',
        'Person - Owner',
        'Person - Person created',
        'Person - Job title',
      ],
      {
        'Person - Name': 'name',
        'Person - Label': 'priority',
        'Person - Organization': 'company',
        'Person - Email - Work': 'email',
        'Person - Email - Home': 'email',
        'Person - Phone - Mobile': 'phone',
        'Person - Owner': 'owner',
        'Person - Person created': 'date',
        'Person - Job title': 'jobTitle',
      },
    ],
    [
      'Zoho',
      [
        'Record Id',
        'Lead Owner',
        'Designation',
        'Mobile',
        'Lead Status',
        'Created Time',
        'Description',
        'Secondary Email',
      ],
      {
        'Lead Owner': 'owner',
        Designation: 'jobTitle',
        Mobile: 'phone',
        'Lead Status': 'status',
        'Created Time': 'date',
        Description: 'notes',
        'Secondary Email': 'email',
      },
    ],
    [
      'Twenty',
      [
        'Id',
        'Name / First Name',
        'Name / Last Name',
        'Emails / Primary Email',
        'Emails / Additional Emails',
        'Linkedin / Link URL',
        'Phones / Primary Phone Number',
        'Phones / Primary Phone Calling Code',
        'Creation date',
      ],
      {
        'Name / First Name': 'firstName',
        'Name / Last Name': 'lastName',
        'Emails / Primary Email': 'email',
        'Linkedin / Link URL': 'profileUrl',
        'Phones / Primary Phone Number': 'phone',
        'Phones / Primary Phone Calling Code': 'phoneCode',
        'Creation date': 'date',
      },
    ],
    [
      'LinkedIn Connections',
      ['First Name', 'Last Name', 'URL', 'Email Address', 'Company', 'Position', 'Connected On'],
      {
        'First Name': 'firstName',
        'Last Name': 'lastName',
        URL: 'profileUrl',
        'Email Address': 'email',
        Company: 'company',
        Position: 'jobTitle',
        'Connected On': 'date',
      },
    ],
    [
      'Google Contacts (current and older)',
      [
        'Given Name',
        'Additional Name',
        'Family Name',
        'E-mail 1 - Label',
        'E-mail 1 - Value',
        'E-mail 2 - Value',
        'Phone 1 - Value',
        'Organization Name',
        'Organization 1 - Name',
        'Organization Title',
        'Labels',
      ],
      {
        'Given Name': 'firstName',
        'Additional Name': 'middleName',
        'Family Name': 'lastName',
        'E-mail 1 - Value': 'email',
        'Phone 1 - Value': 'phone',
        'Organization Name': 'company',
        'Organization 1 - Name': 'company',
        'Organization Title': 'jobTitle',
      },
    ],
    [
      'Outlook',
      [
        'Title',
        'E-mail Address',
        'E-mail 2 Address',
        'Business Phone',
        'Mobile Phone',
        'Home Phone',
        'Job Title',
        'Web Page',
      ],
      {
        'E-mail Address': 'email',
        'Business Phone': 'phone',
        'Mobile Phone': 'phone',
        'Home Phone': 'phone',
        'Job Title': 'jobTitle',
      },
    ],
    [
      'Mailchimp',
      ['Email Address', 'FNAME', 'LNAME', 'Address', 'Phone Number', 'MEMBER_RATING', 'OPTIN_TIME', 'TAGS'],
      {
        'Email Address': 'email',
        FNAME: 'firstName',
        LNAME: 'lastName',
        'Phone Number': 'phone',
        OPTIN_TIME: 'date',
      },
    ],
    [
      'Brevo',
      [
        'CONTACT ID',
        'EMAIL',
        'FIRSTNAME',
        'LASTNAME',
        'SMS',
        'WHATSAPP',
        'LANDLINE_NUMBER',
        'JOB_TITLE',
        'ADDED_TIME',
      ],
      {
        EMAIL: 'email',
        FIRSTNAME: 'firstName',
        LASTNAME: 'lastName',
        SMS: 'phone',
        WHATSAPP: 'phone',
        LANDLINE_NUMBER: 'phone',
        JOB_TITLE: 'jobTitle',
        ADDED_TIME: 'date',
      },
    ],
    [
      'German and French spreadsheets',
      ['Vorname', 'Nachname', 'E-Mail', 'Telefon', 'Firma', 'Prénom', 'Nom', 'Société', 'Téléphone'],
      {
        Vorname: 'firstName',
        Nachname: 'lastName',
        'E-Mail': 'email',
        Telefon: 'phone',
        Firma: 'company',
        Prénom: 'firstName',
        Nom: 'lastName',
        Société: 'company',
        Téléphone: 'phone',
      },
    ],
  ])('recognises the %s headers', (_tool, headers, expected) => {
    expect(fieldsOf(headers)).toEqual(expected);
  });

  it('orders the columns of one field most trusted first, whatever their order in the file', () => {
    const headers = [
      'Lifecycle Stage',
      'Mobile Phone Number',
      'Lead Status',
      'Phone Number',
      'Secondary Email',
      'Email',
    ];
    expect(mapImportHeader(headers).columns).toEqual({ status: [2, 0], phone: [3, 1], email: [5, 4] });
  });

  it('puts the user’s choices over the table: a field, or null for "don\'t import"', () => {
    const headers = ['Person', 'Reach me at', 'Notes', 'Company'];
    expect(mapImportHeader(headers).columns).toEqual({ notes: [2], company: [3] });
    const mapped = mapImportHeader(headers, { Person: 'name', 'reach me at': 'email', Notes: null });
    expect(mapped.fields).toEqual(['name', 'email', null, 'company']);
    // A chosen column comes before one the table found for the same field.
    expect(mapImportHeader(['Email', 'Work'], { Work: 'email' }).columns.email).toEqual([1, 0]);
  });

  it('knows a header row, and what an import needs from it', () => {
    const has = (headers: string[]) => [
      looksLikeLeadHeader(mapImportHeader(headers)),
      hasRequiredLeadColumns(mapImportHeader(headers)),
    ];
    expect(has(['Notes:'])).toEqual([false, false]);
    expect(has(['When exporting your connection data, you may notice'])).toEqual([false, false]);
    expect(has(['Name', 'Email'])).toEqual([true, true]);
    expect(has(['First Name', 'Phone'])).toEqual([true, true]);
    expect(has(['Last Name', 'URL'])).toEqual([true, true]);
    expect(has(['Name', 'Company'])).toEqual([true, false]);
    expect(has(['Email', 'Company'])).toEqual([true, false]);
  });

  it('maps other tools’ status values onto the five; unknown is New', () => {
    const cases: Record<string, string> = {
      NEW: 'New',
      OPEN: 'New',
      IN_PROGRESS: 'In Progress',
      OPEN_DEAL: 'Qualified',
      UNQUALIFIED: 'Lost',
      ATTEMPTED_TO_CONTACT: 'In Progress',
      CONNECTED: 'In Progress',
      BAD_TIMING: 'Lost',
      'Open - Not Contacted': 'New',
      'Working - Contacted': 'In Progress',
      'Closed - Converted': 'Converted',
      'Closed - Not Converted': 'Lost',
      'Not Contacted': 'New',
      'Contact in Future': 'In Progress',
      'Pre-Qualified': 'Qualified',
      'Junk Lead': 'Lost',
      'Lost Lead': 'Lost',
      'Not Qualified': 'Lost',
      customer: 'Converted',
      salesqualifiedlead: 'Qualified',
      'in progress': 'In Progress',
      qualified: 'Qualified',
      Won: 'New',
      '': 'New',
      'something else': 'New',
    };
    for (const [value, status] of Object.entries(cases))
      expect(importedLeadStatus(value), value).toBe(status);
  });

  it('maps priorities and temperatures; unknown is Medium', () => {
    const cases: Record<string, string> = {
      high: 'High',
      LOW: 'Low',
      Hot: 'High',
      'Warm lead': 'Medium',
      'Cold lead': 'Low',
      Urgent: 'Medium',
      '': 'Medium',
    };
    for (const [value, priority] of Object.entries(cases))
      expect(importedLeadPriority(value), value).toBe(priority);
  });
});
