import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter, isCountry, isCurrency, isGstin, normaliseTaxId, taxIdProblem } from './clients';

describe('client checks', () => {
  it('accepts published GSTINs and refuses one with a changed character or check character', () => {
    for (const gstin of ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4']) expect(isGstin(gstin), gstin).toBe(true);
    expect(isGstin('27AAPFU0939F1ZW')).toBe(false);
    expect(isGstin('27AAPFU0939F1YV')).toBe(false);
    expect(isGstin('27AAPFU0938F1ZV')).toBe(false);
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
  });

  it("matches a GSTIN's state code to the billing state, and VAT numbers to their country's prefix", () => {
    expect(taxIdProblem('27AAPFU0939F1ZV', 'IN', 'Maharashtra')).toBeNull();
    expect(taxIdProblem('27AAPFU0939F1ZV', 'IN', 'Karnataka')).toBe('gstinState');
    expect(taxIdProblem('27AAPFU0939F1ZV', 'IN', '')).toBeNull();
    expect(taxIdProblem('DE123456789', 'DE', '')).toBeNull();
    expect(taxIdProblem('EL123456789', 'GR', '')).toBeNull();
    expect(taxIdProblem('GR123456789', 'GR', '')).toBe('vat');
    expect(taxIdProblem('GB123456789', 'GB', '')).toBeNull();
    expect(taxIdProblem('GB1234', 'GB', '')).toBe('vat');
    expect(taxIdProblem('12-3456789'.replace('-', ''), 'US', '')).toBeNull();
    expect(taxIdProblem('<script>', 'US', '')).toBe('other');
    expect(normaliseTaxId(' de 123.456-789 ')).toBe('DE123456789');
  });

  it('knows ISO currencies and countries', () => {
    expect([isCurrency('INR'), isCurrency('USD'), isCurrency('EUR')]).toEqual([true, true, true]);
    expect([isCurrency('XYZ'), isCurrency('inr'), isCurrency('RUPEES')]).toEqual([false, false, false]);
    expect([isCountry('IN'), isCountry('GB'), isCountry('ZZ'), isCountry('India')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
