import { describe, expect, it } from 'vitest';
import { displayStatus } from './role-display';

describe('role display (docs/product/README.md#pages)', () => {
  it("shows 'In Review' for role User whatever the stored status", () => {
    expect(displayStatus({ role: 'User', status: 'Active' })).toBe('In Review');
    expect(displayStatus({ role: 'Admin', status: 'Active' })).toBe('Active');
    expect(displayStatus({ role: 'Admin', status: '' })).toBe('Active');
  });
});
