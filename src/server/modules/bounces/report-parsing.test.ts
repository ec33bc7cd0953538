import { describe, expect, it } from 'vitest';
import { arfMail, dsnMail, plainMail } from '../../../../tests/support/report-mails';
import { fieldBlocks, parseReport } from './report-parsing';

const parse = (text: string) => parseReport(Buffer.from(text));

describe('delivery and complaint reports', () => {
  it('reads each recipient of a DSN: failed 5.x.x hard, failed 4.x.x and delayed soft, delivered nothing', async () => {
    const report = await parse(
      dsnMail([
        {
          email: 'Gone@Example.com',
          action: 'failed',
          status: '5.1.1',
          diagnostic: '550 5.1.1 User unknown',
        },
        { email: 'full@example.com', action: 'delayed', status: '4.2.2', diagnostic: '452 4.2.2 Over quota' },
        { email: 'slow@example.com', action: 'failed', status: '4.4.7' },
        { email: 'fine@example.com', action: 'delivered', status: '2.0.0' },
      ]),
    );
    expect(report.type).toBe('dsn');
    expect(report.bounces).toEqual([
      { email: 'gone@example.com', kind: 'hard', status: '5.1.1', diagnostic: '550 5.1.1 User unknown' },
      { email: 'full@example.com', kind: 'soft', status: '4.2.2', diagnostic: '452 4.2.2 Over quota' },
      { email: 'slow@example.com', kind: 'soft', status: '4.4.7', diagnostic: '' },
    ]);
  });

  it('reads an abuse report whichever way it names the recipient', async () => {
    for (const via of ['field', 'message', 'headers'] as const) {
      const report = await parse(arfMail('Victim@Example.org', { via }));
      expect(report.type, via).toBe('arf');
      expect(report.bounces, via).toEqual([
        {
          email: 'victim@example.org',
          kind: 'complaint',
          status: '',
          diagnostic: 'abuse report (SomeISP-FBL/1.0)',
        },
      ]);
    }
  });

  it('ignores feedback that is not abuse, and mail that is no report', async () => {
    expect((await parse(arfMail('a@example.org', { feedbackType: 'not-spam' }))).bounces).toEqual([]);
    expect(await parse(plainMail())).toEqual({ type: 'none', bounces: [] });
  });

  it('unfolds fields and splits blocks on blank lines', () => {
    expect(
      fieldBlocks('A: 1\r\nB: two\r\n  lines\r\n\r\nA: 3\r\nA: 4\r\n').map((m) => Object.fromEntries(m)),
    ).toEqual([{ a: '1', b: 'two lines' }, { a: '3' }]);
  });
});
