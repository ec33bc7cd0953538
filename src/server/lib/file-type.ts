import type { FileTypeResult } from 'file-type';
import { loadModule } from './load-module';

// file-type is imported on the first upload, not at start (docs/architecture.md#start-up).

/** The type a file's bytes show (its name and the browser's word are not trusted). */
export async function fileTypeOfFile(file: string): Promise<FileTypeResult | undefined> {
  return (await loadModule<typeof import('file-type')>('file-type')).fileTypeFromFile(file);
}

/** The type a buffer's bytes show. */
export async function fileTypeOfBuffer(bytes: Uint8Array): Promise<FileTypeResult | undefined> {
  return (await loadModule<typeof import('file-type')>('file-type')).fileTypeFromBuffer(bytes);
}
