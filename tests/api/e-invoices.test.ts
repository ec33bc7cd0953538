import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINANCE_MESSAGES as M } from '../../src/shared/messages';
import { createTestApp, type TestApp } from './support/test-app';
import { testClock } from './support/leads';
import { call, insertUser, insertWorkspace, type TestUser } from './support/users';

const PROFILE = {
  legalName: 'Studio Sagar Private Limited',
  addressLine1: '12 MG Road',
  addressLine2: 'Ashok Nagar',
  city: 'Bengaluru',
  postalCode: '560001',
  country: 'IN',
  stateCode: '29',
  taxId: '29ABCDE1234F1ZW',
  email: 'accounts@sagar.test',
  currency: 'INR',
  defaultRateBp: 1800,
  defaultSac: '998361',
  fyStartMonth: 4,
  paymentTermsDays: 15,
};

const service = (description: string, unitPrice: number, over: object = {}) => ({
  description,
  sac: '998361',
  quantityMilli: 1000,
  unit: 'item',
  unitPrice,
  category: 'standard',
  rateBp: 1800,
  ...over,
});

type Item = { AssAmt: number; CgstAmt: number; SgstAmt: number; IgstAmt: number; TotItemVal: number };
const cents = (value: number) => Math.round(value * 100);

/**
 * The Indian e-invoice export (docs/product/finance.md#e-invoices), on SQLite and PostgreSQL: the IRP
 * schema's fields from the invoice's own figures, items adding up to the document to the paisa, credit
 * notes naming the invoice they correct, exports to a buyer abroad; refused for drafts, VAT invoices and
 * parties that lack what the schema needs, and 404 for another workspace.
 */
describe('e-invoices', () => {
  let t: TestApp;
  let boss: TestUser;
  let stranger: TestUser;
  let b2bClient: string;

  const finalInvoice = async (clientId: string, lines: object[]) => {
    const draft = (
      await call(t.app, 'POST', '/api/invoices', boss.headers, { clientId, issueDate: '2026-11-29', lines })
    ).json().invoice;
    return (await call(t.app, 'POST', `/api/invoices/${draft._id}/finalise`, boss.headers)).json().invoice;
  };
  const eInvoice = (id: string, who: TestUser = boss) =>
    call(t.app, 'GET', `/api/invoices/${id}/e-invoice`, who.headers);

  beforeAll(async () => {
    t = await createTestApp({ clock: testClock('2026-11-29T09:00:00.000Z').read });
    const studio = await insertWorkspace(t, { name: 'E-invoice Studio' });
    boss = await insertUser(t, { workspaceId: studio.id, role: 'Business Admin', username: 'irp-boss' });
    const other = await insertWorkspace(t, { name: 'Other E-invoice Studio' });
    stranger = await insertUser(t, { workspaceId: other.id, role: 'Business Admin', username: 'irp-other' });
    await call(t.app, 'PUT', '/api/finance/settings', boss.headers, PROFILE);
    b2bClient = (
      await call(t.app, 'POST', '/api/clients', boss.headers, {
        name: 'Marine Drive Media',
        legalName: 'Marine Drive Media Private Limited',
        taxId: '27AAPFU0939F1ZV',
        addressLine1: '7 Nariman Point',
        city: 'Mumbai',
        postalCode: '400021',
        country: 'IN',
        state: 'Maharashtra',
        currency: 'INR',
        contacts: [{ name: 'Rohan', email: 'rohan@mdm.test' }],
      })
    ).json().client._id;
  });
  afterAll(async () => t.close());

  it('exports a final B2B invoice in the IRP schema, its items adding up to the document to the paisa', async () => {
    // Three ₹333.33 lines and one exempt ₹1,000 line, to Maharashtra: IGST 18 % on ₹999.99 = ₹180.00.
    const invoice = await finalInvoice(b2bClient, [
      service('Post design', 33_333),
      service('Post copy', 33_333),
      service('Post scheduling', 33_333),
      service('Training', 100_000, { category: 'exempt', rateBp: 0, exemptReason: 'Educational service' }),
    ]);
    const answer = await eInvoice(invoice._id);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="${invoice.number.replaceAll('/', '-')}.e-invoice.json"`,
    );
    const json = answer.json();
    expect(json).toMatchObject({
      Version: '1.1',
      TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' },
      DocDtls: { Typ: 'INV', No: invoice.number, Dt: '29/11/2026' },
      SellerDtls: {
        Gstin: '29ABCDE1234F1ZW',
        LglNm: 'Studio Sagar Private Limited',
        Addr1: '12 MG Road',
        Addr2: 'Ashok Nagar',
        Loc: 'Bengaluru',
        Pin: 560001,
        Stcd: '29',
      },
      BuyerDtls: {
        Gstin: '27AAPFU0939F1ZV',
        LglNm: 'Marine Drive Media Private Limited',
        Pos: '27',
        Addr1: '7 Nariman Point',
        Loc: 'Mumbai',
        Pin: 400021,
        Stcd: '27',
      },
      ValDtls: { AssVal: 1999.99, CgstVal: 0, SgstVal: 0, IgstVal: 180, TotInvVal: 2179.99 },
    });
    expect(json.ItemList).toHaveLength(4);
    expect(json.ItemList[0]).toMatchObject({
      SlNo: '1',
      PrdDesc: 'Post design',
      IsServc: 'Y',
      HsnCd: '998361',
      Qty: 1,
      UnitPrice: 333.33,
      TotAmt: 333.33,
      AssAmt: 333.33,
      GstRt: 18,
    });
    expect(json.ItemList[3]).toMatchObject({ GstRt: 0, IgstAmt: 0, AssAmt: 1000 });
    const items = json.ItemList as Item[];
    const total = (pick: (item: Item) => number) => items.reduce((sum, item) => sum + cents(pick(item)), 0);
    expect(total((i) => i.IgstAmt)).toBe(18_000);
    expect(total((i) => i.AssAmt)).toBe(invoice.totals.subtotal);
    expect(total((i) => i.TotItemVal)).toBe(invoice.totals.total);
    // Each ₹333.33 line carries ₹60.00 of IGST (₹59.9994 each, the group's ₹180.00 split to the paisa).
    expect(items.slice(0, 3).map((i) => i.IgstAmt)).toEqual([60, 60, 60]);
  });

  it('names the corrected invoice on a credit note', async () => {
    const invoice = await finalInvoice(b2bClient, [service('Launch film', 500_000)]);
    const note = (
      await call(t.app, 'POST', `/api/invoices/${invoice._id}/credit-notes`, boss.headers, {
        reason: 'Rate agreed',
      })
    ).json().invoice;
    const json = (await eInvoice(note._id)).json();
    expect(json.DocDtls).toMatchObject({ Typ: 'CRN', No: note.number });
    expect(json.RefDtls).toEqual({ PrecDocDtls: [{ InvNo: invoice.number, InvDt: '29/11/2026' }] });
    expect(json.ValDtls.TotInvVal).toBe(5900);
  });

  it('exports to a buyer abroad as an export with IGST paid', async () => {
    const abroad = (
      await call(t.app, 'POST', '/api/clients', boss.headers, {
        name: 'Brooklyn Roasters',
        addressLine1: '55 Water St',
        city: 'New York',
        country: 'US',
        currency: 'INR',
      })
    ).json().client._id;
    const json = (await eInvoice((await finalInvoice(abroad, [service('Website', 1_000_000)]))._id)).json();
    expect(json.TranDtls.SupTyp).toBe('EXPWP');
    expect(json.BuyerDtls).toMatchObject({ Gstin: 'URP', Pos: '96', Stcd: '96', Pin: 999999 });
    expect(json.ExpDtls).toEqual({ CntCode: 'US' });
  });

  it('refuses a draft, a buyer without a GSTIN or PIN, and another workspace’s invoice', async () => {
    const draft = (
      await call(t.app, 'POST', '/api/invoices', boss.headers, {
        clientId: b2bClient,
        issueDate: '2026-11-29',
        lines: [service('Draft work', 1000)],
      })
    ).json().invoice;
    const early = await eInvoice(draft._id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(M.eInvoiceDraft);

    const consumer = (
      await call(t.app, 'POST', '/api/clients', boss.headers, {
        name: 'Asha Rao',
        country: 'IN',
        state: 'Karnataka',
        currency: 'INR',
      })
    ).json().client._id;
    const refused = await eInvoice((await finalInvoice(consumer, [service('Portrait shoot', 1000)]))._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      M.eInvoiceMissing([
        'the client’s GSTIN',
        'the client’s address',
        'the client’s city',
        'the client’s PIN code',
      ]),
    );

    const invoice = await finalInvoice(b2bClient, [service('Secret work', 1000)]);
    const foreign = await eInvoice(invoice._id, stranger);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Marine Drive');
  });
});
