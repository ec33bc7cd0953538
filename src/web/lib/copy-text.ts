/**
 * Copies text to the clipboard; false when the browser would not (no clipboard API outside https, or
 * permission refused), so the caller does not claim a copy that did not happen.
 */
export async function copyText(text: string): Promise<boolean> {
  if (!navigator.clipboard?.writeText) return false;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
