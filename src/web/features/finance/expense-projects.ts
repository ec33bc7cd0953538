import { useProjects } from '../../lib/projects-api';

/**
 * The workspace's projects to file an expense under, by name (GET /api/projects, at most 100). Only asked
 * for when the user has the Projects module (`enabled`); without it the pickers offer no project beyond
 * the one an expense already has.
 */
export function useProjectOptions(enabled: boolean) {
  const projects = useProjects(
    {
      search: '',
      client: '',
      manager: '',
      status: [],
      due: '',
      overBudget: false,
      sort: 'name',
      page: 1,
      limit: 100,
    },
    enabled,
  );
  return {
    isLoading: projects.isLoading,
    isError: projects.isError,
    options: (projects.data?.projects ?? []).map((p) => ({
      value: p._id,
      label: `${p.code} ${p.name} (${p.client.name})`,
      currency: p.currency,
    })),
  };
}
