import type { AxiosResponse } from 'axios';

/**
 * Hands a downloaded file to the browser: the name from Content-Disposition (else `fallback`), through an
 * object URL, since a plain link would carry no bearer token.
 */
export function saveBlob(response: AxiosResponse<Blob>, fallback: string): void {
  const disposition = String(response.headers['content-disposition'] ?? '');
  const named = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
  saveFile(response.data, named ? decodeURIComponent(named) : fallback);
}

/** Hands a file made in the browser (or downloaded) to the browser under `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start reading the blob before it is released.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
