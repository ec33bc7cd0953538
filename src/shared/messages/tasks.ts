import { TASK_LIMITS } from '../tasks';

/** Tasks (docs/product/projects.md#tasks). */
export const TASK_MESSAGES = {
  notFound: 'Task not found',
  titleRequired: 'Enter the task’s title',
  titleTooLong: `The title must be ${TASK_LIMITS.titleMax} characters or less`,
  descriptionTooLong: `The description must be ${TASK_LIMITS.descriptionMax.toLocaleString('en-US')} characters or less`,
  estimateInvalid: `Enter the estimate in hours from 0 to ${TASK_LIMITS.estimateHoursMax.toLocaleString('en-US')}, to the minute`,
  assigneeInvalid: 'Assign the task to members of the project’s team or its manager',
  tooManyAssignees: `A task has at most ${TASK_LIMITS.assigneesMax} assignees`,
  parentInvalid: 'A sub-task belongs to another task of the same project, one level deep',
  blockerInvalid: 'A task can only be blocked by other tasks of the same project',
  recurrenceNeedsDue: 'A recurring task needs a due date',
  commentRequired: 'Write the comment',
  commentTooLong: `A comment must be ${TASK_LIMITS.commentMax.toLocaleString('en-US')} characters or less`,
  commentNotFound: 'Comment not found',
  commentNotYours: 'Only its author can edit or delete a comment',
  created: 'Task created',
  updated: 'Task updated',
  deleted: 'Task deleted',
  moved: 'Task moved',
  commented: 'Comment added',
  commentUpdated: 'Comment updated',
  commentDeleted: 'Comment deleted',
  empty: 'No tasks yet. Add the first one to plan the work.',
  noneMine: 'No open tasks are assigned to you.',
} as const;
