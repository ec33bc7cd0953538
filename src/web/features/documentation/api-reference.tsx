import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { groupOperations } from './openapi-model';
import { useOpenApiDocument } from './openapi-api';
import { ApiOperation } from './api-operation';

export const OPENAPI_URL = '/api/openapi.json';

const groupTitle = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * The reference, rendered in the browser from the server's OpenAPI document (the static guide around it
 * is server-rendered). Grouped by tag, in the order the server registers its modules.
 */
export function ApiReference() {
  const { data, isPending, isError, refetch } = useOpenApiDocument();
  if (isPending) return <Spinner label="Loading API reference..." />;
  if (isError)
    return (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-5 text-sm text-red-800">
        <p>
          The API reference could not be loaded. The raw document is at{' '}
          <a href={OPENAPI_URL} className="font-medium underline">
            {OPENAPI_URL}
          </a>
          .
        </p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );

  const groups = groupOperations(data);
  const count = groups.reduce((sum, group) => sum + group.operations.length, 0);
  return (
    <div>
      <p className="text-sm text-muted">
        {`${data.info.title} ${data.info.version} · OpenAPI ${data.openapi} · ${count} operations`}
      </p>
      <nav aria-label="API groups" className="mt-4 flex flex-wrap gap-2">
        {groups.map((group) => (
          <a
            key={group.name}
            href={`#api-${group.name}`}
            className="rounded-full border border-line bg-white px-3 py-1 text-sm text-slate-700 hover:border-brand-600 hover:text-brand-700"
          >
            {groupTitle(group.name)}
          </a>
        ))}
      </nav>
      {groups.map((group) => (
        <section key={group.name} id={`api-${group.name}`} className="mt-10 scroll-mt-24">
          <h3 className="text-xl font-semibold text-ink">{groupTitle(group.name)}</h3>
          <ul className="mt-4 space-y-4">
            {group.operations.map((operation) => (
              <ApiOperation key={operation.id} operation={operation} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
