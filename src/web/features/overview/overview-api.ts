import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { DashboardData } from '../../../shared/schemas/users';

export function useDashboardData() {
  return useQuery({
    queryKey: ['dashboard'],
    queryFn: async () => (await api.get<{ success: boolean; data: DashboardData }>('dashboard')).data.data,
  });
}
