import { useState, type FormEvent } from 'react';
import type { Blog } from '../../../shared/schemas/blog';
import { serverMessage } from '../../lib/api-client';
import { useSaveBlog } from './blog-admin-api';
import { blogFieldErrors, toFormData, validateBlog, initialValues } from './blog-form-model';
import { conflictBlog } from './publishing/blog-publishing-api';
import { toDraftFields } from './publishing/autosave-model';
import type { useAutosave } from './publishing/use-autosave';
import type { useBlogForm } from './use-blog-form';

/**
 * Submitting the editor: the shared checks first, then the save naming the version the editor holds.
 * A 409 keeps everything typed and asks the writer (reload the post, or save over it); any other
 * refusal shows the server's message and field errors (docs/product/blog.md#editor).
 */
export function useBlogSubmit({
  form,
  autosave,
  onDone,
}: {
  form: ReturnType<typeof useBlogForm>;
  autosave: ReturnType<typeof useAutosave>;
  onDone(): void;
}) {
  const save = useSaveBlog();
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Blog | null>(null);
  // Bumped on each refused submit, so the editor moves the keyboard to the first field in error.
  const [attempt, setAttempt] = useState(0);

  const send = async (version: number | undefined) => {
    const found = validateBlog(form.values);
    if (Object.keys(found).length) {
      form.setErrors(found);
      setAttempt((n) => n + 1);
      return;
    }
    setFailure(null);
    setConflict(null);
    setStarting(true);
    // An autosave landing after the save would bring back the copy the save just dropped on the server.
    await autosave.pause();
    setStarting(false);
    save.mutate(
      { id: form.base?._id ?? null, form: toFormData(form.values, form.image, version) },
      {
        onSuccess: () => {
          autosave.finish();
          onDone();
        },
        onError: (error) => {
          autosave.resume();
          const current = conflictBlog(error);
          if (current) return setConflict(current);
          setFailure(serverMessage(error) ?? null);
          form.setErrors((e) => ({ ...e, ...blogFieldErrors(error) }));
          setAttempt((n) => n + 1);
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(form.base?.version);
  };

  /** Save anyway: over the newer version, which the editor is now based on. */
  const saveAnyway = () => {
    if (!conflict) return;
    form.setBase(conflict);
    void send(conflict.version);
  };

  /** Reload the post: the newer version replaces the form, and the unsaved copies go. */
  const reload = () => {
    if (!conflict) return;
    form.load(conflict);
    autosave.discard(toDraftFields(initialValues(conflict)));
    setConflict(null);
  };

  return {
    submit,
    saveAnyway,
    reload,
    conflict,
    failure,
    attempt,
    pending: starting || save.isPending,
  };
}
