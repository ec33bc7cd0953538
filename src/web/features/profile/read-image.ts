import { ACCESS_MESSAGES } from '../../../shared/messages';
import { PROFILE_IMAGE_MAX_CHARS } from '../../../shared/schemas/users';

/** The image kinds the server keeps (shared/schemas/users.ts). */
export const PROFILE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** Checks a chosen file is one of the kept image kinds; returns the refusal text or null. */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (!PROFILE_IMAGE_TYPES.includes(file.type)) return ACCESS_MESSAGES.imageInvalid;
  // Base64 grows bytes by 4/3, so a file this big can never fit; the exact check follows the read.
  if (file.size > PROFILE_IMAGE_MAX_CHARS) return ACCESS_MESSAGES.imageInvalid;
  return null;
}

/** Reads an image file as a data URL; rejects with the user-facing refusal text. */
export function readImageFile(file: File): Promise<string> {
  const problem = imageFileProblem(file);
  if (problem) return Promise.reject(new Error(problem));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(new Error(ACCESS_MESSAGES.imageInvalid));
    reader.onload = () => {
      const result = typeof reader.result === 'string' ? reader.result : '';
      if (!result || result.length > PROFILE_IMAGE_MAX_CHARS) reject(new Error(ACCESS_MESSAGES.imageInvalid));
      else resolve(result);
    };
    reader.readAsDataURL(file);
  });
}
