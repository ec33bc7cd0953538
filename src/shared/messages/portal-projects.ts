import { PORTAL_PROJECT_LIMITS } from '../portal-projects';
import { groupThousands } from '../text';

/** A client's projects in the portal, and the staff's switches (docs/product/portal.md#what-a-client-sees). */
export const PORTAL_PROJECT_MESSAGES = {
  projectNotFound: 'Project not found',
  taskNotFound: 'Task not found',
  fileNotFound: 'File not found',
  commentsOff: 'Comments are not shared on this project',
  filesOff: 'Files are not shared on this project',
  notInReview:
    'This task is not waiting for your approval: only a task in review can be approved or sent back.',
  noteRequired: 'Say what should change',
  noteTooLong: `The note must be ${groupThousands(PORTAL_PROJECT_LIMITS.noteMax)} characters or less`,
  tooManyComments: (wait: number) =>
    `You have posted many comments in a short time. Please try again in ${Math.max(1, Math.ceil(wait / 60))} minutes.`,
  tooManyUploads: (wait: number) =>
    `You have uploaded many files in a short time. Please try again in ${Math.max(1, Math.ceil(wait / 60))} minutes.`,
  uploadHeaderMissing: 'Upload files from the portal’s own page.',
  approved: 'Approved. The team has been told.',
  changesRequested: 'Your request for changes was sent to the team.',
  commented: 'Comment added',
  uploaded: 'File uploaded',
  visibilityChanged: 'Visibility changed',
  visibilityNotYours:
    'Only who attached a file, the project’s manager or a workspace admin can change who sees it',

  // The staff side.
  portalFieldset: 'Client portal',
  portalFieldsetHint:
    'What the client’s contacts see of this project in the client portal. Nothing is shared until you switch it on.',
  portalNothingShared: 'Nothing shared in the client portal beyond its name, code, status and dates.',
  milestoneLabel: 'Milestone',
  milestoneHint: 'Shown in the client portal when the project shares its milestones.',
  visibilityLabel: 'Who sees it',
  timelineTitle: 'Client activity',
  timelineEmpty: 'Nothing from the client yet.',
  eventLabels: {
    'client-approved': 'approved the task',
    'client-requested-changes': 'asked for changes',
    'client-commented': 'commented',
    'client-uploaded': 'uploaded a file',
  } as Record<string, string>,

  // The portal's pages.
  projectsTitle: 'Your projects',
  projectNothingShared: 'Your agency shares no more of this project here yet.',
  projectsEmpty: 'No projects to show yet. When your agency starts one for you, it appears here.',
  openProject: 'Open project',
  backToProjects: 'All projects',
  backToProject: 'Back to the project',
  tasksTitle: 'Tasks',
  tasksEmpty: 'No tasks yet.',
  milestonesTitle: 'Milestones',
  milestonesEmpty: 'No milestones yet.',
  timeTitle: 'Time and budget',
  hoursUsed: (used: string, budget: string | null) =>
    budget ? `${used} of ${budget} used` : `${used} logged`,
  teamTitle: 'Team',
  manager: 'Project manager',
  activityTitle: 'Activity',
  activityEmpty: 'No activity yet.',
  commentsTitle: 'Comments',
  commentsEmpty: 'No comments yet.',
  commentLabel: 'Add a comment',
  commentButton: 'Post comment',
  filesTitle: 'Files',
  filesEmpty: 'No files yet.',
  uploadLabel: 'Upload a file',
  uploadButton: 'Upload',
  uploadHint: 'PDF, images, Office documents, ZIP or plain text, up to 10 MB.',
  download: (name: string) => `Download ${name}`,
  reviewTitle: 'Waiting for your approval',
  reviewIntro: 'The team has finished this task. Approve it, or tell them what should change.',
  approve: 'Approve',
  askForChanges: 'Ask for changes',
  noteLabel: 'What should change?',
  sendChanges: 'Send request',
  cancel: 'Cancel',
  due: (day: string) => `Due ${day}`,
  noDue: 'No due date',
  tasksProgress: (done: number, total: number) => `${done} of ${total} tasks done`,
  timelineHeading: 'History',
  activityKinds: {
    created: 'Project started',
    status: 'Status changed',
    delivered: 'Project delivered',
  } as Record<string, string>,
} as const;
