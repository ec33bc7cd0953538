import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { fileTypeFromFile } from 'file-type';
import { TASK_MESSAGES as M } from '../../../shared/messages';
import { ATTACHMENT_TYPES, TASK_LIMITS } from '../../../shared/tasks';
import type { Database, SessionUser } from '../../db/types';
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
} from './task-attachments.repository';

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
  const detected = await fileTypeFromFile(upload.path);
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

  const view = (row: Awaited<ReturnType<typeof attachmentsOf>>[number]) => ({
    _id: row.id,
    name: row.name,
    contentType: row.content_type,
    size: row.size,
    uploadedBy: { _id: row.uploaded_by, username: row.uploaded_by_name },
    createdAt: row.created_at,
  });

  return {
    async list(caller: SessionUser, taskId: string) {
      await taskOf(caller, taskId);
      return (await attachmentsOf(db, taskId)).map(view);
    },

    async add(caller: SessionUser, taskId: string, upload: SpooledUpload, fileName: string) {
      const task = await taskOf(caller, taskId);
      if ((await attachmentCount(db, task.id)) >= TASK_LIMITS.attachmentsMax)
        throw conflict(M.tooManyAttachments);
      const bytes = await fs.promises.readFile(upload.path);
      const contentType = await contentTypeOf(upload, bytes);
      await assertStorageRoom(db, caller.workspace_id, bytes.length);
      const row = {
        id: randomUUID(),
        workspace_id: caller.workspace_id,
        task_id: task.id,
        name: cleanFileName(fileName),
        content_type: contentType,
        size: bytes.length,
        data: bytes,
        uploaded_by: caller.id,
        uploaded_by_name: caller.username,
        created_at: clock().toISOString(),
      };
      await db.transaction().execute(async (trx) => {
        await insertAttachment(trx, row);
        // Counted again after the insert: the storage trigger's row lock makes uploads to one workspace
        // take turns, so two racing for the twentieth place cannot both keep theirs.
        if ((await attachmentCount(trx, task.id)) > TASK_LIMITS.attachmentsMax)
          throw conflict(M.tooManyAttachments);
        await assertWithinStorage(trx, caller.workspace_id, row.size);
      });
      const { data: _data, ...listed } = row;
      return view({ ...listed });
    },

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
      const project = await findProject(db, caller.workspace_id, task.project_id);
      if (file.uploaded_by !== caller.id && !(project && managesProject(caller, project)))
        throw forbidden(M.attachmentNotYours);
      await deleteAttachment(db, id);
    },
  };
}
export type TaskAttachments = ReturnType<typeof createTaskAttachments>;
