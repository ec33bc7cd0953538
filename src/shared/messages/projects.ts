import { PROJECT_LIMITS } from '../projects';
import { groupThousands } from '../text';

/** Projects (docs/product/projects.md#projects). */
export const PROJECT_MESSAGES = {
  notFound: 'Project not found',
  clientRequired: 'Choose the client this project is for',
  clientNotFound: 'Client not found',
  nameRequired: 'Enter the project’s name',
  nameTooLong: `The name must be ${PROJECT_LIMITS.nameMax} characters or less`,
  codeInvalid: `A code is up to ${PROJECT_LIMITS.codeMax} letters, digits and dashes, starting with a letter or digit`,
  codeTaken: (code: string) => `Another project of this workspace has the code ${code}`,
  dateInvalid: 'Enter the date as YYYY-MM-DD',
  dueBeforeStart: 'The due date cannot be before the start date',
  hoursInvalid: `Enter hours from 0 to ${groupThousands(PROJECT_LIMITS.budgetHoursMax)}, to the minute`,
  amountInvalid: 'Enter an amount of the project’s currency, with no more decimals than it has',
  retainerHoursRequired: 'A monthly retainer needs its hours a month',
  retainerFeeRequired: 'Enter the retainer’s fee a month to invoice it each month',
  rateInvalid: 'Enter the hourly rate as an amount of the project’s currency',
  managerInvalid: 'Choose a project manager from this workspace’s members who work on projects',
  memberInvalid: 'Choose team members from this workspace’s members who work on projects',
  tooManyMembers: `A project team has at most ${PROJECT_LIMITS.teamMax} members`,
  deliveryNoteTooLong: `The delivery note must be ${PROJECT_LIMITS.deliveryNoteMax} characters or less`,
  projectsFull: (limit: number, plan: string) =>
    `This workspace has its ${limit} open projects (${plan} plan). Deliver or cancel one, or upgrade to add more.`,
  clientHasProjects: (count: number) =>
    `This client has ${count} project${count === 1 ? '' : 's'}. Delete or move them before deleting the client.`,
  editNotAllowed: 'Only the project’s manager or a workspace admin can change it',
  codeReserved: 'Codes like P-001 are project numbers: choose another code, or leave it empty',
  deleteNotAllowed: 'Only the project’s manager or a workspace admin can delete it',
  created: 'Project created',
  updated: 'Project updated',
  delivered: 'Project delivered',
  deleted: 'Project deleted',
  empty: 'No projects yet. Create one for a client, or convert a won lead.',
  noMatch: 'No projects match these filters.',
  noneDelivered: 'No delivered projects yet. Projects you mark Delivered appear here with their dates.',
} as const;
