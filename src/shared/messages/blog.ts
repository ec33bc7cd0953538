import { FORM_MESSAGES } from './form';

/** Blog texts (docs/product/blog.md). */
export const BLOG_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be 60 characters or less',
  metaDescriptionRequired: 'Meta description is required',
  metaDescriptionTooLong: 'Meta description must be 160 characters or less',
  categoryRequired: 'Category is required',
  contentRequired: 'Content is required',
  tooManyKeywords: 'Maximum 5 keywords allowed',
  statusUpdateFailed: 'Failed to update blog status. Please try again.',
  deleteConfirm: 'Are you sure you want to delete this blog post? This action cannot be undone.',
  deleteFailed: 'Failed to delete blog post. Please try again.',
  notFound: 'Blog post not found',
  notFoundTitle: 'Blog Post Not Found',
  notFoundText: 'The blog post you are looking for does not exist.',
  urlCopied: 'URL copied to clipboard!',
  emptyDashboard: 'No blogs found',
  createFirst: 'Create Your First Blog',
  loadingBlog: 'Loading blog...',
  saving: FORM_MESSAGES.saving,
  emptyPublicTitle: 'No blog posts found',
  emptyPublicText: 'Check back soon for new content!',
  /** A list page past the last one, or of a category that does not exist (answered with 404). */
  listNotFoundTitle: 'Page Not Found',
  listNotFoundText: 'This page of the blog does not exist.',
  loadingPosts: 'Loading blog posts...',
  loadingInsights: 'Loading latest insights...',
  teaserHeading: 'Your Story, Our Insights.',
  readAll: 'Read All Journals',
  /** Server texts with no spec wording. */
  imageTooLarge: 'The featured image must be 5 MB or smaller.',
  imagesBusy: 'Two images of this workspace are already being processed. Please try again in a moment.',
  imageNotAnImage: 'The featured image must be an image file.',
  categoryNotFound: 'Category not found.',
} as const;

/** Scheduling, autosave, revisions, preview links and per-post SEO (docs/product/blog.md#publishing): no spec wording exists. */
export const PUBLISHING_MESSAGES = {
  publishAtInvalid: 'Choose a valid publish date and time.',
  publishAtPast: 'The publish time must be in the future.',
  publishAtNeedsDraft: 'Only a draft can be scheduled: set the status to draft, or clear the publish time.',
  canonicalInvalid: 'The canonical URL must be a full address starting with https:// or http://.',
  staleSave: 'This post was changed by someone else since you opened it.',
  revisionNotFound: 'Revision not found.',
  previewNotFound: 'Preview link not found.',
  previewNotDraft: 'Only a draft or scheduled post can be shared as a preview.',
  previewAgencyOnly: "Preview links are for the public website's posts (the agency workspace).",
  previewLimit: (max: number) => `A post can have at most ${max} live preview links. Revoke one first.`,
  scheduledActivity: (title: string) => `'${title}' was published as scheduled`,
  restoredActivity: (username: string, title: string) =>
    `${username} restored an earlier version of '${title}'`,
  previewBanner: 'Preview — this post is not published yet. Only people with this link can see it.',
  autosaveSaved: 'Saved',
  autosaveSaving: 'Saving...',
  autosaveFailed: 'Not saved — retrying',
  autosaveOffered: 'You have unsaved changes from',
  restoreTitle: 'Restore this version?',
  restoreDone: 'Revision restored.',
  previewCreated: 'Preview link created and copied.',
  previewRevoked: 'Preview link revoked.',
} as const;

export const CATEGORY_MESSAGES = {
  nameRequired: 'Category name is required',
  createFailed: 'Failed to create category',
  loadFailed: 'Failed to load categories',
  loading: 'Loading categories...',
  empty: 'No categories created yet.',
  nameTaken: 'A category with this name already exists.',
  inUse: (count: number) =>
    `This category is used by ${count} post${count === 1 ? '' : 's'}. Move them to another category first.`,
} as const;
