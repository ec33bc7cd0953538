import { useEffect, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { CLIENT_MESSAGES as M } from '../../../shared/messages';
import {
  DEFAULT_COUNTRY,
  DEFAULT_CURRENCY,
  DEFAULT_PAYMENT_TERMS_DAYS,
  INDIAN_STATES,
  clientInputSchema,
  type ClientInput,
  type ClientView,
} from '../../../shared/schemas/clients';
import { Banner } from '../ui/banner';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { OptionSelectField } from '../ui/option-select-field';
import { SidePanel } from '../ui/side-panel';
import { TextAreaField } from '../ui/textarea-field';
import { serverMessage } from '../../lib/api-client';
import { useConvertLead, useSaveClient } from '../../lib/clients-api';

export type ClientFormInput = z.input<typeof clientInputSchema>;
type FormInput = ClientFormInput;
const FORM_ID = 'client-form';

const EMPTY: FormInput = {
  kind: 'company',
  name: '',
  legalName: '',
  taxId: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  postalCode: '',
  country: DEFAULT_COUNTRY,
  currency: DEFAULT_CURRENCY,
  paymentTermsDays: DEFAULT_PAYMENT_TERMS_DAYS,
  ownerId: '',
  notes: '',
  contacts: [],
};

const formOf = (client: ClientView): FormInput => ({
  kind: client.kind,
  name: client.name,
  legalName: client.legalName,
  taxId: client.taxId,
  addressLine1: client.addressLine1,
  addressLine2: client.addressLine2,
  city: client.city,
  state: client.state,
  postalCode: client.postalCode,
  country: client.country,
  currency: client.currency,
  paymentTermsDays: client.paymentTermsDays,
  ownerId: client.owner?._id ?? '',
  notes: client.notes,
  contacts: client.contacts.map(({ name, email, phone, jobTitle }) => ({ name, email, phone, jobTitle })),
});

const STATE_OPTIONS = [
  { value: '', label: 'Choose a state' },
  ...INDIAN_STATES.map(([code, name]) => ({ value: name, label: `${name} (${code})` })),
];

/**
 * Add or edit a client (docs/product/projects.md#clients): the same rules as the server's, from one schema;
 * in India the state is chosen from the GST list and the GSTIN checked against it.
 */
export function ClientFormPanel({
  client,
  onClose,
  convert,
}: {
  client: ClientView | null;
  onClose(): void;
  /** A new client made from a lead: its draft, and the lead the form converts on submit. */
  convert?: { leadId: string; draft: Partial<FormInput> };
}) {
  const saveClient = useSaveClient(client?._id ?? null);
  const convertLead = useConvertLead(convert?.leadId ?? '');
  const { register, handleSubmit, setFocus, formState, watch, control } = useForm<
    FormInput,
    unknown,
    ClientInput
  >({
    resolver: zodResolver(clientInputSchema),
    defaultValues: client ? formOf(client) : { ...EMPTY, ...convert?.draft },
  });
  const save = convert ? convertLead : saveClient;
  // A conversion may also open the client's first project (docs/product/projects.md#converting-a-lead).
  const [firstProject, setFirstProject] = useState('');
  const contacts = useFieldArray({ control, name: 'contacts' });
  const errors = formState.errors;
  const inIndia = (watch('country') ?? '').toUpperCase() === 'IN';
  useEffect(() => setFocus('name'), [setFocus]);

  const onSubmit = handleSubmit((values) =>
    convert
      ? convertLead.mutate(
          { client: values, ...(firstProject.trim() ? { project: { name: firstProject.trim() } } : {}) },
          {
            onSuccess: (answer) => {
              toast.success(answer.message);
              onClose();
            },
          },
        )
      : saveClient.mutate(values, {
          onSuccess: () => {
            toast.success(client ? M.updated : M.created);
            onClose();
          },
        }),
  );

  const footer = (
    <>
      <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
        Cancel
      </Button>
      <Button type="submit" form={FORM_ID} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : client ? 'Save client' : convert ? 'Convert to client' : 'Add client'}
      </Button>
    </>
  );

  return (
    <SidePanel
      title={client ? `Edit ${client.name}` : convert ? 'New client from this lead' : 'Add client'}
      onClose={onClose}
      footer={footer}
      wide
    >
      <form id={FORM_ID} onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
        {save.isError && <Banner message={serverMessage(save.error) ?? 'The client could not be saved.'} />}
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          <TextField
            label="Name"
            required
            autoComplete="off"
            error={errors.name?.message}
            {...register('name')}
          />
          <OptionSelectField
            label="Kind"
            options={[
              { value: 'company', label: 'Company' },
              { value: 'person', label: 'Person' },
            ]}
            {...register('kind')}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Legal name" error={errors.legalName?.message} {...register('legalName')} />
          <TextField
            label={inIndia ? 'GSTIN' : 'Tax id (VAT number)'}
            help={
              inIndia ? '15 characters, for example 27AAPFU0939F1ZV' : 'With its country prefix in the EU'
            }
            error={errors.taxId?.message}
            {...register('taxId')}
          />
        </div>
        <fieldset className="space-y-4">
          <legend className="text-sm font-semibold text-ink">Billing address</legend>
          <TextField
            label="Address line 1"
            error={errors.addressLine1?.message}
            {...register('addressLine1')}
          />
          <TextField
            label="Address line 2"
            error={errors.addressLine2?.message}
            {...register('addressLine2')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="City" error={errors.city?.message} {...register('city')} />
            {inIndia ? (
              <OptionSelectField
                label="State"
                required
                options={STATE_OPTIONS}
                error={errors.state?.message}
                {...register('state')}
              />
            ) : (
              <TextField label="State or region" error={errors.state?.message} {...register('state')} />
            )}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Postal code" error={errors.postalCode?.message} {...register('postalCode')} />
            <TextField
              label="Country"
              help="Two-letter code: IN, US, GB, DE…"
              maxLength={2}
              error={errors.country?.message}
              {...register('country')}
            />
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Currency"
            help="ISO code: INR, USD, EUR…"
            maxLength={3}
            error={errors.currency?.message}
            {...register('currency')}
          />
          <TextField
            label="Payment terms (days)"
            type="number"
            min={0}
            max={365}
            error={errors.paymentTermsDays?.message}
            {...register('paymentTermsDays', { valueAsNumber: true })}
          />
        </div>
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-ink">Contacts</legend>
          {contacts.fields.length === 0 && <p className="text-sm text-muted">No contacts yet.</p>}
          {contacts.fields.map((field, index) => (
            <div
              key={field.id}
              className="grid gap-3 rounded-xl border border-line p-3 sm:grid-cols-2"
              role="group"
              aria-label={`Contact ${index + 1}`}
            >
              <TextField
                label="Contact name"
                required
                error={errors.contacts?.[index]?.name?.message}
                {...register(`contacts.${index}.name`)}
              />
              <TextField
                label="Contact e-mail"
                type="email"
                error={errors.contacts?.[index]?.email?.message}
                {...register(`contacts.${index}.email`)}
              />
              <TextField label="Contact phone" type="tel" {...register(`contacts.${index}.phone`)} />
              <div className="flex items-end gap-2">
                <TextField className="flex-1" label="Job title" {...register(`contacts.${index}.jobTitle`)} />
                <Button
                  variant="secondary"
                  aria-label={`Remove contact ${index + 1}`}
                  onClick={() => contacts.remove(index)}
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </div>
            </div>
          ))}
          {errors.contacts?.message && <p className="text-sm text-red-700">{errors.contacts.message}</p>}
          <Button
            variant="secondary"
            size="sm"
            onClick={() => contacts.append({ name: '', email: '', phone: '', jobTitle: '' })}
          >
            <Plus className="size-4" aria-hidden />
            Add contact
          </Button>
        </fieldset>
        <TextAreaField label="Notes" rows={3} error={errors.notes?.message} {...register('notes')} />
        {convert && (
          <TextField
            label="First project (optional)"
            help="Name it to open the client’s first project with the conversion"
            value={firstProject}
            onChange={(event) => setFirstProject(event.target.value)}
          />
        )}
      </form>
    </SidePanel>
  );
}
