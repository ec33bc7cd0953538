import { useRef, useState, type FormEvent } from 'react';
import { Plus } from 'lucide-react';
import { CATEGORY_MESSAGES } from '../../../shared/messages';
import { categorySchema } from '../../../shared/schemas/blog';
import { slugify } from '../../../shared/text';
import { serverMessage } from '../../lib/api-client';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { TextAreaField } from '../../components/ui/textarea-field';
import { useCreateCategory } from './blog-admin-api';

/** Category form (docs/product/blog.md#categories): name required after trimming, optional description, both trimmed when sent. */
export function CategoryForm() {
  const create = useCreateCategory();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const nameBox = useRef<HTMLDivElement>(null);
  const focusName = () => nameBox.current?.querySelector('input')?.focus();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = categorySchema.safeParse({ name, description });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setNameError(issue?.path[0] === 'name' ? issue.message : CATEGORY_MESSAGES.nameRequired);
      focusName();
      return;
    }
    setFailure(null);
    create.mutate(parsed.data, {
      onSuccess: () => {
        setName('');
        setDescription('');
        focusName();
      },
      onError: (error) => setFailure(serverMessage(error) ?? CATEGORY_MESSAGES.createFailed),
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="New category" className="space-y-4">
      {failure && <Banner message={failure} />}
      <div ref={nameBox}>
        <TextField
          label="Category Name"
          value={name}
          maxLength={80}
          error={nameError}
          placeholder="e.g. Digital Insights"
          help={`/blog/category/${slugify(name)}`}
          onChange={(e) => {
            setName(e.target.value);
            setNameError(undefined);
          }}
        />
      </div>
      <TextAreaField
        label="Description (optional)"
        rows={3}
        maxLength={300}
        value={description}
        placeholder="What posts in this category are about"
        onChange={(e) => setDescription(e.target.value)}
      />
      <Button type="submit" disabled={create.isPending} className="w-full sm:w-auto">
        <Plus className="size-4" aria-hidden />
        {create.isPending ? 'Creating...' : 'Create Category'}
      </Button>
    </form>
  );
}
