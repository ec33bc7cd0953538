/** Every settings form's save button (docs/product/README.md#texts uses these texts for the blog editor and profile). */
export const FORM_MESSAGES = {
  saving: 'Saving...',
  saveChanges: 'Save Changes',
} as const;
