/**
 * What a client sees of its projects in the portal and what it does there
 * (docs/product/portal.md#what-a-client-sees): the constants the server and the web share.
 */

/** The parts of a project its portal may show; a project shows the ones its `portalVisibility` lists. */
export const PORTAL_PROJECT_PARTS = [
  'tasks',
  'time',
  'files',
  'comments',
  'milestones',
  'team',
  'activity',
] as const;
export type PortalProjectPart = (typeof PORTAL_PROJECT_PARTS)[number];

/** The staff form's labels of the switches. */
export const PORTAL_PROJECT_PART_LABELS: Record<PortalProjectPart, string> = {
  tasks: 'Tasks',
  time: 'Time logged and budget used',
  files: 'Files',
  comments: 'Comments',
  milestones: 'Milestones',
  team: 'Team',
  activity: 'Activity',
};

/** What each switch shows the client, under its label in the form. */
export const PORTAL_PROJECT_PART_HINTS: Record<PortalProjectPart, string> = {
  tasks:
    'Tasks with their status and due date; clients open them, approve work in review or ask for changes.',
  time: 'Hours logged against the hours budget, as a percentage. Never rates, costs or money.',
  files: 'Files marked “Visible to client” on visible tasks; clients may upload files.',
  comments: 'Comments marked “Visible to client” on visible tasks; clients may comment.',
  milestones: 'Tasks marked as milestones, with their due date and status.',
  team: 'The names and job titles of the manager, the team and each task’s assignees.',
  activity: 'The project’s status changes and delivery.',
};

/** Who sees a comment or a file: the project's people only, or its client too. */
export const CONTENT_VISIBILITIES = ['internal', 'client'] as const;
export type ContentVisibility = (typeof CONTENT_VISIBILITIES)[number];

export const CONTENT_VISIBILITY_LABELS: Record<ContentVisibility, string> = {
  internal: 'Internal',
  client: 'Visible to client',
};

/** What a task's timeline records (client kinds first; the portal shows every kind listed here). */
export const TASK_EVENT_KINDS = [
  'client-approved',
  'client-requested-changes',
  'client-commented',
  'client-uploaded',
] as const;
export type TaskEventKind = (typeof TASK_EVENT_KINDS)[number];

/** Project timeline kinds a client may see: never edits (rates, budgets, team) or budget warnings. */
export const CLIENT_SAFE_PROJECT_EVENTS = ['created', 'status', 'delivered'] as const;

export const PORTAL_PROJECT_LIMITS = {
  /** Comments one portal access may post an hour, and files it may upload an hour. */
  commentsPerHour: 60,
  uploadsPerHour: 30,
  /** A change request's note. */
  noteMax: 2000,
  /** Tasks and timeline entries one answer holds at most. */
  tasksMax: 500,
  activityMax: 100,
  timelineMax: 200,
} as const;

/** The header every portal upload carries: a form another site posts cannot send it. */
export const PORTAL_UPLOAD_HEADER = 'x-portal-request';

/** The parts a stored visibility names, in order, unknown keys dropped. */
export function parsePortalParts(json: string): PortalProjectPart[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return PORTAL_PROJECT_PARTS.filter((part) => value.includes(part));
}
