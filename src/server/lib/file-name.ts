import path from 'node:path';

/**
 * An uploaded file's name as it may be shown and sent back in a header: its last segment, no control
 * characters or quotes, 200 characters at most.
 */
export function cleanFileName(name: string): string {
  // Control characters and quotes would break a header or a line; they are dropped.
  const printable = [...name].filter((c) => c >= ' ' && c !== '\u007f' && c !== '"').join('');
  const base = path.basename(printable.replace(/\\/g, '/')).trim();
  return (base || 'file').slice(0, 200);
}
