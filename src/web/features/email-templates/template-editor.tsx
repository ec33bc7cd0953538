import { useState, type FormEvent } from 'react';
import { ArrowLeft, Save, Send, Trash2 } from 'lucide-react';
import {
  EMAIL_TEMPLATE_LIMITS as L,
  MERGE_FIELD_HELP,
  MERGE_FIELDS,
  type EmailTemplateInput,
} from '../../../shared/schemas/email-templates';
import type { FieldError } from '../../../shared/schemas/answers';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { TextAreaField } from '../../components/ui/textarea-field';
import { isHttpError, serverMessage } from '../../lib/api-client';
import { useDeleteTemplate, useSaveTemplate, useTestSend } from './email-templates-api';
import { TemplatePreview } from './template-preview';

const fieldErrorsOf = (error: unknown): FieldError[] =>
  isHttpError(error) ? ((error.response?.data as { errors?: FieldError[] } | undefined)?.errors ?? []) : [];

/**
 * One template: its name, subject, preheader and MJML, the optional plain-text part, the live preview beside
 * it, and (once saved) "Send test to me" and delete.
 */
export function TemplateEditor({
  id,
  initial,
  userEmail,
  onDone,
  onSaved,
}: {
  id: string | null;
  initial: EmailTemplateInput;
  userEmail: string;
  onDone(): void;
  onSaved(id: string): void;
}) {
  const [draft, setDraft] = useState<EmailTemplateInput>(initial);
  const save = useSaveTemplate();
  const remove = useDeleteTemplate();
  const test = useTestSend();
  const set = <K extends keyof EmailTemplateInput>(key: K, value: EmailTemplateInput[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
  };
  const saveErrors = fieldErrorsOf(save.error);
  const errorOf = (field: string) => saveErrors.find((e) => e.field === field)?.message;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ id, body: draft }, { onSuccess: (answer) => onSaved(answer.template._id) });
  }

  const lines = draft.mjml.split('\n').length;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="ghost" onClick={onDone}>
          <ArrowLeft className="size-4" aria-hidden />
          All templates
        </Button>
      </div>
      <div className="grid items-start gap-6 2xl:grid-cols-2">
        <Card>
          <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Template">
            <TextField
              label="Name"
              value={draft.name}
              maxLength={L.nameMax}
              required
              error={errorOf('name')}
              onChange={(e) => set('name', e.target.value)}
            />
            <TextField
              label="Subject"
              value={draft.subject}
              maxLength={L.subjectMax}
              error={errorOf('subject')}
              help={'Merge fields work here too: {{ name }}, {{ company | default: "your team" }}.'}
              onChange={(e) => set('subject', e.target.value)}
            />
            <TextField
              label="Preheader"
              value={draft.preheader}
              maxLength={L.preheaderMax}
              help="The line inboxes show after the subject."
              onChange={(e) => set('preheader', e.target.value)}
            />
            <TextAreaField
              label={`MJML (${lines} line${lines === 1 ? '' : 's'})`}
              value={draft.mjml}
              rows={22}
              spellCheck={false}
              wrap="off"
              className="[&_textarea]:font-mono [&_textarea]:text-xs [&_textarea]:leading-5"
              error={errorOf('mjml')}
              help="Your logo or site name is added at the top, and your postal address and the unsubscribe link at the bottom of every e-mail."
              onChange={(e) => set('mjml', e.target.value)}
            />
            <details className="rounded-lg border border-line p-3 text-sm">
              <summary className="cursor-pointer font-medium text-ink">Merge fields</summary>
              <ul className="mt-2 space-y-1 text-muted">
                {MERGE_FIELDS.map((field) => (
                  <li key={field}>
                    <code className="font-mono text-ink">{`{{ ${field} }}`}</code> — {MERGE_FIELD_HELP[field]}
                  </li>
                ))}
                <li>
                  A default for an empty value:{' '}
                  <code className="font-mono text-ink">{'{{ name | default: "there" }}'}</code>
                </li>
                <li>
                  Brand colour: <code className="font-mono text-ink">mj-class="brand"</code> (text) and{' '}
                  <code className="font-mono text-ink">mj-class="brand-bg"</code> (background).
                </li>
              </ul>
            </details>
            <TextAreaField
              label="Plain-text part (optional)"
              value={draft.textOverride ?? ''}
              rows={5}
              help="Leave empty to have it made from the HTML."
              onChange={(e) => set('textOverride', e.target.value)}
            />
            {save.isError && (
              <div role="alert" className="space-y-2">
                <Banner message={serverMessage(save.error) ?? 'The template could not be saved.'} />
                {saveErrors.length > 1 && (
                  <ul className="list-disc pl-5 text-sm text-red-800">
                    {saveErrors.map((e, i) => (
                      <li key={i}>{e.message}</li>
                    ))}
                  </ul>
                )}
              </div>
            )}
            {save.isSuccess && <Banner tone="success" message={save.data.message} />}
            {test.isSuccess && <Banner tone="success" message={test.data.message} />}
            {test.isError && <Banner message={serverMessage(test.error) ?? 'The test could not be sent.'} />}
            {remove.isError && (
              <Banner message={serverMessage(remove.error) ?? 'The template could not be deleted.'} />
            )}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={save.isPending}>
                <Save className="size-4" aria-hidden />
                {save.isPending ? 'Saving...' : id ? 'Save changes' : 'Create template'}
              </Button>
              <Button
                variant="secondary"
                disabled={!id || test.isPending}
                title={id ? `Sends the saved template to ${userEmail}` : 'Save the template first'}
                onClick={() => id && test.mutate(id)}
              >
                <Send className="size-4" aria-hidden />
                {test.isPending ? 'Sending...' : 'Send test to me'}
              </Button>
              {id && (
                <Button
                  variant="ghost"
                  className="text-red-700"
                  disabled={remove.isPending}
                  onClick={() => {
                    if (window.confirm(`Delete “${draft.name}”?`)) remove.mutate(id, { onSuccess: onDone });
                  }}
                >
                  <Trash2 className="size-4" aria-hidden />
                  Delete
                </Button>
              )}
            </div>
            {id && (
              <p className="text-xs text-muted">
                Tests go to {userEmail} only, at most {L.testSendsPerHour} an hour.
              </p>
            )}
          </form>
        </Card>
        <TemplatePreview
          input={{
            mjml: draft.mjml,
            subject: draft.subject,
            preheader: draft.preheader,
            textOverride: draft.textOverride,
          }}
        />
      </div>
    </div>
  );
}
