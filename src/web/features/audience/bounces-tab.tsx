import { useEffect, useState, type FormEvent } from 'react';
import type { BounceKind, BounceSource } from '../../../shared/bounces';
import type { BounceMailboxView } from '../../../shared/schemas/bounces';
import { Badge } from '../../components/ui/badge';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PasswordField, TextField } from '../../components/ui/field';
import { Switch } from '../../components/ui/switch';
import { OptionSelectField } from '../../components/ui/option-select-field';
import { Pagination } from '../../components/ui/pagination';
import { Spinner } from '../../components/ui/spinner';
import { DataTable, tableHeadClasses } from '../../components/ui/table';
import { serverMessage } from '../../lib/api-client';
import { copyText } from '../../lib/copy-text';
import {
  useBounceLog,
  useBounceSettings,
  useCheckBounceMailbox,
  useRemoveBounceMailbox,
  useRotateWebhookSecret,
  useSaveBounceMailbox,
} from './bounces-api';

const KIND_LABEL: Record<BounceKind, string> = {
  hard: 'Hard bounce',
  soft: 'Soft bounce',
  complaint: 'Complaint',
};
const SOURCE_LABEL: Record<BounceSource, string> = {
  smtp: 'At sending',
  dsn: 'Delivery report',
  arf: 'Complaint report',
  webhook: 'Provider webhook',
};
const KIND_FILTER = [
  { value: '', label: 'All kinds' },
  { value: 'hard', label: 'Hard bounces' },
  { value: 'soft', label: 'Soft bounces' },
  { value: 'complaint', label: 'Complaints' },
];

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

function MailboxForm({ mailbox }: { mailbox: BounceMailboxView | null }) {
  const [form, setForm] = useState({
    host: '',
    port: '993',
    secure: true,
    user: '',
    pass: '',
    folder: 'INBOX',
  });
  const save = useSaveBounceMailbox();
  const remove = useRemoveBounceMailbox();
  const checkNow = useCheckBounceMailbox();

  useEffect(() => {
    if (mailbox)
      setForm({
        host: mailbox.host,
        port: String(mailbox.port),
        secure: mailbox.secure,
        user: mailbox.user,
        pass: '',
        folder: mailbox.folder,
      });
  }, [mailbox]);

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      { ...form, port: Number(form.port) },
      { onSuccess: () => setForm((current) => ({ ...current, pass: '' })) },
    );
  }
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [field]: e.target.value });

  return (
    <Card className="space-y-4 p-5">
      <div>
        <h2 className="text-lg font-semibold text-ink">Bounce mailbox</h2>
        <p className="text-sm text-muted">
          The IMAP mailbox your campaigns' bounces and complaint reports arrive in. It is read every few
          minutes; reports are marked read, never deleted.
        </p>
      </div>
      {mailbox && (
        <p className="text-sm text-muted" aria-live="polite">
          {mailbox.checkedAt ? `Last read ${when(mailbox.checkedAt)}.` : 'Not read yet.'}
          {mailbox.lastError && <span className="text-red-700"> {mailbox.lastError}</span>}
        </p>
      )}
      <form aria-label="Bounce mailbox" className="grid gap-3 sm:grid-cols-2" onSubmit={submit}>
        <TextField
          label="IMAP host"
          required
          value={form.host}
          onChange={set('host')}
          placeholder="imap.example.com"
        />
        <TextField label="Port" required inputMode="numeric" value={form.port} onChange={set('port')} />
        <TextField label="User" required autoComplete="off" value={form.user} onChange={set('user')} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          value={form.pass}
          onChange={set('pass')}
          help={mailbox ? 'Leave empty to keep the stored password.' : undefined}
          required={!mailbox}
        />
        <TextField label="Folder" value={form.folder} onChange={set('folder')} />
        <div className="flex items-end pb-1">
          <Switch
            label="Secure connection (SSL/TLS)"
            description="On for port 993. Off for port 143, which must then offer STARTTLS."
            checked={form.secure}
            onChange={(secure) => setForm({ ...form, secure })}
          />
        </div>
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button type="submit" disabled={save.isPending}>
            Save mailbox
          </Button>
          {mailbox && (
            <>
              <Button
                type="button"
                variant="secondary"
                disabled={checkNow.isPending}
                onClick={() => checkNow.mutate()}
              >
                {checkNow.isPending ? 'Reading…' : 'Check now'}
              </Button>
              <Button
                type="button"
                variant="ghost"
                disabled={remove.isPending}
                onClick={() => {
                  if (window.confirm('Stop reading this mailbox? Its settings and password are removed.'))
                    remove.mutate();
                }}
              >
                Remove
              </Button>
            </>
          )}
        </div>
      </form>
      {save.isSuccess && <Banner tone="success" message={save.data.message} />}
      {save.isError && <Banner message={serverMessage(save.error) ?? 'Could not save the mailbox.'} />}
      {checkNow.isSuccess && <Banner tone="success" message={checkNow.data.message} />}
      {checkNow.isError && (
        <Banner message={serverMessage(checkNow.error) ?? 'Could not read the mailbox.'} />
      )}
      {remove.isError && <Banner message={serverMessage(remove.error) ?? 'Could not remove the mailbox.'} />}
    </Card>
  );
}

function WebhookCard({ url }: { url: string | null }) {
  const rotate = useRotateWebhookSecret();
  const [copied, setCopied] = useState<boolean | null>(null);
  const shownUrl = rotate.data?.url ?? url;
  return (
    <Card className="space-y-4 p-5">
      <div>
        <h2 className="text-lg font-semibold text-ink">Provider webhook</h2>
        <p className="text-sm text-muted">
          For a sending provider that reports bounces and complaints itself: it signs each call with the
          secret (HMAC-SHA256 of the timestamp and body, header X-AgencyHQ-Signature).
        </p>
      </div>
      {shownUrl ? (
        <div className="flex flex-wrap items-center gap-2">
          <code className="min-w-0 flex-1 break-all rounded-lg border border-line px-3 py-2 font-mono text-sm text-ink">
            {shownUrl}
          </code>
          <Button size="sm" variant="secondary" onClick={() => void copyText(shownUrl).then(setCopied)}>
            {copied === true ? 'Copied' : copied === false ? 'Copy failed' : 'Copy URL'}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted">No webhook yet: make a secret to get its address.</p>
      )}
      {rotate.data && (
        <div className="space-y-1 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-semibold text-ink">{rotate.data.message}</p>
          <code className="block break-all font-mono">{rotate.data.secret}</code>
        </div>
      )}
      {rotate.isError && <Banner message={serverMessage(rotate.error) ?? 'Could not make a new secret.'} />}
      <Button
        variant="secondary"
        disabled={rotate.isPending}
        onClick={() => {
          if (!url || window.confirm('Make a new secret? The current one stops working at once.'))
            rotate.mutate();
        }}
      >
        {url ? 'Rotate secret' : 'Make a secret'}
      </Button>
    </Card>
  );
}

function BounceLog() {
  const [query, setQuery] = useState<{ kind?: BounceKind; page: number }>({ page: 1 });
  const log = useBounceLog(query);
  return (
    <section className="space-y-3" aria-labelledby="bounce-log-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="bounce-log-title" className="text-lg font-semibold text-ink">
          Bounce log
        </h2>
        <OptionSelectField
          label="Kind"
          hideLabel
          size="sm"
          options={KIND_FILTER}
          value={query.kind ?? ''}
          onChange={(e) =>
            setQuery({ kind: (e.target.value || undefined) as BounceKind | undefined, page: 1 })
          }
        />
      </div>
      {log.isPending ? (
        <Spinner label="Loading bounces" />
      ) : log.isError ? (
        <Banner message={serverMessage(log.error) ?? 'Failed to load the bounce log.'} />
      ) : log.data.bounces.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line p-8 text-center text-sm text-muted">
          No bounces or complaints recorded.
        </p>
      ) : (
        <>
          <DataTable caption="Bounces and complaints" tableClassName="min-w-[48rem]">
            <thead className={tableHeadClasses}>
              <tr>
                <th className="px-4 py-3">E-mail</th>
                <th className="px-4 py-3">Kind</th>
                <th className="px-4 py-3">Code</th>
                <th className="px-4 py-3">Learnt from</th>
                <th className="px-4 py-3">Server's words</th>
                <th className="px-4 py-3">When</th>
              </tr>
            </thead>
            <tbody>
              {log.data.bounces.map((row) => (
                <tr key={row._id} className="border-b border-line last:border-0">
                  <td className="px-4 py-3 font-medium text-ink">{row.email}</td>
                  <td className="px-4 py-3">
                    <Badge className="whitespace-nowrap" color={row.kind === 'soft' ? 'amber' : 'red'}>
                      {KIND_LABEL[row.kind]}
                    </Badge>
                  </td>
                  <td className="px-4 py-3 tabular-nums">{row.status || '—'}</td>
                  <td className="px-4 py-3 whitespace-nowrap">{SOURCE_LABEL[row.source]}</td>
                  <td className="max-w-xs truncate px-4 py-3 text-muted" title={row.diagnostic}>
                    {row.diagnostic || '—'}
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-muted">{when(row.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          <Pagination
            label="Bounce log pages"
            page={query.page}
            totalPages={log.data.pagination.totalPages}
            onPage={(page) => setQuery({ ...query, page })}
          />
        </>
      )}
    </section>
  );
}

/**
 * Bounces and complaints (docs/product/marketing.md#bounces-and-complaints): where reports are read
 * from, and what they did. Hard bounces and complaints suppress at once; three soft bounces in 30 days do.
 */
export function BouncesTab() {
  const settings = useBounceSettings();
  return (
    <div className="space-y-5">
      <p className="text-sm text-muted">
        A hard bounce or a complaint puts the address on the suppression list at once; three soft bounces
        within 30 days do too. Only addresses your campaigns were sent to are ever affected.
      </p>
      {settings.isPending ? (
        <Spinner label="Loading the bounce settings" />
      ) : settings.isError ? (
        <Banner message={serverMessage(settings.error) ?? 'Failed to load the bounce settings.'} />
      ) : (
        <div className="grid gap-5 lg:grid-cols-2">
          <MailboxForm mailbox={settings.data.mailbox} />
          <WebhookCard url={settings.data.webhook.url} />
        </div>
      )}
      <BounceLog />
    </div>
  );
}
