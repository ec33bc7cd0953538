import type { AxiosError, AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';

/**
 * The axios client of docs/product/api.md#client (see api-instance.ts), loaded on the first request: most public pages render
 * from the server's preloaded data and never make one, so they do not download axios (the budget of docs/architecture.md#budgets).
 */
let instance: Promise<AxiosInstance> | undefined;

function client(): Promise<AxiosInstance> {
  instance ??= import('./api-instance').then(
    (module) => module.createApiInstance(),
    (error: unknown) => {
      instance = undefined; // a failed chunk load (offline, new deploy) is retried by the next request
      throw error;
    },
  );
  return instance;
}

export const api = {
  get: <T>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> =>
    client().then((c) => c.get<T>(url, config)),
  delete: <T>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> =>
    client().then((c) => c.delete<T>(url, config)),
  post: <T>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> =>
    client().then((c) => c.post<T>(url, data, config)),
  put: <T>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> =>
    client().then((c) => c.put<T>(url, data, config)),
  patch: <T>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> =>
    client().then((c) => c.patch<T>(url, data, config)),
};

/** The headers of a FormData request: the client defaults to JSON, which would serialise FormData as JSON. */
export const MULTIPART_HEADERS = { 'Content-Type': 'multipart/form-data' } as const;

/** What `axios.isAxiosError` checks, without importing axios on every page. */
export function isHttpError(error: unknown): error is AxiosError {
  return (
    typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true
  );
}

/** The `message` of a JSON error answer, if the server sent one. */
export function serverMessage(error: unknown): string | undefined {
  if (!isHttpError(error)) return undefined;
  const data = error.response?.data as { message?: unknown } | undefined;
  return typeof data?.message === 'string' && data.message ? data.message : undefined;
}
