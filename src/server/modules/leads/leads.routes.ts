import { z } from 'zod';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createLeadSchema,
  leadImportResultSchema,
  leadListQuerySchema,
  leadOwnerOptionsSchema,
  leadPageSchema,
  leadSummarySchema,
  leadViewSchema,
  leadWriteAnswerSchema,
  updateLeadSchema,
} from '../../../shared/schemas/leads';
import { successSchema } from '../../../shared/schemas/answers';
import { leadImportPreviewSchema } from '../../../shared/schemas/lead-import-preview';
import {
  leadNoteAnswerSchema,
  leadNoteSchema,
  leadTimelinePageSchema,
  leadTimelineQuerySchema,
} from '../../../shared/schemas/lead-timeline';
import { leadDuplicatesSchema, leadMergeSchema } from '../../../shared/schemas/lead-duplicates';
import { answers } from '../../http/answers';

import type { Guards } from '../../auth/guards';
import { WORKSPACE_WORK } from '../../lib/workspace-work';
import { CSV_UPLOAD_LIMITS, withCsvUpload } from './csv-upload';
import type { LeadsService } from './leads.service';

const idParams = z.object({ id: z.string().min(1).max(100) });
const tags = ['leads'];

/**
 * Client Leads (docs/product/api.md#beyond-the-first-calls `/api/leads` CRUD + import/export), module Data Center, the caller's workspace
 * only. The guard runs before validation, so an anonymous caller gets 401 and an unpermitted one 403
 * whatever they sent.
 */
export function leadsRoutes(leads: LeadsService, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    // Registered here, not app-wide, so multipart is parsed only where an upload is expected.
    await app.register(multipart, { limits: CSV_UPLOAD_LIMITS });
    const preValidation = guards.requireModule('dataCenter');

    app.get(
      '/leads',
      {
        preValidation,
        schema: { querystring: leadListQuerySchema, tags, response: answers({ 200: leadPageSchema }) },
      },
      (request) => leads.list(request.currentUser!, request.query),
    );

    app.get(
      '/leads/summary',
      { preValidation, schema: { tags, response: answers({ 200: leadSummarySchema }) } },
      (request) => leads.summary(request.currentUser!),
    );

    app.get(
      '/leads/owners',
      {
        preValidation,
        schema: {
          tags,
          response: answers({ 200: leadOwnerOptionsSchema }),
          description: "The workspace's members a lead may be given to: those who can use Client Leads.",
        },
      },
      async (request) => ({ owners: await leads.owners(request.currentUser!) }),
    );

    app.get(
      '/leads/export',
      { preValidation, schema: { querystring: leadListQuerySchema, tags } },
      async (request, reply) => {
        const { filename, body } = await leads.exportCsv(request.currentUser!, request.query);
        return (
          reply
            .header('Content-Type', 'text/csv; charset=utf-8')
            .header('Content-Disposition', `attachment; filename="${filename}"`)
            // Personal data: no shared cache may keep a copy.
            .header('Cache-Control', 'no-store')
            .send(body)
        );
      },
    );

    app.post(
      '/leads/import',
      { preValidation, schema: { tags, response: answers({ 200: leadImportResultSchema }) } },
      // The workspace's one import slot is taken before a byte of the file is read: a refused upload costs
      // nothing (docs/security.md#floods).
      (request) => {
        const caller = request.currentUser!;
        return WORKSPACE_WORK.imports.run(caller.workspace_id, () =>
          withCsvUpload(request, (upload) => leads.importCsv(caller, upload)),
        );
      },
    );

    // The same form as the import, read the same way; answers what the import would do and writes nothing.
    app.post(
      '/leads/import/preview',
      { preValidation, schema: { tags, response: answers({ 200: leadImportPreviewSchema }) } },
      (request) => {
        const caller = request.currentUser!;
        return WORKSPACE_WORK.importPreviews.run(caller.workspace_id, () =>
          withCsvUpload(request, (upload) => leads.previewImport(caller, upload)),
        );
      },
    );

    app.get(
      '/leads/:id',
      { preValidation, schema: { params: idParams, tags, response: answers({ 200: leadViewSchema }) } },
      (request) => leads.get(request.currentUser!, request.params.id),
    );

    app.get(
      '/leads/:id/duplicates',
      {
        preValidation,
        schema: {
          params: idParams,
          tags,
          response: answers({ 200: leadDuplicatesSchema }),
          description:
            "The workspace's other leads with this lead's e-mail, phone or name and company, each with why.",
        },
      },
      (request) => leads.duplicates(request.currentUser!, request.params.id),
    );

    app.post(
      '/leads/:id/merge',
      {
        preValidation,
        schema: {
          params: idParams,
          body: leadMergeSchema,
          tags,
          response: answers({ 200: leadWriteAnswerSchema }),
          description:
            'Merges the other lead into this one: the chosen values, both notes, one timeline; the other lead is deleted.',
        },
      },
      async (request) => ({
        success: true as const,
        lead: await leads.merge(request.currentUser!, request.params.id, request.body),
      }),
    );

    app.post(
      '/leads',
      {
        preValidation,
        schema: { body: createLeadSchema, tags, response: answers({ 201: leadWriteAnswerSchema }) },
      },
      async (request, reply) => {
        const lead = await leads.create(request.currentUser!, request.body);
        return reply.code(201).send({ success: true, lead });
      },
    );

    app.put(
      '/leads/:id',
      {
        preValidation,
        schema: {
          params: idParams,
          body: updateLeadSchema,
          tags,
          response: answers({ 200: leadWriteAnswerSchema }),
        },
      },
      async (request) => ({
        success: true as const,
        lead: await leads.update(request.currentUser!, request.params.id, request.body),
      }),
    );

    app.post(
      '/leads/:id/follow-up/done',
      {
        preValidation,
        schema: {
          params: idParams,
          tags,
          response: answers({ 200: leadWriteAnswerSchema }),
          description: "Marks the lead's follow-up done: its day and note are cleared.",
        },
      },
      async (request) => ({
        success: true as const,
        lead: await leads.followUpDone(request.currentUser!, request.params.id),
      }),
    );

    app.get(
      '/leads/:id/timeline',
      {
        preValidation,
        schema: {
          params: idParams,
          querystring: leadTimelineQuerySchema,
          tags,
          response: answers({ 200: leadTimelinePageSchema }),
          description:
            "The lead's timeline, newest first (docs/product/leads.md#timeline): its creation, status and owner changes, notes, follow-ups, contact-form messages from its e-mail and the workspace's mails to it (never their bodies). `before` is the previous page's `nextCursor`.",
        },
      },
      (request) => leads.timeline(request.currentUser!, request.params.id, request.query),
    );

    app.post(
      '/leads/:id/notes',
      {
        preValidation,
        schema: {
          params: idParams,
          body: leadNoteSchema,
          tags,
          response: answers({ 201: leadNoteAnswerSchema }),
          description: "Adds a note to the lead's timeline; the lead's notes field is left as it is.",
        },
      },
      async (request, reply) => {
        const entry = await leads.addNote(request.currentUser!, request.params.id, request.body.text);
        return reply.code(201).send({ success: true as const, entry });
      },
    );

    app.delete(
      '/leads/:id/notes/:noteId',
      {
        preValidation,
        schema: {
          params: idParams.extend({ noteId: z.string().min(1).max(100) }),
          tags,
          response: answers({ 200: successSchema }),
          description: 'Deletes a note of the timeline; only its author may.',
        },
      },
      async (request) => {
        await leads.deleteNote(request.currentUser!, request.params.id, request.params.noteId);
        return { success: true as const };
      },
    );

    app.delete(
      '/leads/:id',
      { preValidation, schema: { params: idParams, tags, response: answers({ 200: successSchema }) } },
      async (request) => {
        await leads.remove(request.currentUser!, request.params.id);
        return { success: true as const };
      },
    );
  };
}
