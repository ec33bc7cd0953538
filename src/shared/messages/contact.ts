/** Contact form texts (docs/product/public-site.md#contact); the server answers missing fields with the same words. */
export const CONTACT_MESSAGES = {
  requiredFields: 'Please fill required fields.',
  failed: 'Something went wrong. Try again later.',
  sent: 'Message sent! We will reply shortly.',
  /** Server texts with no spec wording. */
  emailInvalid: 'Please enter a valid email address',
  tooLong: (field: string, max: number) => `${field} must be ${max} characters or less.`,
  rateLimited: (minutes: number) =>
    `You have sent several messages in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;
