import { FORM_MESSAGES } from '../../../shared/messages';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  WORKSPACE_TYPES,
  workspaceUpdateSchema,
  type WorkspaceInfo,
  type WorkspaceUpdateInput,
} from '../../../shared/schemas/workspace';
import { serverMessage } from '../../lib/api-client';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select-field';
import { TextAreaField } from '../../components/ui/textarea-field';
import { WORKSPACE_SAVED, WORKSPACE_SAVE_FAILED, useUpdateWorkspace } from './workspace-api';

type FormInput = z.input<typeof workspaceUpdateSchema>;

const valuesOf = (workspace: WorkspaceInfo): FormInput => ({
  name: workspace.name,
  description: workspace.description,
  type: workspace.type,
});

/** Business Admin or Admin: edit name, description and type through PUT /api/workspace. */
export function WorkspaceForm({ workspace, userId }: { workspace: WorkspaceInfo; userId: string }) {
  const headingId = useId();
  const save = useUpdateWorkspace(userId);
  const { register, handleSubmit, reset, formState } = useForm<FormInput, unknown, WorkspaceUpdateInput>({
    resolver: zodResolver(workspaceUpdateSchema),
    defaultValues: valuesOf(workspace),
  });
  const errors = formState.errors;

  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        reset(valuesOf(saved));
        toast.success(WORKSPACE_SAVED);
      },
    }),
  );

  return (
    <Card>
      <form
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-labelledby={headingId}
        className="space-y-5"
      >
        <div>
          <h2 id={headingId} className="text-base font-semibold text-ink">
            Edit workspace
          </h2>
          <p className="mt-1 text-sm text-muted">Changes apply to everyone in this workspace.</p>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Workspace name" error={errors.name?.message} {...register('name')} />
          <SelectField
            label="Workspace type"
            options={WORKSPACE_TYPES}
            error={errors.type?.message}
            {...register('type')}
          />
          <TextAreaField
            label="Description"
            rows={3}
            className="sm:col-span-2"
            error={errors.description?.message}
            {...register('description')}
          />
        </div>
        {save.isError && <Banner message={serverMessage(save.error) ?? WORKSPACE_SAVE_FAILED} />}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            disabled={!formState.isDirty || save.isPending}
            onClick={() => {
              reset(valuesOf(workspace));
              save.reset();
            }}
          >
            Reset
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? FORM_MESSAGES.saving : FORM_MESSAGES.saveChanges}
          </Button>
        </div>
      </form>
    </Card>
  );
}
