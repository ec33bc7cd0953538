import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Download, Plus, SearchX } from 'lucide-react';
import { toast } from 'sonner';
import { CLIENT_MESSAGES as M } from '../../../shared/messages';
import { countryName, type ClientView } from '../../../shared/schemas/clients';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { controlClasses } from '../../components/ui/field-shell';
import { Pagination } from '../../components/ui/pagination';
import { SearchBox } from '../../components/ui/search-box';
import { Spinner } from '../../components/ui/spinner';
import { DataTable, tableHeadClasses } from '../../components/ui/table';
import { serverMessage } from '../../lib/api-client';
import { ClientFormPanel } from '../../components/clients/client-form-panel';
import { ClientPanel } from './client-panel';
import {
  downloadClientsCsv,
  useClients,
  useDeleteClient,
  type ClientListParams,
} from '../../lib/clients-api';

/** The list's filters, kept in the address so a reload or a shared link shows the same clients. */
function useClientFilters(): [ClientListParams, (next: Partial<ClientListParams>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = {
    search: params.get('q') ?? '',
    country: params.get('country') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const update = (next: Partial<ClientListParams>) => {
    const merged = { ...filters, page: 1, ...next };
    // The tab stays; the other tabs' filters go.
    const query = new URLSearchParams({ tab: 'clients' });
    if (merged.search) query.set('q', merged.search);
    if (merged.country) query.set('country', merged.country);
    if (merged.page > 1) query.set('page', String(merged.page));
    setParams(query, { replace: true });
  };
  return [filters, update];
}

const place = (client: ClientView) =>
  [client.city, client.state, countryName(client.country)].filter(Boolean).join(', ');

/**
 * The Clients tab of Client / Projects (docs/product/projects.md#clients): the workspace's clients, searched
 * and filtered in the address, added and edited in a side panel, exported as CSV; each opens its projects.
 */
export function ClientsTab({
  onOpenProjects,
  onOpenProject,
  onNewProject,
}: {
  onOpenProjects(clientId: string): void;
  onOpenProject(projectId: string): void;
  onNewProject(clientId: string): void;
}) {
  const [viewing, setViewing] = useState<ClientView | null>(null);
  const [filters, setFilters] = useClientFilters();
  const clients = useClients(filters);
  const remove = useDeleteClient();
  const [editing, setEditing] = useState<ClientView | 'new' | null>(null);
  const [exporting, setExporting] = useState(false);
  const filtered = Boolean(filters.search || filters.country);

  const deleteClient = (client: ClientView) => {
    if (!window.confirm(`Delete ${client.name} with its contacts and timeline? This cannot be undone.`))
      return;
    remove.mutate(client._id, {
      onSuccess: () => toast.success(M.deleted),
      onError: (error) => toast.error(serverMessage(error) ?? 'The client could not be deleted.'),
    });
  };

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-ink">Clients</h2>
          <p className="mt-1 max-w-3xl text-sm text-muted">
            The clients you work for: their billing details, tax ids and the people you deal with.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            disabled={exporting}
            onClick={() => {
              setExporting(true);
              downloadClientsCsv(filters)
                .catch(() => toast.error('The export failed. Please try again.'))
                .finally(() => setExporting(false));
            }}
          >
            <Download className="size-4" aria-hidden />
            Export CSV
          </Button>
          <Button onClick={() => setEditing('new')}>
            <Plus className="size-4" aria-hidden />
            Add client
          </Button>
        </div>
      </header>

      <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
        <SearchBox
          label="Search clients"
          placeholder="Search by name, tax id, city or contact"
          value={filters.search}
          onSearch={(search) => setFilters({ search })}
        />
        <label className="sr-only" htmlFor="client-country">
          Country
        </label>
        <input
          id="client-country"
          className={cn(controlClasses, 'h-11 px-3')}
          placeholder="Country code (IN, US…)"
          maxLength={2}
          value={filters.country}
          onChange={(event) => setFilters({ country: event.target.value.toUpperCase() })}
        />
      </div>

      {clients.isPending ? (
        <Spinner label="Loading clients..." />
      ) : clients.isError ? (
        <Banner message={serverMessage(clients.error) ?? 'The clients could not be loaded.'} />
      ) : clients.data.clients.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-line bg-white px-6 py-14 text-center">
          <SearchX className="mx-auto size-8 text-slate-400" aria-hidden />
          <p className="mt-3 text-sm font-medium text-ink" role="status">
            {filtered ? M.noMatch : M.empty}
          </p>
        </div>
      ) : (
        <>
          <DataTable caption="Clients" tableClassName="min-w-[44rem]">
            <thead className={tableHeadClasses}>
              <tr>
                <th className="px-4 py-3">Client</th>
                <th className="px-4 py-3">Contacts</th>
                <th className="px-4 py-3">Place</th>
                <th className="px-4 py-3">Terms</th>
                <th className="px-4 py-3">Owner</th>
                <th className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className={clients.isPlaceholderData ? 'opacity-60' : undefined}>
              {clients.data.clients.map((client) => (
                <tr key={client._id} className="border-b border-line last:border-0">
                  <td className="px-4 py-3">
                    <button
                      type="button"
                      className="rounded text-left font-medium text-ink hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                      onClick={() => setViewing(client)}
                    >
                      {client.name}
                    </button>
                    <span className="block text-xs text-muted">
                      {[client.legalName, client.taxId].filter(Boolean).join(' · ') || '–'}
                    </span>
                  </td>
                  <td className="px-4 py-3 text-muted">
                    {client.contacts.length === 0
                      ? '–'
                      : client.contacts
                          .slice(0, 2)
                          .map((c) => c.name)
                          .join(', ') + (client.contacts.length > 2 ? ` +${client.contacts.length - 2}` : '')}
                  </td>
                  <td className="px-4 py-3 text-muted">{place(client) || '–'}</td>
                  <td className="px-4 py-3 text-muted">
                    {client.currency} · {client.paymentTermsDays} days
                  </td>
                  <td className="px-4 py-3 text-muted">{client.owner?.username ?? '–'}</td>
                  <td className="space-x-2 whitespace-nowrap px-4 py-3 text-right">
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Projects of ${client.name}`}
                      onClick={() => onOpenProjects(client._id)}
                    >
                      Projects
                    </Button>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Delete ${client.name}`}
                      disabled={remove.isPending}
                      onClick={() => deleteClient(client)}
                    >
                      Delete
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          <Pagination
            label="Client pages"
            page={clients.data.pagination.page}
            totalPages={clients.data.pagination.totalPages}
            extra={` (${clients.data.pagination.total} clients)`}
            onPage={(page) => setFilters({ ...filters, page })}
          />
        </>
      )}

      {viewing && !editing && (
        <ClientPanel
          client={viewing}
          onClose={() => setViewing(null)}
          onEdit={() => setEditing(viewing)}
          onOpenProject={onOpenProject}
          onNewProject={() => onNewProject(viewing._id)}
        />
      )}
      {editing && (
        <ClientFormPanel
          client={editing === 'new' ? null : editing}
          onClose={() => {
            // The client's page closes with its form: what it showed is the client before the edit.
            setEditing(null);
            setViewing(null);
          }}
        />
      )}
    </div>
  );
}
