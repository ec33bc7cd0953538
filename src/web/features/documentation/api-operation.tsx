import { Lock, LockOpen } from 'lucide-react';
import type { BadgeColor } from '../../lib/badge-color';
import { Badge } from '../../components/ui/badge';
import type { AuthNeed, FieldRow, OperationView } from './openapi-model';

const METHOD_COLORS: Record<string, BadgeColor> = {
  GET: 'blue',
  POST: 'green',
  PUT: 'amber',
  PATCH: 'purple',
  DELETE: 'red',
};

const AUTH_TEXT: Record<AuthNeed, string> = {
  bearer: 'Requires a bearer token',
  optional: 'Public; a bearer token shows more (e.g. drafts to staff)',
  none: 'Public, no token needed',
};

function Fields({ title, rows }: { title: string; rows: FieldRow[] }) {
  return (
    <div className="mt-4">
      <p className="text-sm font-semibold text-ink">{title}</p>
      {rows.length === 0 ? (
        <p className="mt-1 text-sm text-muted">No fields are described.</p>
      ) : (
        <ul className="mt-2 divide-y divide-line rounded-lg border border-line">
          {rows.map((row) => (
            <li key={`${row.location ?? 'body'}-${row.name}`} className="px-3 py-2 text-sm">
              <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                <code className="break-all font-mono font-semibold text-ink">{row.name}</code>
                <span className="font-mono text-xs text-slate-700">{row.type}</span>
                {row.location && <span className="text-xs text-muted">in {row.location}</span>}
                <span className={row.required ? 'text-xs font-semibold text-red-800' : 'text-xs text-muted'}>
                  {row.required ? 'required' : 'optional'}
                </span>
              </div>
              {(row.constraints.length > 0 || row.description) && (
                <p className="mt-1 break-words text-xs leading-5 text-slate-700">
                  {[row.description, ...row.constraints].filter(Boolean).join(' · ')}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One operation: method badge, path, summary, whether a token is needed, parameters and body fields. */
export function ApiOperation({ operation }: { operation: OperationView }) {
  const AuthIcon = operation.auth === 'bearer' ? Lock : LockOpen;
  return (
    <li id={operation.id} className="scroll-mt-24 rounded-2xl border border-line bg-white p-4 sm:p-5">
      <h4 className="flex flex-wrap items-center gap-2">
        <Badge color={METHOD_COLORS[operation.method] ?? 'grey'} className="font-mono">
          {operation.method}
        </Badge>{' '}
        <code className="break-all font-mono text-sm font-semibold text-ink">{operation.path}</code>
      </h4>
      {operation.summary && <p className="mt-2 text-sm leading-6 text-slate-700">{operation.summary}</p>}
      <p className="mt-2 flex items-center gap-1.5 text-xs font-medium text-muted">
        <AuthIcon className="size-3.5" aria-hidden />
        {AUTH_TEXT[operation.auth]}
      </p>
      {operation.parameters.length > 0 && <Fields title="Parameters" rows={operation.parameters} />}
      {operation.bodies.map((body) => (
        <Fields key={body.mediaType} title={`Request body (${body.mediaType})`} rows={body.fields} />
      ))}
    </li>
  );
}
