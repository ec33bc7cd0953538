import { describe, expect, it } from 'vitest';
import { addressOf } from './e-invoice';

const party = (addressLines: string[]) => ({
  name: 'Harbour Line Logistics LLP',
  addressLines,
  country: 'IN',
  stateCode: '27',
  stateName: 'Maharashtra',
  taxId: '27AAPFU0939F1ZV',
  email: '',
});

/** Parties frozen before addresses were kept in parts give their city and PIN from the printed lines. */
describe('addressOf', () => {
  it('reads the city and PIN from the city line, not from a street line with a six-digit number', () => {
    expect(addressOf(party(['Plot 400612, MIDC', 'Sector 3', 'Navi Mumbai 400710', 'India']))).toEqual({
      line1: 'Plot 400612, MIDC',
      line2: 'Sector 3',
      city: 'Navi Mumbai',
      postalCode: '400710',
    });
    expect(addressOf(party(['7 Marine Drive', 'Mumbai 400021', 'India']))).toEqual({
      line1: '7 Marine Drive',
      line2: '',
      city: 'Mumbai',
      postalCode: '400021',
    });
  });

  it('answers no PIN when none was printed, and the parts as kept when they were', () => {
    expect(addressOf(party(['7 Marine Drive', 'Mumbai', 'India'])).postalCode).toBe('');
    const kept = { line1: 'A', line2: 'B', city: 'Pune', postalCode: '411001' };
    expect(addressOf({ ...party(['x 123456']), address: kept })).toBe(kept);
  });
});
