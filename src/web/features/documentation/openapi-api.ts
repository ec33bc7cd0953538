import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { OpenApiDocument } from './openapi-model';

/** The server's generated OpenAPI document (GET /api/openapi.json); it changes only with a deploy. */
export function useOpenApiDocument() {
  return useQuery({
    queryKey: ['openapi'],
    queryFn: async () => (await api.get<OpenApiDocument>('openapi.json')).data,
    staleTime: Infinity,
  });
}
