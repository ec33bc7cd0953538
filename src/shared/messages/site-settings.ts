/** Web Settings' texts; the settings, defaults and limits are in ../site-settings.ts. */
export const SITE_SETTINGS_MESSAGES = {
  saved: 'Draft saved.',
  published: 'Published: the public site shows your changes now.',
  undone: 'Undone: the site is back to how it was before that publish.',
  reset: 'The draft is back to the default texts. Publish to apply it.',
  nothingToUndo: 'There is no earlier publish to go back to.',
  nothingToPublish: 'Nothing to publish: the draft is what the site already shows.',
  adminOnly: 'Only an Admin can change the public website.',
  contrastTooLow: (ratio: string) =>
    `White text on this colour has a contrast of ${ratio}:1; at least 4.5:1 is needed to be readable (WCAG AA). Pick a darker colour.`,
  colorInvalid: 'Enter a colour as #rrggbb.',
  linkUnknown: (href: string) => `${href} is not a page of this site.`,
  linkInvalid: 'Enter a path such as /pricing or a full https:// address.',
  tooLong: (max: number) => `At most ${max} characters.`,
  required: 'This field is required.',
  plainTextOnly: 'Plain text only: no HTML tags.',
  imageUploaded: 'Image uploaded. Publish to show it on the site.',
  imageMissing: 'Choose an image file to upload.',
  imageTooLarge: 'The image must be 5 MB or smaller.',
  imageNotAnImage: 'The file must be an image: PNG, JPEG, WebP, GIF, AVIF or SVG.',
  /** An SVG that could run code or load something when shown: refused whole, never cleaned silently. */
  svgRefused: (what: string) =>
    `This SVG was refused: it contains ${what}. Save it again as plain shapes (or as a PNG) and upload that.`,
  imageUnknown: "This image is not one of the website's uploads. Upload it again.",
  localeInvalid: 'Enter a language tag this server knows, such as en-US, en-GB, fr-FR or de-DE.',
  timeZoneInvalid: 'Enter a time zone such as UTC, America/New_York, Europe/Berlin or Asia/Kolkata.',
  newsletterListRequired: 'Choose the mailing list the newsletter form signs up to.',
  newsletterListUnknown: "This list is not one of the agency's mailing lists. Choose another.",
  trustedLogoOne: 'A trusted-by logo is either a built-in wordmark or an uploaded image.',
} as const;
