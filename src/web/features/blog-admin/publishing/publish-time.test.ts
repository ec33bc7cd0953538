import { describe, expect, it } from 'vitest';
import { formatPublishTime, isoToLocalInput, localInputToIso, timeZoneLabel } from './publish-time';

describe('publish time conversions', () => {
  it('round-trips a picked wall-clock time through an ISO instant', () => {
    const iso = localInputToIso('2030-05-04T09:30');
    expect(iso).toMatch(/^2030-05-0\dT\d{2}:\d{2}:00\.000Z$/);
    expect(isoToLocalInput(iso)).toBe('2030-05-04T09:30');
  });

  it('leaves empty as not scheduled and passes unreadable input on for the schema to refuse', () => {
    expect(localInputToIso('')).toBe('');
    expect(localInputToIso('soon')).toBe('soon');
    expect(isoToLocalInput(null)).toBe('');
    expect(isoToLocalInput('nope')).toBe('');
  });

  it('names the zone with its offset, and the formatted time names it too', () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(timeZoneLabel(new Date('2030-05-04T09:30:00Z'))).toMatch(
      new RegExp(`^${zone.replace(/[/+]/g, '\\$&')}( \\(GMT([+-]\\d{1,2}(:\\d{2})?)?\\))?$`),
    );
    expect(formatPublishTime('2030-05-04T09:30:00Z')).toMatch(/^May \d, 2030, \d{1,2}:\d{2}\s[AP]M \S+/);
    expect(formatPublishTime('nope')).toBe('');
  });
});
