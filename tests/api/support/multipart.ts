import { randomBytes } from 'node:crypto';

export interface FilePart {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/**
 * A multipart/form-data body for app.inject(), built by hand (RFC 7578) so tests control every byte:
 * a file's declared name and type can lie about its content, as an attacker's would.
 */
export function multipartBody(
  fields: Record<string, string>,
  files: Record<string, FilePart> = {},
): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----agencyhq-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const [name, file] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
