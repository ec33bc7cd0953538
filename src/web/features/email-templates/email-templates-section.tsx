import { useState } from 'react';
import { FilePlus2, LayoutTemplate } from 'lucide-react';
import { DASHBOARD_MESSAGES, EMAIL_TEMPLATE_MESSAGES as M } from '../../../shared/messages';
import {
  STARTER_KINDS,
  STARTER_TEMPLATES,
  type EmailTemplateInput,
  type StarterKind,
} from '../../../shared/schemas/email-templates';
import type { SectionProps } from '../../lib/section-props';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { serverMessage } from '../../lib/api-client';
import { useTemplate, useTemplates } from './email-templates-api';
import { TemplateEditor } from './template-editor';

type Mode = { kind: 'list' } | { kind: 'new'; starter: StarterKind } | { kind: 'edit'; id: string };

const starterInput = (kind: StarterKind): EmailTemplateInput => {
  const starter = STARTER_TEMPLATES[kind];
  return {
    name: kind === 'blank' ? '' : starter.label,
    subject: starter.subject,
    preheader: starter.preheader,
    mjml: starter.mjml,
    textOverride: null,
  };
};

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

function TemplateList({ onOpen, onStart }: { onOpen(id: string): void; onStart(kind: StarterKind): void }) {
  const templates = useTemplates();
  return (
    <div className="space-y-6">
      <Card>
        <h2 className="text-base font-semibold text-ink">New template</h2>
        <p className="mt-1 text-sm text-muted">Start from:</p>
        <div className="mt-3 flex flex-wrap gap-2">
          {STARTER_KINDS.map((kind) => (
            <Button key={kind} variant="secondary" onClick={() => onStart(kind)}>
              <FilePlus2 className="size-4" aria-hidden />
              {STARTER_TEMPLATES[kind].label}
            </Button>
          ))}
        </div>
      </Card>
      <Card>
        <h2 className="text-base font-semibold text-ink">Templates</h2>
        {templates.isPending ? (
          <Spinner label={DASHBOARD_MESSAGES.loading} />
        ) : templates.isError ? (
          <Banner message={serverMessage(templates.error) ?? 'The templates could not be loaded.'} />
        ) : templates.data.length === 0 ? (
          <p className="mt-3 text-sm text-muted">{M.empty}</p>
        ) : (
          <ul className="mt-3 divide-y divide-line">
            {templates.data.map((t) => (
              <li key={t._id}>
                <button
                  type="button"
                  onClick={() => onOpen(t._id)}
                  className="flex w-full items-center gap-3 py-3 text-left hover:bg-slate-50"
                >
                  <LayoutTemplate className="size-5 shrink-0 text-brand-600" aria-hidden />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-ink">{t.name}</span>
                    <span className="block truncate text-sm text-muted">{t.subject || 'No subject yet'}</span>
                  </span>
                  <span className="shrink-0 text-xs text-muted">{day(t.updatedAt)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function SavedTemplate({
  id,
  userEmail,
  onDone,
  onSaved,
}: {
  id: string;
  userEmail: string;
  onDone(): void;
  onSaved(id: string): void;
}) {
  const template = useTemplate(id);
  if (template.isPending) return <Spinner label={DASHBOARD_MESSAGES.loading} />;
  if (template.isError) return <Banner message={serverMessage(template.error) ?? M.notFound} />;
  const t = template.data;
  return (
    <TemplateEditor
      key={t._id}
      id={t._id}
      initial={{
        name: t.name,
        subject: t.subject,
        preheader: t.preheader,
        mjml: t.mjml,
        textOverride: t.textOverride,
      }}
      userEmail={userEmail}
      onDone={onDone}
      onSaved={onSaved}
    />
  );
}

/**
 * Create Email Template (docs/product/marketing.md#templates): the workspace's templates, "Start from"
 * a newsletter, an announcement or a blank page, and the editor with its live preview.
 */
export function EmailTemplatesSection({ user, section }: SectionProps) {
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const toList = () => setMode({ kind: 'list' });
  const opened = (id: string) => setMode({ kind: 'edit', id });
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {section.title ?? section.label}
        </h1>
        <p className="mt-1 text-sm text-muted">
          Reusable e-mail layouts for newsletters, offers and follow-ups, written in MJML and shown as your
          readers will see them.
        </p>
      </header>
      {mode.kind === 'list' ? (
        <TemplateList onOpen={opened} onStart={(starter) => setMode({ kind: 'new', starter })} />
      ) : mode.kind === 'new' ? (
        <TemplateEditor
          key={`new-${mode.starter}`}
          id={null}
          initial={starterInput(mode.starter)}
          userEmail={user.email}
          onDone={toList}
          onSaved={opened}
        />
      ) : (
        <SavedTemplate id={mode.id} userEmail={user.email} onDone={toList} onSaved={opened} />
      )}
    </div>
  );
}
