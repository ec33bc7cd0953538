import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINANCE_MESSAGES as M } from '../../src/shared/messages';
import { formatMoney } from '../../src/shared/money';
import { createTestApp, type TestApp } from './support/test-app';
import { testClock, type TestClock } from './support/leads';
import { call, insertUser, insertWorkspace, type TestUser } from './support/users';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { openPdf, pdfPageTexts } from '../support/pdf-text';

const PROFILE = {
  legalName: 'Studio Sagar Private Limited',
  addressLine1: '12 MG Road',
  city: 'Bengaluru',
  country: 'IN',
  stateCode: '29',
  taxId: '29ABCDE1234F1ZW',
  email: 'accounts@sagar.test',
  currency: 'INR',
  defaultRateBp: 1800,
  fyStartMonth: 4,
  paymentTermsDays: 15,
  upiId: 'studiosagar@okhdfc',
  bankDetails: 'HDFC Bank, MG Road\nAccount 50200012345678, IFSC HDFC0000123',
};

/**
 * The invoice as a document (docs/product/finance.md#the-document), on SQLite and PostgreSQL: its PDF
 * parsed (the text and figures, the PDF/A-3 identification, the Factur-X XML for an EU buyer) and e-mailed
 * with the PDF attached through the outbox to a real SMTP server on loopback.
 */
describe('invoice documents', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let boss: TestUser;
  let stranger: TestUser;
  let clientId: string;
  let clock: TestClock;

  const draft = async (client: string) =>
    (
      await call(t.app, 'POST', '/api/invoices', boss.headers, {
        clientId: client,
        issueDate: '2026-11-29',
        lines: [
          {
            description: 'Brand refresh',
            sac: '998361',
            quantityMilli: 2500,
            unit: 'hrs',
            unitPrice: 240_000,
            category: 'standard',
            rateBp: 1800,
          },
        ],
      })
    ).json().invoice;
  const pdf = (id: string, who: TestUser = boss) =>
    call(t.app, 'GET', `/api/invoices/${id}/pdf`, who.headers);

  beforeAll(async () => {
    sink = await startSmtpSink({ user: 'mailer@agency.test', pass: 'sink-pass-1' });
    t = await createTestApp({
      allowPrivateSmtp: true,
      smtpAllowPlaintextLoopback: true,
      smtpUrl: `smtp://${encodeURIComponent(sink.user)}:${sink.pass}@127.0.0.1:${sink.port}`,
      clock: (clock = testClock('2026-11-29T09:00:00.000Z')).read,
    });
    const studio = await insertWorkspace(t, { name: 'Document Studio' });
    boss = await insertUser(t, { workspaceId: studio.id, role: 'Business Admin', username: 'doc-boss' });
    const other = await insertWorkspace(t, { name: 'Other Document Studio' });
    stranger = await insertUser(t, { workspaceId: other.id, role: 'Business Admin', username: 'doc-other' });
    await call(t.app, 'PUT', '/api/finance/settings', boss.headers, PROFILE);
    clientId = (
      await call(t.app, 'POST', '/api/clients', boss.headers, {
        name: 'Kaveri Foods',
        country: 'IN',
        state: 'Karnataka',
        currency: 'INR',
        contacts: [{ name: 'Asha', email: 'asha@kaveri.test' }],
      })
    ).json().client._id;
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('draws a draft watermarked DRAFT, without a number', async () => {
    const answer = await pdf((await draft(clientId))._id);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    const text = (await pdfPageTexts(await openPdf(answer.rawPayload))).join(' ');
    expect(text).toContain('DRAFT');
    expect(text).not.toMatch(/INV\/26-27/);
  });

  it('draws a final invoice with the screen’s figures, its fonts embedded, identified as PDF/A-3', async () => {
    const id = (await draft(clientId))._id;
    const invoice = (await call(t.app, 'POST', `/api/invoices/${id}/finalise`, boss.headers)).json().invoice;
    const answer = await pdf(id);
    expect(answer.headers['content-disposition']).toBe('attachment; filename="INV-26-27-0001.pdf"');
    const text = (await pdfPageTexts(await openPdf(answer.rawPayload))).join(' ');
    // 2.5 h × ₹2,400 = ₹6,000; CGST and SGST ₹540 each; ₹7,080.
    expect(invoice.totals.total).toBe(708_000);
    for (const shown of [
      'INV/26-27/0001',
      'Studio Sagar Private Limited',
      '29ABCDE1234F1ZW',
      'Kaveri Foods',
      '29 - Karnataka',
      '998361',
      formatMoney(600_000, 'INR'),
      formatMoney(54_000, 'INR'),
      formatMoney(708_000, 'INR'),
      'CGST',
      'SGST',
      invoice.amountInWords,
      'Scan to pay with UPI',
    ])
      expect(text, shown).toContain(shown);
    const raw = answer.rawPayload.toString('latin1');
    expect(raw).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(raw).not.toMatch(/\/BaseFont\s*\/Helvetica/);
    expect((raw.match(/\/Type \/FontDescriptor/g) ?? []).length).toBe(
      (raw.match(/\/FontFile2 /g) ?? []).length,
    );
  });

  it('embeds the EN 16931 invoice (Factur-X) for a client in the EU', async () => {
    const french = (
      await call(t.app, 'POST', '/api/clients', boss.headers, {
        name: 'Maison Lumière',
        country: 'FR',
        currency: 'EUR',
        taxId: 'FR12345678901',
      })
    ).json().client._id;
    const id = (await draft(french))._id;
    const number = (await call(t.app, 'POST', `/api/invoices/${id}/finalise`, boss.headers)).json().invoice
      .number;
    const attachments = (await (await openPdf((await pdf(id)).rawPayload)).getAttachments()) as Record<
      string,
      { filename: string; content: Uint8Array }
    >;
    const xml = Buffer.from(attachments['factur-x.xml']!.content).toString('utf8');
    expect(xml).toContain(`<ram:ID>${number}</ram:ID>`);
    expect(xml).toContain('urn:cen.eu:en16931:2017');
    expect(xml).toContain('currencyID="EUR"');
  });

  it('e-mails a final invoice with its PDF through the outbox, and refuses a draft', async () => {
    const drafted = await draft(clientId);
    const refused = await call(t.app, 'POST', `/api/invoices/${drafted._id}/send`, boss.headers, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.sendDraft);
    const final = (await call(t.app, 'POST', `/api/invoices/${drafted._id}/finalise`, boss.headers)).json()
      .invoice;
    const sent = await call(t.app, 'POST', `/api/invoices/${final._id}/send`, boss.headers, {
      message: 'Thanks for the quick turnaround.',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ message: M.sent('asha@kaveri.test') });
    expect(sent.json().invoice.sentAt).toBe('2026-11-29T09:00:00.000Z');
    await t.app.outbox.deliverDue();
    const [mail] = await sink.waitFor((m) => m.subject.includes(final.number));
    expect(mail).toMatchObject({
      to: 'asha@kaveri.test',
      replyTo: 'accounts@sagar.test',
      subject: `Invoice ${final.number} from Studio Sagar Private Limited`,
    });
    expect(mail!.text).toContain('Thanks for the quick turnaround.');
    expect(mail!.attachments).toHaveLength(1);
    expect(mail!.attachments[0]).toMatchObject({
      filename: `${final.number.replaceAll('/', '-')}.pdf`,
      contentType: 'application/pdf',
    });
    const attached = (await pdfPageTexts(await openPdf(mail!.attachments[0]!.content))).join(' ');
    expect(attached).toContain(final.number);
    // Delivered: the outbox keeps the log line, not the file.
    expect(await t.database.handle.db.selectFrom('mail_attachments').selectAll().execute()).toEqual([]);
  });

  it('reminds the client of an unpaid invoice before, on and after its due date, once each, unless stopped', async () => {
    const drafted = (
      await call(t.app, 'POST', '/api/invoices', boss.headers, {
        clientId,
        issueDate: '2026-11-29',
        dueDate: '2026-12-02',
        lines: [{ description: 'Retainer', quantityMilli: 1000, unitPrice: 500_000, rateBp: 1800 }],
      })
    ).json().invoice;
    const final = (await call(t.app, 'POST', `/api/invoices/${drafted._id}/finalise`, boss.headers)).json()
      .invoice;
    const reminded = () =>
      sink.messages.filter(
        (m) => m.subject === `Reminder: invoice ${final.number} from Studio Sagar Private Limited`,
      );
    const at = async (day: string) => {
      clock.now = new Date(`${day}T09:00:00.000Z`);
      const queued = await t.app.reminders.sweep();
      await t.app.outbox.deliverDue();
      return queued;
    };
    try {
      // 3 days before the due date, once however often the sweep looks.
      expect(await at('2026-11-29')).toBe(1);
      expect(await at('2026-11-29')).toBe(0);
      const [before] = await sink.waitFor(
        (m) => m.subject.includes(final.number) && m.subject.startsWith('Reminder'),
      );
      expect(before!.to).toBe('asha@kaveri.test');
      expect(before!.text).toContain(`is due on 2026-12-02`);
      expect(before!.attachments[0]!.contentType).toBe('application/pdf');
      expect(await at('2026-12-02')).toBe(1);
      const paused = await call(t.app, 'PUT', `/api/invoices/${final._id}/reminders`, boss.headers, {
        paused: true,
      });
      expect(paused.json()).toMatchObject({ message: M.remindersPaused, invoice: { remindersPaused: true } });
      expect(await at('2026-12-09')).toBe(0);
      await call(t.app, 'PUT', `/api/invoices/${final._id}/reminders`, boss.headers, { paused: false });
      expect(await at('2026-12-09')).toBe(1);
      await sink.waitFor((m) => m.subject.includes(final.number) && m.subject.startsWith('Reminder'), 3);
      expect(reminded().map((m) => m.text.split('\n').find((l) => l.includes(final.number)))).toEqual([
        `This is a friendly reminder that invoice ${final.number} for ₹5,900.00 is due on 2026-12-02.`,
        `Invoice ${final.number} for ₹5,900.00 is due today (2026-12-02).`,
        `Invoice ${final.number} was due on 2026-12-02, and ₹5,900.00 is still unpaid.`,
      ]);
      // Paid: no more reminders.
      await call(t.app, 'POST', '/api/payments', boss.headers, {
        clientId,
        date: '2026-12-10',
        amount: 590_000,
        method: 'upi',
        allocations: [{ invoiceId: final._id, amount: 590_000 }],
      });
      expect(await at('2026-12-23')).toBe(0);
    } finally {
      clock.now = new Date('2026-11-29T09:00:00.000Z');
    }
  });

  it('answers another workspace’s invoice document as not found', async () => {
    const id = (await draft(clientId))._id;
    expect((await pdf(id, stranger)).statusCode).toBe(404);
    expect((await call(t.app, 'POST', `/api/invoices/${id}/send`, stranger.headers, {})).statusCode).toBe(
      404,
    );
  });
});
