import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { OptionSelectField } from '../../components/ui/option-select-field';
import { serverMessage } from '../../lib/api-client';
import { useInvoiceProject } from '../../lib/finance-api';
import { useProjects } from '../../lib/projects-api';

/**
 * "Invoice a project" (POST /api/projects/:id/invoice): a draft of the project's approved, billable hours
 * not yet invoiced, a line per task or per person; the new draft opens.
 */
export function InvoiceProjectDialog({
  onClose,
  onCreated,
}: {
  onClose(): void;
  onCreated(id: string): void;
}) {
  const projects = useProjects({
    search: '',
    client: '',
    manager: '',
    status: [],
    due: '',
    overBudget: false,
    sort: 'name',
    page: 1,
    limit: 100,
  });
  const invoice = useInvoiceProject();
  const [projectId, setProjectId] = useState('');
  const [groupBy, setGroupBy] = useState<'task' | 'person'>('task');
  const field = useRef<HTMLSelectElement>(null);
  return (
    <Dialog
      title="Invoice a project"
      description="A draft bills the project’s approved, billable hours not invoiced yet, at the rates they were valued at. No hour is billed twice."
      onClose={onClose}
      initialFocus={field}
      busy={invoice.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={invoice.isPending}>
            Cancel
          </Button>
          <Button
            disabled={!projectId || invoice.isPending}
            onClick={() =>
              invoice.mutate(
                { projectId, groupBy },
                {
                  onSuccess: (answer) => {
                    toast.success(answer.message);
                    onCreated(answer.invoice._id);
                    onClose();
                  },
                },
              )
            }
          >
            {invoice.isPending ? 'Creating...' : 'Create draft'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {invoice.isError && (
          <Banner message={serverMessage(invoice.error) ?? 'The project could not be invoiced.'} />
        )}
        {projects.isError && (
          <Banner message={serverMessage(projects.error) ?? 'The projects could not be loaded.'} />
        )}
        <OptionSelectField
          ref={field}
          label="Project"
          value={projectId}
          onChange={(e) => setProjectId(e.target.value)}
          options={[
            { value: '', label: projects.isPending ? 'Loading projects...' : 'Choose a project' },
            ...(projects.data?.projects ?? []).map((p) => ({
              value: p._id,
              label: `${p.code} ${p.name} (${p.client.name})`,
            })),
          ]}
        />
        <OptionSelectField
          label="One line per"
          value={groupBy}
          onChange={(e) => setGroupBy(e.target.value as 'task' | 'person')}
          options={[
            { value: 'task', label: 'Task' },
            { value: 'person', label: 'Person and rate' },
          ]}
        />
      </div>
    </Dialog>
  );
}
