/** Tasks of a project (docs/product/projects.md#tasks): the constants the server and the web share. */

export const TASK_STATUSES = ['todo', 'in_progress', 'in_review', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  todo: 'To do',
  in_progress: 'In progress',
  in_review: 'In review',
  done: 'Done',
};

export const TASK_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

export const TASK_PRIORITY_LABELS: Record<TaskPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

/** A recurring task makes its next one, due a week or a month later, when it is done. */
export const TASK_RECURRENCES = ['none', 'weekly', 'monthly'] as const;
export type TaskRecurrence = (typeof TASK_RECURRENCES)[number];

export const TASK_LIMITS = {
  titleMax: 300,
  descriptionMax: 50_000,
  commentMax: 5000,
  assigneesMax: 20,
  blockedByMax: 50,
  /** Estimates up to 1,000 hours, kept as minutes. */
  estimateHoursMax: 1000,
  /** One attached file, and the files a task may have. */
  attachmentMaxBytes: 10 * 1024 * 1024,
  attachmentsMax: 20,
  attachmentNameMax: 200,
  /** Tasks one answer of a project's list holds at most (a board reads them all in one). */
  pageMax: 500,
} as const;

/** The day a recurring task's next one is due: a week later, or the same day next month (clamped). */
export function nextDueDate(due: string, recurrence: Exclude<TaskRecurrence, 'none'>): string {
  const [year, month, day] = due.split('-').map(Number) as [number, number, number];
  if (recurrence === 'weekly') return new Date(Date.UTC(year, month - 1, day + 7)).toISOString().slice(0, 10);
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(day, lastDay))).toISOString().slice(0, 10);
}

/**
 * What a task may have attached, by what the bytes are (never the name or the browser's word): documents,
 * images and plain text. Anything a browser would run (HTML, SVG, scripts) is refused.
 */
export const ATTACHMENT_TYPES: Readonly<Record<string, string>> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/gif': 'GIF image',
  'image/webp': 'WebP image',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel workbook',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint deck',
  'application/zip': 'ZIP archive',
  'text/plain': 'Text',
};
