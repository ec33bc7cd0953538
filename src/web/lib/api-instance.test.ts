import { describe, expect, it } from 'vitest';
import { readJsonBlobBody } from './api-instance';
import { serverMessage } from './api-client';

describe('blob downloads refused by the server', () => {
  it("read the JSON message out of the blob, so the user sees the server's words", async () => {
    const response = {
      status: 429,
      data: new Blob([JSON.stringify({ message: 'Two exports are running.' })], { type: 'application/json' }),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    };
    await readJsonBlobBody(response);
    expect(serverMessage({ isAxiosError: true, response })).toBe('Two exports are running.');
  });

  it('leave a CSV body, or a body that is not JSON, as it came', async () => {
    const csv = {
      data: new Blob(['"Name"\\r\\n'], { type: 'text/csv' }),
      headers: { 'content-type': 'text/csv' },
    };
    await readJsonBlobBody(csv);
    expect(csv.data).toBeInstanceOf(Blob);
    const broken = { data: new Blob(['<html>']), headers: { 'content-type': 'application/json' } };
    await readJsonBlobBody(broken);
    expect(broken.data).toBeInstanceOf(Blob);
  });
});
