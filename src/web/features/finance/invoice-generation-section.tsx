import { useRef, useState } from 'react';
import { FolderClock, Info, Plus } from 'lucide-react';
import { canUseModule } from '../../../shared/access';
import { Button } from '../../components/ui/button';
import { Tabs } from '../../components/ui/tabs';
import { InvoiceEditor } from '../../components/finance/invoice-editor';
import { useFinanceSettings } from '../../lib/finance-api';
import type { SectionProps } from '../../lib/section-props';
import { CreditNoteList } from './credit-note-list';
import { EstimateEditor } from './estimate-editor';
import { EstimateList } from './estimate-list';
import { EstimatePage } from './estimate-page';
import { useInvoicesAddress, type InvoiceTab } from './finance-address';
import { InvoiceList } from './invoice-list';
import { InvoicePage } from './invoice-page';
import { InvoiceProjectDialog } from './invoice-project-dialog';
import { TaxSettings } from './tax-settings-form';

const TABS: readonly { key: InvoiceTab; label: string }[] = [
  { key: 'invoices', label: 'Invoices' },
  { key: 'estimates', label: 'Estimates' },
  { key: 'credit-notes', label: 'Credit notes' },
  { key: 'settings', label: 'Tax settings' },
];

/** Until the tax profile is saved, drafts can be made but not finalised: said at the top of the list. */
function ProfileBanner({ onOpen }: { onOpen(): void }) {
  const settings = useFinanceSettings();
  if (!settings.data || settings.data.configured) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900"
    >
      <p className="flex items-start gap-2">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
        Fill in your tax profile before finalising: invoices print your legal name, address and tax number.
      </p>
      <Button size="sm" variant="secondary" onClick={onOpen}>
        Open tax settings
      </Button>
    </div>
  );
}

/**
 * Invoice Generation (docs/product/finance.md): invoices, estimates and credit notes, one invoice's or
 * estimate's page, and the tax profile; the view is kept in the address (?tab=…&invoice=<id>,
 * ?tab=estimates&estimate=<id>).
 */
export function InvoiceGenerationSection({ user }: SectionProps) {
  const address = useInvoicesAddress();
  const [creating, setCreating] = useState(false);
  const [invoicingProject, setInvoicingProject] = useState(false);
  /** Set when the editor saved: its address (?invoice=) replaces ?new=1 already. */
  const saved = useRef(false);
  if (!canUseModule(user, 'financeManagement')) return null;
  const estimates = address.tab === 'estimates';
  const canOpenProjects = canUseModule(user, 'projects');
  const editorOpen = creating || address.wantsNew;
  const closeEditor = () => {
    setCreating(false);
    if (address.wantsNew && !saved.current) address.clearNew();
    saved.current = false;
  };

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">Invoice Generation</h1>
          <p className="mt-1 max-w-3xl text-sm text-muted">
            GST-ready invoices and credit notes: drafts you can change, final invoices numbered without gaps;
            estimates that become projects.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {estimates ? (
            <Button onClick={() => setCreating(true)}>
              <Plus className="size-4" aria-hidden /> New estimate
            </Button>
          ) : (
            <>
              {canOpenProjects && (
                <Button variant="secondary" onClick={() => setInvoicingProject(true)}>
                  <FolderClock className="size-4" aria-hidden /> Invoice a project
                </Button>
              )}
              <Button onClick={() => setCreating(true)}>
                <Plus className="size-4" aria-hidden /> New invoice
              </Button>
            </>
          )}
        </div>
      </header>
      {address.invoiceId ? (
        <InvoicePage
          key={address.invoiceId}
          invoiceId={address.invoiceId}
          onBack={address.closeInvoice}
          onOpenInvoice={address.openInvoice}
        />
      ) : address.estimateId ? (
        <EstimatePage
          key={address.estimateId}
          estimateId={address.estimateId}
          canOpenProjects={canOpenProjects}
          onBack={address.closeEstimate}
          onOpenInvoice={address.openInvoice}
        />
      ) : (
        <Tabs<InvoiceTab>
          label="Invoice Generation views"
          tabs={TABS}
          active={address.tab}
          onChange={address.setTab}
        >
          {address.tab === 'invoices' && (
            <div className="space-y-4">
              <ProfileBanner onOpen={() => address.setTab('settings')} />
              <InvoiceList address={address} />
            </div>
          )}
          {estimates && <EstimateList address={address} canOpenProjects={canOpenProjects} />}
          {address.tab === 'credit-notes' && <CreditNoteList address={address} />}
          {address.tab === 'settings' && <TaxSettings />}
        </Tabs>
      )}
      {editorOpen && estimates && (
        <EstimateEditor
          estimate={null}
          onClose={closeEditor}
          onSaved={(e) => {
            saved.current = true;
            address.openEstimate(e._id);
          }}
        />
      )}
      {editorOpen && !estimates && (
        <InvoiceEditor
          invoice={null}
          onClose={closeEditor}
          onSaved={(i) => {
            saved.current = true;
            address.openInvoice(i._id);
          }}
        />
      )}
      {invoicingProject && (
        <InvoiceProjectDialog onClose={() => setInvoicingProject(false)} onCreated={address.openInvoice} />
      )}
    </div>
  );
}
