import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { z } from 'zod';
import { LEAD_MESSAGES } from '../../../shared/messages';
import { LEAD_SOURCES, createLeadSchema, type CreateLeadInput } from '../../../shared/schemas/leads';
import { serverMessage } from '../../lib/api-client';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select-field';
import { SidePanel } from '../../components/ui/side-panel';
import { TextAreaField } from '../../components/ui/textarea-field';
import { useCreateLead } from './leads-api';

type FormInput = z.input<typeof createLeadSchema>;
const EMPTY: FormInput = { name: '', email: '', phone: '', company: '', source: 'Website', notes: '' };
const FORM_ID = 'add-lead-form';

/** New-lead form (docs/product/leads.md#adding-a-lead); name and email are needed (the server sets status, priority and dates). */
export function LeadAddPanel({ onClose }: { onClose(): void }) {
  const create = useCreateLead();
  const { register, handleSubmit, setFocus, formState } = useForm<FormInput, unknown, CreateLeadInput>({
    resolver: zodResolver(createLeadSchema),
    defaultValues: EMPTY,
  });
  const errors = formState.errors;
  useEffect(() => setFocus('name'), [setFocus]);

  const onSubmit = handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => {
        toast.success(LEAD_MESSAGES.added);
        onClose();
      },
    }),
  );

  const footer = (
    <>
      <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
        Cancel
      </Button>
      <Button type="submit" form={FORM_ID} disabled={create.isPending}>
        {create.isPending ? 'Adding...' : 'Add Lead'}
      </Button>
    </>
  );

  return (
    <SidePanel title="Add Lead" onClose={onClose} footer={footer}>
      <form id={FORM_ID} onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
        {create.isError && (
          <Banner message={serverMessage(create.error) ?? 'The lead could not be added. Please try again.'} />
        )}
        <TextField
          label="Name"
          autoComplete="off"
          required
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Phone" type="tel" error={errors.phone?.message} {...register('phone')} />
          <TextField label="Company" error={errors.company?.message} {...register('company')} />
        </div>
        <SelectField label="Source" options={LEAD_SOURCES} {...register('source')} />
        <TextAreaField label="Notes" rows={4} error={errors.notes?.message} {...register('notes')} />
      </form>
    </SidePanel>
  );
}
