import { useState, type FormEvent } from 'react';
import type { SuppressionReason } from '../../../shared/mailing-lists';
import { Badge } from '../../components/ui/badge';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { Pagination } from '../../components/ui/pagination';
import { SearchBox } from '../../components/ui/search-box';
import { Spinner } from '../../components/ui/spinner';
import { DataTable, tableHeadClasses } from '../../components/ui/table';
import { serverMessage } from '../../lib/api-client';
import { useAddSuppression, useRemoveSuppression, useSuppressions } from './audience-api';

const REASON_LABEL: Record<SuppressionReason, string> = {
  unsubscribed: 'Unsubscribed',
  'hard-bounce': 'Hard bounce',
  'soft-bounce': 'Repeated soft bounces',
  complaint: 'Complaint',
  manual: 'Added by hand',
};

/** The workspace's suppression list: addresses no mail ever goes to, whatever list they are on. */
export function SuppressionsTab() {
  const [query, setQuery] = useState({ search: '', page: 1 });
  const [email, setEmail] = useState('');
  const [detail, setDetail] = useState('');
  const suppressions = useSuppressions(query);
  const add = useAddSuppression();
  const remove = useRemoveSuppression();

  function submit(event: FormEvent) {
    event.preventDefault();
    add.mutate(
      { email, detail },
      {
        onSuccess: () => {
          setEmail('');
          setDetail('');
        },
      },
    );
  }

  return (
    <div className="space-y-5">
      <p className="text-sm text-muted">
        No e-mail is ever sent to these addresses. Unsubscribes, hard bounces and complaints stay; only
        addresses added by hand can be removed.
      </p>
      <form
        className="grid items-end gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]"
        onSubmit={submit}
      >
        <TextField
          label="E-mail to suppress"
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label="Note (optional)"
          value={detail}
          maxLength={300}
          onChange={(e) => setDetail(e.target.value)}
        />
        <Button type="submit" disabled={add.isPending} className="h-11">
          Suppress
        </Button>
      </form>
      {add.isError && <Banner message={serverMessage(add.error) ?? 'Could not suppress the address.'} />}
      {remove.isError && (
        <Banner message={serverMessage(remove.error) ?? 'Could not remove the suppression.'} />
      )}
      <SearchBox
        label="Search suppressions"
        placeholder="Search e-mail"
        value={query.search}
        onSearch={(search) => setQuery({ search, page: 1 })}
      />
      {suppressions.isPending ? (
        <Spinner label="Loading suppressions" />
      ) : suppressions.isError ? (
        <Banner message={serverMessage(suppressions.error) ?? 'Failed to load the suppression list.'} />
      ) : suppressions.data.suppressions.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line p-8 text-center text-sm text-muted">
          No suppressed addresses.
        </p>
      ) : (
        <>
          <DataTable caption="Suppressed addresses" tableClassName="min-w-[36rem]">
            <thead className={tableHeadClasses}>
              <tr>
                <th className="px-4 py-3">E-mail</th>
                <th className="px-4 py-3">Reason</th>
                <th className="px-4 py-3">Note</th>
                <th className="px-4 py-3">Since</th>
                <th className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {suppressions.data.suppressions.map((row) => (
                <tr key={row.email} className="border-b border-line last:border-0">
                  <td className="px-4 py-3 font-medium text-ink">{row.email}</td>
                  <td className="px-4 py-3">
                    <Badge className="whitespace-nowrap" color={row.reason === 'manual' ? 'grey' : 'red'}>
                      {REASON_LABEL[row.reason]}
                    </Badge>
                  </td>
                  <td className="px-4 py-3 text-muted">{row.detail || '—'}</td>
                  <td className="px-4 py-3 text-muted">
                    {new Date(row.createdAt).toLocaleDateString('en-IN')}
                  </td>
                  <td className="px-4 py-3 text-right">
                    {row.reason === 'manual' && (
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={remove.isPending}
                        onClick={() => remove.mutate(row.email)}
                      >
                        Remove
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          <Pagination
            label="Suppression pages"
            page={query.page}
            totalPages={suppressions.data.pagination.totalPages}
            onPage={(page) => setQuery({ ...query, page })}
          />
        </>
      )}
    </div>
  );
}
