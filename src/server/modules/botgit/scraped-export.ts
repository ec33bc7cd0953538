import { Readable } from 'node:stream';
import { csvLine } from '../../lib/csv';
import { localDay } from '../../lib/date-range';
import { allProfiles, type Db, type ScrapedFilter } from './scraped-profiles.repository';

/** The export's columns: the table's, plus the profile's address. */
export const SCRAPED_EXPORT_COLUMNS = ['Name', 'E-mail', 'Phone', 'Role', 'Location', 'Profile URL', 'Date'];

/**
 * 'Export and share' (docs/product/botgit.md#scraped-data): RFC 4180, every value quoted, spreadsheet formulas neutralised like
 * the leads export; streamed in batches so a large list never sits in memory whole.
 */
export function scrapedCsv(db: Db, filter: ScrapedFilter, tzOffset: number): Readable {
  async function* lines() {
    yield csvLine(SCRAPED_EXPORT_COLUMNS);
    for await (const p of allProfiles(db, filter))
      yield csvLine([
        p.name,
        p.email,
        p.phone,
        p.role,
        p.location,
        p.profile_url,
        localDay(p.scraped_at, tzOffset),
      ]);
  }
  return Readable.from(lines());
}
