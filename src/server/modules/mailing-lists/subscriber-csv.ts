import Papa from 'papaparse';
import { z } from 'zod';
import { MAILING_LIST_MESSAGES as M } from '../../../shared/messages';
import { MAILING_LISTS as L } from '../../../shared/mailing-lists';
import { badRequest, HttpError } from '../../http/errors';
import type { Person } from './member-writes';

const emailSchema = z.email();
const cut = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '');

/**
 * A subscriber file (docs/product/marketing.md#lists-and-consent): a header row with `email` and optionally
 * `name` and `company` (any case, any order), read with the same parser as lead files. The whole file is
 * parsed at once, so it is bounded far below a lead file: at most MAILING_LISTS.importMaxBytes and
 * importMaxRows. Rows without a valid address are counted as refused, never stored.
 */
export function parseSubscriberCsv(text: string): { people: Person[]; refused: number } {
  if (Buffer.byteLength(text, 'utf8') > L.importMaxBytes) throw new HttpError(413, M.importTooLarge);
  if (text.includes('\u0000')) throw badRequest(M.importError);
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim().toLowerCase(),
  });
  if (!parsed.meta.fields?.includes('email')) throw badRequest(M.importMissingEmail);
  if (parsed.data.length > L.importMaxRows) throw badRequest(M.importTooManyRows);
  const people: Person[] = [];
  let refused = 0;
  for (const row of parsed.data) {
    const email = cut(row.email, L.emailMax).toLowerCase();
    if (!emailSchema.safeParse(email).success) {
      refused += 1;
      continue;
    }
    people.push({
      email,
      name: cut(row.name, L.personNameMax),
      company: cut(row.company, L.companyMax),
      leadId: null,
    });
  }
  return { people, refused };
}
