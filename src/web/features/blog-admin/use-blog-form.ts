import { useCallback, useState } from 'react';
import type { Blog } from '../../../shared/schemas/blog';
import {
  initialImage,
  initialValues,
  type BlogFormErrors,
  type BlogFormValues,
  type ImageDraft,
} from './blog-form-model';

/**
 * What the editor holds: the post it is based on (`base`, whose version a save names), the typed values,
 * the image draft and the field errors. `load` replaces all of them with a post (reload, restore).
 */
export function useBlogForm(blog: Blog | null) {
  const [base, setBase] = useState<Blog | null>(blog);
  const [values, setValues] = useState<BlogFormValues>(() => initialValues(blog));
  const [image, setImage] = useState<ImageDraft>(() => initialImage(blog));
  const [errors, setErrors] = useState<BlogFormErrors>({});

  // docs/product/blog.md#validation: editing a field clears its error.
  const setField = useCallback(<K extends keyof BlogFormValues>(field: K, value: BlogFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  }, []);

  const setImageDraft = useCallback((next: ImageDraft, problem?: string) => {
    setImage(next);
    setErrors((e) => ({ ...e, featuredImage: problem }));
  }, []);

  const load = useCallback((next: Blog) => {
    setBase(next);
    setValues(initialValues(next));
    setImage(initialImage(next));
    setErrors({});
  }, []);

  /** Fills the typed fields (an autosaved copy); the image and the base post stay. */
  const fill = useCallback((next: BlogFormValues) => {
    setValues(next);
    setErrors({});
  }, []);

  return { base, setBase, values, image, errors, setErrors, setField, setImageDraft, load, fill };
}
