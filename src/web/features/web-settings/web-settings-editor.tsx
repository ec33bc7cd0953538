import { useState, type ComponentType } from 'react';
import { FormProvider, useForm, useWatch, type FieldErrors, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { SITE_SETTINGS_MESSAGES as M } from '../../../shared/messages';
import { type SiteSettings } from '../../../shared/site-settings';
import { siteSettingsSchema, type SiteSettingsEditor } from '../../../shared/schemas/site-settings';
import { Banner } from '../../components/ui/banner';
import { Card } from '../../components/ui/card';
import { Tabs } from '../../components/ui/tabs';
import { serverMessage } from '../../lib/api-client';
import { EDITOR_GROUPS, groupOf, type GroupKey } from './editor-groups';
import { EditorActions } from './editor-actions';
import { serverFieldErrors } from '../../lib/field-errors';
import { previewSettings } from './form-model';
import { SitePreview } from './site-preview';
import { usePublishSite, useSaveSiteDraft } from './web-settings-api';

const ATTENTION = 'Some fields need attention: see the messages under them.';

/** The dotted path of the first error in RHF's nested errors ('services.1.title'). */
function firstErrorPath(errors: FieldErrors, prefix = ''): string | undefined {
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if ('message' in value && typeof value.message === 'string') return path;
    const nested = firstErrorPath(value as FieldErrors, path);
    if (nested) return nested;
  }
  return undefined;
}

/**
 * The Admin's editor: the settings in groups, a live preview of the home page from what is typed, and
 * Save draft / Publish / Undo / Reset. The form holds the draft; the site changes only on Publish.
 */
export function WebSettingsEditor({
  editor,
  HomeSections,
}: {
  editor: SiteSettingsEditor;
  /** The home page's body, which the preview draws. */
  HomeSections: ComponentType;
}) {
  const form = useForm<SiteSettings, unknown, SiteSettings>({
    resolver: zodResolver(siteSettingsSchema),
    defaultValues: editor.draft,
    mode: 'onTouched',
  });
  const [group, setGroup] = useState<GroupKey>('identity');
  const [problem, setProblem] = useState('');
  const save = useSaveSiteDraft();
  const publish = usePublishSite();
  const values = useWatch({ control: form.control }) as SiteSettings;
  const dirty = form.formState.isDirty;
  // The notice goes once every field's message has been dealt with.
  const hasErrors = Object.keys(form.formState.errors).length > 0;

  const showInvalid = (errors: FieldErrors) => {
    const path = firstErrorPath(errors);
    const owner = path && groupOf(path);
    if (owner) setGroup(owner);
    setProblem(ATTENTION);
  };

  /** Saves the form as the draft; false (with the server's field messages shown) when refused. */
  const saveDraft = async (settings: SiteSettings): Promise<boolean> => {
    try {
      const answer = await save.mutateAsync(settings);
      form.reset(answer.draft);
      return true;
    } catch (error) {
      const fields = serverFieldErrors(error);
      for (const { field, message } of fields)
        form.setError(field as Path<SiteSettings>, { type: 'server', message });
      if (fields.length > 0) {
        const owner = groupOf(fields[0]!.field);
        if (owner) setGroup(owner);
        setProblem(ATTENTION);
      } else toast.error(serverMessage(error) ?? 'Could not save the draft. Please try again.');
      return false;
    }
  };

  const onSave = form.handleSubmit(async (settings) => {
    setProblem('');
    if (await saveDraft(settings)) toast.success(M.saved);
  }, showInvalid);

  const onPublish = form.handleSubmit(async (settings) => {
    setProblem('');
    if (form.formState.isDirty && !(await saveDraft(settings))) return;
    try {
      const answer = await publish.mutateAsync();
      form.reset(answer.draft);
      toast.success(M.published);
    } catch (error) {
      toast.error(serverMessage(error) ?? 'Could not publish. Please try again.');
    }
  }, showInvalid);

  const Group = EDITOR_GROUPS.find((g) => g.key === group)!.component;
  return (
    <FormProvider {...form}>
      <div className="space-y-6">
        <EditorActions
          dirty={dirty}
          unpublished={editor.unpublished}
          saving={save.isPending}
          publishing={publish.isPending}
          onSave={() => void onSave()}
          onPublish={() => void onPublish()}
          onReplaced={(draft) => {
            setProblem('');
            form.reset(draft);
          }}
        />
        <Card className="p-4 sm:p-6">
          <form aria-label="Web Settings" noValidate onSubmit={(event) => void onSave(event)}>
            <Tabs<GroupKey>
              tabs={EDITOR_GROUPS}
              active={group}
              onChange={setGroup}
              label="Web Settings groups"
            >
              <div className="grid items-start gap-8 xl:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
                <div className="min-w-0 space-y-5">
                  {problem && hasErrors && <Banner message={problem} />}
                  <Group />
                </div>
                <div className="xl:sticky xl:top-20">
                  <SitePreview
                    settings={previewSettings(values, editor.live.identity.brandColor)}
                    HomeSections={HomeSections}
                  />
                </div>
              </div>
            </Tabs>
          </form>
        </Card>
      </div>
    </FormProvider>
  );
}
