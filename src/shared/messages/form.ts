/** Every settings form's save button (spec §2 uses these texts for the blog editor and profile). */
export const FORM_MESSAGES = {
  saving: 'Saving...',
  saveChanges: 'Save Changes',
} as const;
