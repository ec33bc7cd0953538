import type { FieldError } from '../../shared/schemas/answers';

/**
 * The field messages of a 400 answer `{ message, errors: [{ field, message }] }` (the only status the
 * server sends them with), as form paths ('services.0.title'); [] for any other failure.
 */
export function serverFieldErrors(error: unknown): FieldError[] {
  const data = (error as { response?: { status?: number; data?: unknown } } | null)?.response;
  if (data?.status !== 400) return [];
  const errors = (data.data as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((entry: unknown) => {
    const { field, message } = (entry ?? {}) as { field?: unknown; message?: unknown };
    if (typeof field !== 'string' || !field || typeof message !== 'string') return [];
    // 'services[0].title' and 'services/0/title' mean the same field as the form's 'services.0.title'.
    return [{ field: field.replace(/\[(\d+)\]/g, '.$1').replace(/\//g, '.'), message }];
  });
}
