import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_MESSAGES } from '../../src/shared/messages';
import type { Lead } from '../../src/shared/schemas/leads';
import {
  createLeadsTestApp,
  emptyWorkspaceOwner,
  importCsv,
  insertLeads,
  listLeads,
  parseQuotedCsv,
  testClock,
} from './support/leads';
import type { TestApp } from './support/test-app';
import type { TestUser } from './support/users';

/**
 * docs/product/leads.md, "Import what people have": the exports an agency brings on its first day, each written from
 * its tool's published column list (tests/fixtures/lead-imports/), go through POST /api/leads/import with
 * no mapping and arrive as leads: headers recognised, first and last names joined, status values mapped
 * onto the spec's five, delimiter and preamble found, encodings decoded, rows without an e-mail kept when
 * they have a phone or a profile URL.
 */
describe('POST /api/leads/import: the formats people have (docs/product/leads.md)', () => {
  const clock = testClock('2024-06-15T09:30:00.000Z');
  const TODAY = clock.now.toISOString();
  const fixture = (name: string) =>
    fs.readFileSync(new URL(`../fixtures/lead-imports/${name}`, import.meta.url));
  let t: TestApp;

  beforeAll(async () => {
    t = await createLeadsTestApp(clock);
  });
  afterAll(async () => t.close());

  /** Imports the fixture into a workspace of its own; answers the import's result and the leads by name. */
  async function importFixture(name: string) {
    const owner = await emptyWorkspaceOwner(t, `Import ${name}`);
    const response = await importCsv(t.app, owner.headers, fixture(name), name);
    expect(response.statusCode, response.body).toBe(200);
    const leads = (await listLeads(t.app, owner, { limit: 100 })).leads;
    const byName = Object.fromEntries(leads.map((lead) => [lead.name, lead])) as Record<string, Lead>;
    expect(Object.keys(byName)).toHaveLength(leads.length);
    return { owner, result: response.json(), byName, leads };
  }
  const DEFAULTS = { source: 'Import', priority: 'Medium', status: 'New' } as const;

  it('HubSpot contacts: names joined, Lead Status values mapped (Lifecycle Stage when empty), mobile when no phone', async () => {
    const { result, byName } = await importFixture('hubspot.csv');
    expect(result).toEqual({ imported: 9, skipped: 0, errors: [] });
    expect(byName['Anika Sharma']).toMatchObject({
      ...DEFAULTS,
      email: 'anika.sharma@brightpath.test',
      phone: '+1 415 555 0101',
      company: 'Brightpath Media',
      notes: 'Marketing Director',
      date: '2024-03-04T09:15:00.000Z',
      lastContact: '2024-03-04',
    });
    expect(byName["Ben O'Connor"]).toMatchObject({
      email: 'ben@oconnor.test',
      phone: '+44 7700 900123',
      company: "O'Connor & Sons, Ltd",
      status: 'In Progress',
    });
    expect(byName['Chloé Dubois']).toMatchObject({ email: 'chloe.dubois@atelier.test', status: 'Qualified' });
    const statuses = Object.fromEntries(Object.values(byName).map((lead) => [lead.name, lead.status]));
    expect(statuses).toEqual({
      'Anika Sharma': 'New', // NEW
      "Ben O'Connor": 'In Progress', // IN_PROGRESS
      'Chloé Dubois': 'Qualified', // OPEN_DEAL
      'Dev Patel': 'Lost', // UNQUALIFIED
      'Emma Li': 'In Progress', // Attempted to contact (the label, not the internal value)
      'Farid Haddad': 'In Progress', // CONNECTED
      'Grace Kim': 'Lost', // BAD_TIMING
      'Hiro Tanaka': 'Converted', // no Lead Status; Lifecycle Stage Customer
      'Isla Brown': 'New', // OPEN
    });
  });

  it('Salesforce leads report: Lead Status, Lead Source, Rating as priority, Description as notes', async () => {
    const { result, byName } = await importFixture('salesforce.csv');
    expect(result).toEqual({ imported: 5, skipped: 0, errors: [] });
    expect(byName['Lena Fischer']).toMatchObject({
      email: 'lena.fischer@fischersolar.test',
      phone: '+49 89 1234 5678',
      company: 'Fischer Solar GmbH',
      status: 'New',
      source: 'Web',
      priority: 'High',
      notes: 'Asked for a quote on the website',
      // 3/1/2024 could be March or January: an ambiguous day is not guessed, the lead is dated today.
      date: TODAY,
    });
    expect(byName['Tom Walsh']).toMatchObject({
      phone: '+1 (503) 555-0199',
      status: 'In Progress',
      source: 'Partner Referral',
      priority: 'Medium',
    });
    expect(byName['Amara Okafor']).toMatchObject({
      status: 'Converted',
      priority: 'Low',
      notes: 'Met at the Lagos expo, "very keen"',
    });
    expect(byName['Julia Santos']).toMatchObject({
      status: 'Lost',
      source: 'Phone Inquiry',
      priority: 'Medium',
    });
    expect(byName['Kenji Mori']).toMatchObject({ status: 'Qualified', priority: 'High' });
  });

  it('Pipedrive persons: "Person - Name", work e-mail else home, labels as priority', async () => {
    const { result, byName } = await importFixture('pipedrive.csv');
    expect(result).toEqual({ imported: 4, skipped: 0, errors: [] });
    expect(byName['Olivia Martin']).toMatchObject({
      ...DEFAULTS,
      email: 'olivia@martinevents.test',
      phone: '+33 6 11 22 33 44',
      company: 'Martin Events',
      priority: 'High',
      notes: 'Event Manager',
      date: '2024-02-20T14:30:00.000Z',
    });
    expect(byName['Pedro Alves']).toMatchObject({
      email: 'pedro.alves@home.test',
      phone: '+55 11 91234 5678',
      company: 'Alves Construções',
      priority: 'Medium',
    });
    expect(byName['Quinn Taylor']).toMatchObject({
      email: 'quinn@taylor.test',
      priority: 'Low',
      company: '',
    });
    expect(byName['Rosa Núñez']).toMatchObject({ company: 'Núñez Legal', priority: 'Medium', status: 'New' });
  });

  it('Zoho CRM leads: every Lead Status of the default picklist lands on one of the five', async () => {
    const { result, byName } = await importFixture('zoho.csv');
    expect(result).toEqual({ imported: 8, skipped: 0, errors: [] });
    expect(byName['Simran Kaur']).toMatchObject({
      email: 'simran@kaurtextiles.test',
      phone: '+91 22 4000 1234',
      company: 'Kaur Textiles',
      source: 'Advertisement',
      status: 'New',
      priority: 'Medium',
      notes: 'Buyer',
      date: '2024-01-15T10:00:00.000Z',
    });
    expect(byName['Tomás Vega']).toMatchObject({
      phone: '+34 600 123 456',
      notes: 'Call back after the holidays',
    });
    expect(Object.fromEntries(Object.values(byName).map((lead) => [lead.name, lead.status]))).toEqual({
      'Simran Kaur': 'New', // Not Contacted
      'Tomás Vega': 'In Progress', // Attempted to Contact
      'Ulla Berg': 'In Progress', // Contacted
      'Victor Green': 'Qualified', // Pre-Qualified
      'Walt Junk': 'Lost', // Junk Lead
      'Xena Lost': 'Lost', // Lost Lead
      'Yara Future': 'In Progress', // Contact in Future
      'Zack Nope': 'Lost', // Not Qualified
    });
  });

  it('Twenty people: "Name / First Name", primary e-mail and phone with its calling code, LinkedIn link', async () => {
    const { result, byName } = await importFixture('twenty.csv');
    expect(result).toEqual({ imported: 3, skipped: 0, errors: [] });
    expect(byName['Noah Schmidt']).toMatchObject({
      ...DEFAULTS,
      email: 'noah.schmidt@schmidt-it.test',
      phone: '+49 1701234567',
      company: 'Schmidt IT',
      notes: 'Head of IT\nhttps://www.linkedin.com/in/noahschmidt',
      date: '2024-05-02T08:00:00.000Z',
    });
    expect(byName['Maya Cohen']).toMatchObject({ email: 'maya@cohen.test', phone: '', notes: 'Designer' });
    // No e-mail, but a phone and a profile: kept.
    expect(byName['Liam Walker']).toMatchObject({
      email: '',
      phone: '+44 7700900456',
      notes: 'Consultant\nhttps://www.linkedin.com/in/liam-walker-uk',
    });
  });

  it('LinkedIn Connections.csv: the notes before the header are skipped, rows without an e-mail kept', async () => {
    const { result, byName } = await importFixture('linkedin-connections.csv');
    // The last row has no name at all (a closed account): refused with its reason, counted from the header.
    expect(result).toEqual({
      imported: 5,
      skipped: 0,
      errors: [{ row: 6, message: LEAD_MESSAGES.nameRequired }],
    });
    expect(byName['Aarav Mehta']).toMatchObject({
      ...DEFAULTS,
      email: 'aarav.mehta@mehtadigital.test',
      company: 'Mehta Digital',
      // No profile-URL column on a lead: Position and URL go to the notes, as Botgit's "Add to leads" does.
      notes: 'Founder\nhttps://www.linkedin.com/in/aaravmehta',
      // "Connected On" is when the lead began: a named month is not ambiguous.
      date: '2024-03-12T12:00:00.000Z',
    });
    expect(byName['Sofia García']).toMatchObject({
      ...DEFAULTS,
      email: '',
      phone: '',
      company: 'Luna, Sol & Co',
      notes: 'Head of Growth\nhttps://www.linkedin.com/in/sofia-garcia-3b2a1',
      date: '2024-01-03T12:00:00.000Z',
    });
    expect(byName['Kwame Asante']).toMatchObject({ email: '', company: 'Asante Ventures' });
    expect(byName['Mei Chen']).toMatchObject({
      email: 'mei.chen@chenlabs.test',
      date: '2023-11-15T12:00:00.000Z',
    });
    expect(byName['Lucas Rossi']).toMatchObject({
      email: '',
      notes: 'https://www.linkedin.com/in/lucas-rossi',
    });
  });

  it('Google Contacts: "E-mail 1 - Value", "Phone 1 - Value", Organization Name; several values in one cell', async () => {
    const { result, byName } = await importFixture('google-contacts.csv');
    expect(result).toEqual({ imported: 3, skipped: 0, errors: [] });
    expect(byName['Hannah Schulz']).toMatchObject({
      email: 'hannah@schulz-baeckerei.test',
      phone: '+49 170 1234567',
      company: 'Schulz Bäckerei',
      notes: 'Met at the trade fair\nOwner',
    });
    // Middle name joined; Google's " ::: " between two values of one field: the first is taken.
    expect(byName['Omar Karim Farouk']).toMatchObject({
      email: 'omar@faroukdental.test',
      phone: '+20 2 2345 6789',
      company: 'Farouk Dental',
      notes: '',
    });
    expect(byName['Nadia Petrova']).toMatchObject({ email: '', phone: '+7 912 345-67-89' });
  });

  it('Outlook contacts: "E-mail Address", business or mobile or home phone; the courtesy Title is not a job', async () => {
    const { result, byName } = await importFixture('outlook.csv');
    expect(result).toEqual({ imported: 3, skipped: 0, errors: [] });
    expect(byName['Paul Dupont']).toMatchObject({
      email: 'paul.dupont@dupontconseil.test',
      phone: '+33 1 40 00 00 01',
      company: 'Dupont Conseil',
      notes: 'Prefers e-mail\nConsultant',
    });
    expect(byName['Rachel Anne Green']).toMatchObject({ phone: '+1 212 555 0188', notes: 'Buyer' });
    expect(byName['Sam Wilson']).toMatchObject({ email: '', phone: '+1 202 555 0111', notes: '' });
  });

  it('Mailchimp audience: "Email Address" first, OPTIN_TIME as the date, a subscriber without a name refused', async () => {
    const { result, byName } = await importFixture('mailchimp.csv');
    expect(result).toEqual({
      imported: 2,
      skipped: 0,
      errors: [{ row: 3, message: LEAD_MESSAGES.nameRequired }],
    });
    expect(byName['Tara Singh']).toMatchObject({
      ...DEFAULTS,
      email: 'tara.singh@singhstudio.test',
      phone: '+44 20 7946 0000',
      company: 'Singh Studio',
      notes: '',
      date: '2024-02-11T08:30:12.000Z',
    });
    expect(byName['Ugo Bianchi']).toMatchObject({
      email: 'ugo.bianchi@bianchi.test',
      company: 'Bianchi SRL',
    });
  });

  it('Brevo contacts: EMAIL, FIRSTNAME, LASTNAME, SMS / WHATSAPP / LANDLINE_NUMBER as the phone', async () => {
    const { result, byName } = await importFixture('brevo.csv');
    expect(result).toEqual({ imported: 3, skipped: 0, errors: [] });
    expect(byName['Victor Laurent']).toMatchObject({
      email: 'victor.laurent@laurent.test',
      phone: '33612345678',
      company: 'Laurent & Fils',
      notes: 'Gérant',
      date: '2024-04-01T10:00:00.000Z',
    });
    expect(byName['Wen Zhao']).toMatchObject({ phone: '8613800138000' });
    expect(byName['Xavier Moreau']).toMatchObject({
      email: '',
      phone: '+33 4 78 00 00 00',
      company: 'Moreau SA',
    });
  });

  it('an Excel file with a BOM and semicolons: commas stay inside cells', async () => {
    const { result, byName } = await importFixture('excel-semicolon-bom.csv');
    expect(result).toEqual({ imported: 3, skipped: 0, errors: [] });
    expect(byName['Zoë Müller']).toMatchObject({
      email: 'zoe.mueller@example.test',
      phone: '+49 30 123456',
      company: 'Müller, Schmidt & Partner',
      notes: 'Wants a quote, 2 sites',
    });
    expect(byName['Giulia Rossi']).toMatchObject({ company: 'Rossi; Bianchi & C.' });
    expect(byName['Jan Novák']).toMatchObject({ company: 'Novák s.r.o.' });
  });

  it('a Windows-1252 file (German Excel, semicolons, German headers) arrives unmangled', async () => {
    const { result, byName } = await importFixture('windows-1252.csv');
    expect(result).toEqual({ imported: 3, skipped: 0, errors: [] });
    expect(byName['Jürgen Müller']).toMatchObject({
      email: 'juergen.mueller@example.test',
      phone: '+49 30 1234567',
      company: 'Müller & Söhne GmbH',
      notes: 'Budget 5.000 €',
    });
    expect(byName['François Lefèvre']).toMatchObject({ company: 'Café Crème SARL', notes: 'Très intéressé' });
    expect(byName['Åsa Øberg']).toMatchObject({ company: 'Øberg Design' });
  });

  it('an Excel "Unicode Text" file (UTF-16 LE with a BOM, tabs) arrives unmangled', async () => {
    const { result, byName } = await importFixture('utf16le-bom.csv');
    expect(result).toEqual({ imported: 3, skipped: 0, errors: [] });
    expect(byName['Łukasz Nowak']).toMatchObject({
      email: 'lukasz@nowak.test',
      company: 'Nowak Sp. z o.o.',
      status: 'Qualified',
    });
    expect(byName['山田 太郎']).toMatchObject({ company: '山田商事', status: 'In Progress' });
    expect(byName['Ελένη Παππά']).toMatchObject({ email: 'eleni@pappas.test', status: 'New' });
  });

  describe('leads without an e-mail', () => {
    it('a file with a Name and a Phone column imports; without any way to reach a lead it is refused', async () => {
      const owner = await emptyWorkspaceOwner(t, 'Phones only');
      const phones = await importCsv(
        t.app,
        owner.headers,
        'Name,Phone\r\nAsha Rao,+91 90000 00001\r\nNo Phone,\r\n',
      );
      expect(phones.json()).toEqual({
        imported: 1,
        skipped: 0,
        errors: [{ row: 2, message: LEAD_MESSAGES.emailRequired }],
      });
      const [lead] = (await listLeads(t.app, owner)).leads;
      expect(lead).toMatchObject({ name: 'Asha Rao', email: '', phone: '+91 90000 00001', ...DEFAULTS });
      const noContact = await importCsv(t.app, owner.headers, 'Name,Company\r\nA,B\r\n');
      expect(noContact.statusCode).toBe(400);
      expect(noContact.json()).toEqual({ message: LEAD_MESSAGES.missingColumns });
    });

    it('the duplicate check skips empty e-mails; the same e-mail-less row twice in one file is one lead', async () => {
      const owner = await emptyWorkspaceOwner(t, 'No e-mails');
      await insertLeads(t, owner.workspaceId, [{ name: 'Already Here', email: '', phone: '+1 555 0100' }]);
      const csv = [
        'Name,Email,Phone',
        'Bo Li,,+86 10 1234 5678',
        'Cy Ng,,+65 6000 0000',
        'Bo Li,,+86 10 1234 5678',
        'Dee Roy,dee@roy.test,',
        'Eve Ray,,+1 555 0100',
      ].join('\r\n');
      // Eve Ray has no e-mail either, and is no one's duplicate by it; by phone she is Already Here's
      // possible duplicate (docs/product/leads.md#duplicates), left out and reported.
      expect((await importCsv(t.app, owner.headers, csv)).json()).toEqual({
        imported: 3,
        skipped: 2,
        errors: [],
        possibleDuplicates: {
          count: 1,
          rows: [
            {
              row: 5,
              name: 'Eve Ray',
              reason: 'phone',
              lead: { id: expect.any(String), name: 'Already Here' },
              sameAsRow: null,
            },
          ],
        },
      });
      const leads = (await listLeads(t.app, owner, { limit: 100, sort: 'name', order: 'asc' })).leads;
      expect(leads.map((lead) => [lead.name, lead.email])).toEqual([
        ['Already Here', ''],
        ['Bo Li', ''],
        ['Cy Ng', ''],
        ['Dee Roy', 'dee@roy.test'],
      ]);
    });

    it('an e-mail-less lead is listed, searched, edited, exported and read back in', async () => {
      const source = await emptyWorkspaceOwner(t, 'Export no e-mail');
      await importCsv(t.app, source.headers, 'First Name,Last Name,Mobile\r\nRia,Sen,+91 98888 77777\r\n');
      const [lead] = (await listLeads(t.app, source, { search: '98888' })).leads;
      expect(lead).toMatchObject({ name: 'Ria Sen', email: '', phone: '+91 98888 77777' });
      // The side panel sends only what changed: an edit that leaves the e-mail alone is saved.
      const edited = await t.app.inject({
        method: 'PUT',
        url: `/api/leads/${lead!.id}`,
        headers: source.headers,
        payload: { company: 'Sen Studio', status: 'Qualified' },
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json().lead).toMatchObject({ email: '', company: 'Sen Studio', status: 'Qualified' });
      // Giving it an e-mail later is checked as ever.
      const bad = await t.app.inject({
        method: 'PUT',
        url: `/api/leads/${lead!.id}`,
        headers: source.headers,
        payload: { email: 'not-an-email' },
      });
      expect(bad.json().message).toBe(LEAD_MESSAGES.emailInvalid);
      const exported = await t.app.inject({
        method: 'GET',
        url: '/api/leads/export',
        headers: source.headers,
      });
      const rows = parseQuotedCsv(exported.body);
      expect(rows[1]!.slice(0, 5)).toEqual(['Ria Sen', '', "'+91 98888 77777", 'Sen Studio', 'Qualified']);
      const target = await emptyWorkspaceOwner(t, 'Import no e-mail');
      expect((await importCsv(t.app, target.headers, exported.body)).json()).toEqual({
        imported: 1,
        skipped: 0,
        errors: [],
      });
      expect((await listLeads(t.app, target)).leads[0]).toMatchObject({
        name: 'Ria Sen',
        email: '',
        phone: '+91 98888 77777',
        company: 'Sen Studio',
        status: 'Qualified',
      });
    });
  });

  describe('a mapping chosen by the user (the `mapping` field)', () => {
    const importWith = async (user: TestUser, csv: string, mapping: string) => {
      const form = new FormData();
      form.append('mapping', mapping);
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'leads.csv');
      const request = new Response(form);
      return t.app.inject({
        method: 'POST',
        url: '/api/leads/import',
        headers: { ...user.headers, 'content-type': request.headers.get('content-type')! },
        payload: Buffer.from(await request.arrayBuffer()),
      });
    };
    const CSV =
      'Person,Reach me at,Notes,Company\r\nAda Lovelace,ada@engine.test,met at a talk,Engines Ltd\r\n';

    it('maps columns the table does not know, and leaves out a column mapped to null', async () => {
      const owner = await emptyWorkspaceOwner(t, 'Mapped');
      // Without a mapping the file names no e-mail or name column.
      expect((await importCsv(t.app, owner.headers, CSV)).json()).toEqual({
        message: LEAD_MESSAGES.missingColumns,
      });
      const mapping = JSON.stringify({ Person: 'name', 'Reach me at': 'email', Notes: null });
      const response = await importWith(owner, CSV, mapping);
      expect(response.json()).toEqual({ imported: 1, skipped: 0, errors: [] });
      // Company, not in the mapping, keeps its automatic match.
      expect((await listLeads(t.app, owner)).leads[0]).toMatchObject({
        name: 'Ada Lovelace',
        email: 'ada@engine.test',
        company: 'Engines Ltd',
        notes: '',
      });
    });

    it('answers 400 with a message for a mapping it cannot use, and stores nothing', async () => {
      const owner = await emptyWorkspaceOwner(t, 'Bad mappings');
      for (const [mapping, message] of [
        ['{"Person": "name",', LEAD_MESSAGES.mappingInvalid],
        ['["name"]', LEAD_MESSAGES.mappingInvalid],
        ['{"Person": "shoe size"}', LEAD_MESSAGES.mappingInvalid],
        ['{"Nickname": "name", "Reach me at": "email"}', LEAD_MESSAGES.mappingUnknownColumn('Nickname')],
      ] as const) {
        const response = await importWith(owner, CSV, mapping);
        expect(response.statusCode, mapping).toBe(400);
        expect(response.json(), mapping).toEqual({ message });
      }
      expect((await listLeads(t.app, owner)).leads).toEqual([]);
    });
  });
});
