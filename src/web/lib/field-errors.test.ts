import { describe, expect, it } from 'vitest';
import { serverFieldErrors } from './field-errors';

describe('server field errors', () => {
  it("reads a refused save's field errors as form paths, and nothing from any other failure", () => {
    const refusal = (data: unknown, status = 400) => ({ isAxiosError: true, response: { status, data } });
    expect(
      serverFieldErrors(
        refusal({
          message: 'x',
          errors: [
            { field: 'identity.brandColor', message: 'too light' },
            { field: 'services[1].title', message: 'required' },
            { field: 'navigation/header/0/href', message: 'unknown' },
            { field: '', message: 'root' },
            { nonsense: true },
          ],
        }),
      ),
    ).toEqual([
      { field: 'identity.brandColor', message: 'too light' },
      { field: 'services.1.title', message: 'required' },
      { field: 'navigation.header.0.href', message: 'unknown' },
    ]);
    expect(serverFieldErrors(refusal({ message: 'x' }))).toEqual([]);
    expect(serverFieldErrors(refusal({ errors: [{ field: 'a', message: 'b' }] }, 500))).toEqual([]);
    expect(serverFieldErrors(new Error('offline'))).toEqual([]);
    expect(serverFieldErrors(null)).toEqual([]);
  });
});
