import { useState, type FormEvent, type ReactNode } from 'react';
import { LEAD_SOURCES, LEAD_STATUSES } from '../../../shared/leads';
import { MAILING_LISTS as L } from '../../../shared/mailing-lists';
import type { AddedCounts } from '../../../shared/schemas/mailing-lists';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { OptionSelectField } from '../../components/ui/option-select-field';
import { serverMessage } from '../../lib/api-client';
import { useAddFromClients, useAddFromLeads, useAddMember, useImportSubscribers } from './audience-api';

const BASIS_HELP =
  'Why these people agreed to hear from you, e.g. "Signed up at our stand, 2026-10-01". Kept with each of them.';

function BasisField({ value, onChange }: { value: string; onChange(value: string): void }) {
  return (
    <TextField
      label="Basis of consent"
      help={BASIS_HELP}
      value={value}
      minLength={L.basisMin}
      maxLength={L.basisMax}
      required
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

const countsText = (c: AddedCounts) =>
  `${c.added} added, ${c.skipped} skipped (already on the list, without an e-mail or unreadable), ${c.suppressed} suppressed.`;

function PeopleDialog({
  title,
  busy,
  error,
  result,
  onClose,
  onSubmit,
  children,
  submitLabel,
}: {
  title: string;
  busy: boolean;
  error: unknown;
  result?: string;
  onClose(): void;
  onSubmit(): void;
  children: ReactNode;
  submitLabel: string;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog title={title} onClose={onClose} busy={busy}>
      <form className="space-y-4" onSubmit={submit}>
        {error ? <Banner message={serverMessage(error) ?? 'That did not work.'} /> : null}
        {result && <Banner tone="success" message={result} />}
        {children}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {result ? 'Close' : 'Cancel'}
          </Button>
          {!result && (
            <Button type="submit" disabled={busy}>
              {busy ? 'Working…' : submitLabel}
            </Button>
          )}
        </div>
      </form>
    </Dialog>
  );
}

export function AddMemberDialog({ listId, onClose }: { listId: string; onClose(): void }) {
  const add = useAddMember(listId);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [company, setCompany] = useState('');
  const [basis, setBasis] = useState('');
  return (
    <PeopleDialog
      title="Add a person"
      busy={add.isPending}
      error={add.error}
      result={add.data?.message}
      onClose={onClose}
      submitLabel="Add"
      onSubmit={() => add.mutate({ email, name, company, consentBasis: basis })}
    >
      <TextField
        label="E-mail"
        type="email"
        value={email}
        required
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} />
      <TextField label="Company" value={company} onChange={(e) => setCompany(e.target.value)} />
      <BasisField value={basis} onChange={setBasis} />
    </PeopleDialog>
  );
}

export function ImportDialog({ listId, onClose }: { listId: string; onClose(): void }) {
  const upload = useImportSubscribers(listId);
  const [file, setFile] = useState<File | null>(null);
  const [basis, setBasis] = useState('');
  return (
    <PeopleDialog
      title="Import a CSV"
      busy={upload.isPending}
      error={upload.error}
      result={upload.data && countsText(upload.data)}
      onClose={onClose}
      submitLabel="Import"
      onSubmit={() => file && upload.mutate({ file, basis })}
    >
      <TextField
        label="CSV file"
        type="file"
        accept=".csv,text/csv"
        help={`A header row with email, and optionally name and company; at most ${L.importMaxRows.toLocaleString('en-IN')} rows.`}
        required
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
      />
      <BasisField value={basis} onChange={setBasis} />
    </PeopleDialog>
  );
}

/** The leads the Client Leads filters match (status, source, search), added with one basis. */
export function FromLeadsDialog({ listId, onClose }: { listId: string; onClose(): void }) {
  const add = useAddFromLeads(listId);
  const [status, setStatus] = useState('');
  const [source, setSource] = useState('');
  const [search, setSearch] = useState('');
  const [basis, setBasis] = useState('');
  const any = { value: '', label: 'Any' };
  return (
    <PeopleDialog
      title="Add from leads"
      busy={add.isPending}
      error={add.error}
      result={add.data && countsText(add.data)}
      onClose={onClose}
      submitLabel="Add matching leads"
      onSubmit={() =>
        add.mutate({
          consentBasis: basis,
          ...(status ? { status } : {}),
          ...(source ? { source } : {}),
          ...(search ? { search } : {}),
        })
      }
    >
      <p className="text-sm text-muted">Leads without an e-mail are skipped.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <OptionSelectField
          label="Lead status"
          options={[any, ...LEAD_STATUSES.map((s) => ({ value: s, label: s }))]}
          value={status}
          onChange={(e) => setStatus(e.target.value)}
        />
        <OptionSelectField
          label="Lead source"
          options={[any, ...LEAD_SOURCES.map((s) => ({ value: s, label: s }))]}
          value={source}
          onChange={(e) => setSource(e.target.value)}
        />
      </div>
      <TextField label="Search leads" value={search} onChange={(e) => setSearch(e.target.value)} />
      <BasisField value={basis} onChange={setBasis} />
    </PeopleDialog>
  );
}

/** The contacts (with an e-mail) of every client of the workspace, added with one basis. */
export function FromClientsDialog({ listId, onClose }: { listId: string; onClose(): void }) {
  const add = useAddFromClients(listId);
  const [basis, setBasis] = useState('');
  return (
    <PeopleDialog
      title="Add client contacts"
      busy={add.isPending}
      error={add.error}
      result={add.data && countsText(add.data)}
      onClose={onClose}
      submitLabel="Add every client's contacts"
      onSubmit={() => add.mutate({ consentBasis: basis })}
    >
      <p className="text-sm text-muted">
        The contacts of every client with an e-mail address. Suppressed addresses and people already on the
        list are skipped.
      </p>
      <BasisField value={basis} onChange={setBasis} />
    </PeopleDialog>
  );
}
