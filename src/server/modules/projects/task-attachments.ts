import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { PORTAL_PROJECT_MESSAGES, TASK_MESSAGES as M } from '../../../shared/messages';
import type { ContentVisibility } from '../../../shared/portal-projects';
import { ATTACHMENT_TYPES, TASK_LIMITS } from '../../../shared/tasks';
import type { Database, SessionUser, TaskRow } from '../../db/types';
import { conflict, forbidden, HttpError, notFound } from '../../http/errors';
import type { SpooledUpload } from '../../http/spooled-upload';
import { assertStorageRoom, assertWithinStorage } from '../../lib/plan-limits';
import { findProject } from './projects.repository';
import { managesProject } from './projects.service';
import { cleanFileName } from '../../lib/file-name';
import { findTask } from './tasks.repository';
import {
  attachmentBytes,
  attachmentCount,
  attachmentsOf,
  deleteAttachment,
  findAttachment,
  insertAttachment,
  setAttachmentVisibility,
} from './task-attachments.repository';
import { fileTypeOfFile } from '../../lib/file-type';

/** Who attaches a file: a member, or a client's contact (`accessId`), and what else the insert records. */
interface Uploader {
  userId: string | null;
  name: string;
  accessId: string | null;
  visibility: ContentVisibility;
  /** Written in the upload's transaction (a client's upload goes on the task's timeline). */
  record?: (trx: Transaction<Database>, attachmentId: string) => Promise<void>;
}

/**
 * Plain text: valid UTF-8 without NUL bytes (what file-type leaves unnamed) that is not markup a browser or
 * a viewer would run: SVG, HTML and XML are text to a sniffer, and are refused as they are in uploads.
 */
function isPlainText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  return !/^\s*</.test(text.slice(0, 1024)) && !/<\s*(script|svg|html|iframe|object|embed)\b/i.test(text);
}

/** What the bytes are, if the product takes them; else a 415 naming what it takes. */
async function contentTypeOf(upload: SpooledUpload, bytes: Buffer): Promise<string> {
  const detected = await fileTypeOfFile(upload.path);
  const type = detected?.mime ?? (isPlainText(bytes) ? 'text/plain' : undefined);
  if (!type || !(type in ATTACHMENT_TYPES)) throw new HttpError(415, M.attachmentType);
  return type;
}

/**
 * Files on a task (docs/product/projects.md#tasks): checked by their content, stored in the database and
 * counted in the workspace's storage within its plan; another workspace's task or file is 404.
 */
export function createTaskAttachments(db: Kysely<Database>, clock: () => Date = () => new Date()) {
  async function taskOf(caller: SessionUser, taskId: string) {
    const task = await findTask(db, caller.workspace_id, taskId);
    if (!task) throw notFound(M.notFound);
    return task;
  }

  /** Who may delete a file or change who sees it: who attached it, the project's manager, an admin. */
  async function mayChange(caller: SessionUser, task: TaskRow, file: { uploaded_by: string | null }) {
    const project = await findProject(db, caller.workspace_id, task.project_id);
    return file.uploaded_by === caller.id || Boolean(project && managesProject(caller, project));
  }

  const view = (row: Awaited<ReturnType<typeof attachmentsOf>>[number]) => ({
    _id: row.id,
    name: row.name,
    contentType: row.content_type,
    size: row.size,
    uploadedBy: { _id: row.uploaded_by, username: row.uploaded_by_name },
    uploaderKind: row.uploader_kind,
    visibility: row.visibility,
    createdAt: row.created_at,
  });

  /**
   * Checks the file by its bytes and stores it in the task's workspace, within the task's 20 and the plan's
   * storage: the one way a file is attached, by a member or by a client in the portal.
   */
  async function store(
    workspaceId: string,
    taskId: string,
    upload: SpooledUpload,
    fileName: string,
    by: Uploader,
  ) {
    if ((await attachmentCount(db, taskId)) >= TASK_LIMITS.attachmentsMax)
      throw conflict(M.tooManyAttachments);
    const bytes = await fs.promises.readFile(upload.path);
    const contentType = await contentTypeOf(upload, bytes);
    await assertStorageRoom(db, workspaceId, bytes.length);
    const row = {
      id: randomUUID(),
      workspace_id: workspaceId,
      task_id: taskId,
      name: cleanFileName(fileName),
      content_type: contentType,
      size: bytes.length,
      data: bytes,
      uploaded_by: by.userId,
      uploaded_by_name: by.name,
      uploader_kind: by.accessId ? ('client' as const) : ('staff' as const),
      portal_access_id: by.accessId,
      visibility: by.visibility,
      created_at: clock().toISOString(),
    };
    await db.transaction().execute(async (trx) => {
      await insertAttachment(trx, row);
      // Counted again after the insert: the storage trigger's row lock makes uploads to one workspace
      // take turns, so two racing for the twentieth place cannot both keep theirs.
      if ((await attachmentCount(trx, taskId)) > TASK_LIMITS.attachmentsMax)
        throw conflict(M.tooManyAttachments);
      await assertWithinStorage(trx, workspaceId, row.size);
      await by.record?.(trx, row.id);
    });
    const { data: _data, ...listed } = row;
    return view(listed);
  }

  return {
    async list(caller: SessionUser, taskId: string) {
      await taskOf(caller, taskId);
      return (await attachmentsOf(db, taskId)).map(view);
    },

    async add(
      caller: SessionUser,
      taskId: string,
      upload: SpooledUpload,
      fileName: string,
      visibility: ContentVisibility,
    ) {
      const task = await taskOf(caller, taskId);
      return store(caller.workspace_id, task.id, upload, fileName, {
        userId: caller.id,
        name: caller.username,
        accessId: null,
        visibility,
      });
    },

    /**
     * A client's upload in the portal (docs/product/portal.md#working-together): the same checks, limits and
     * storage as a member's, visible to the client; the caller has already decided the task is theirs to see.
     */
    addFromClient: (
      workspaceId: string,
      taskId: string,
      upload: SpooledUpload,
      fileName: string,
      contact: { accessId: string; name: string; record: Uploader['record'] },
    ) =>
      store(workspaceId, taskId, upload, fileName, {
        userId: null,
        name: contact.name,
        accessId: contact.accessId,
        visibility: 'client',
        record: contact.record,
      }),

    async download(caller: SessionUser, taskId: string, id: string) {
      await taskOf(caller, taskId);
      const file = await attachmentBytes(db, taskId, id);
      if (!file) throw notFound(M.attachmentNotFound);
      return file;
    },

    /** By who attached it, the project's manager, or the workspace's admins. */
    async remove(caller: SessionUser, taskId: string, id: string) {
      const task = await taskOf(caller, taskId);
      const file = await findAttachment(db, taskId, id);
      if (!file) throw notFound(M.attachmentNotFound);
      if (!(await mayChange(caller, task, file))) throw forbidden(M.attachmentNotYours);
      await deleteAttachment(db, id);
    },

    /** Shows a file to the client or keeps it internal: whoever may delete it. */
    async setVisibility(caller: SessionUser, taskId: string, id: string, visibility: ContentVisibility) {
      const task = await taskOf(caller, taskId);
      const file = await findAttachment(db, taskId, id);
      if (!file) throw notFound(M.attachmentNotFound);
      if (!(await mayChange(caller, task, file))) throw forbidden(PORTAL_PROJECT_MESSAGES.visibilityNotYours);
      await setAttachmentVisibility(db, id, visibility);
      return view({ ...file, visibility });
    },
  };
}
export type TaskAttachments = ReturnType<typeof createTaskAttachments>;
