import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  SAMPLE_PERSON,
  type EmailTemplateInput,
  type EmailTemplatePreview,
  type EmailTemplatePreviewInput,
  type EmailTemplateView,
} from '../../../shared/schemas/email-templates';
import { EMAIL_TEMPLATE_MESSAGES as M } from '../../../shared/messages';
import { siteImagePath, type SiteSettings } from '../../../shared/site-settings';
import type { Database, EmailTemplateRow, SessionUser } from '../../db/types';
import { isUniqueViolation } from '../../db/unique-violation';
import { conflict, HttpError, notFound } from '../../http/errors';
import type { Limiter } from '../../limits/limiter';
import type { Mailer } from '../../mail/mailer';
import { enqueueMail } from '../../mail/outbox';
import {
  deleteTemplate,
  findTemplate,
  insertTemplate,
  listTemplates,
  nameKeyOf,
  nameTaken,
  updateTemplate,
} from './email-templates.repository';
import {
  compileTemplate,
  invalidTemplate,
  personalise,
  type Brand,
  type TemplateSource,
} from './template-render';

const view = (row: EmailTemplateRow): EmailTemplateView => ({
  _id: row.id,
  name: row.name,
  subject: row.subject,
  preheader: row.preheader,
  mjml: row.mjml,
  textOverride: row.text_override,
  createdBy: row.created_by,
  updatedBy: row.updated_by,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** The brand and address of the published Web Settings, the logo on SITE_URL. */
export function brandOf(settings: SiteSettings, siteUrl: string): Brand {
  const logo = settings.identity.logo;
  return {
    siteName: settings.identity.siteName,
    color: settings.identity.brandColor,
    logo: logo
      ? {
          url: new URL(siteImagePath(logo.mediaId), siteUrl).toString(),
          width: logo.width,
          height: logo.height,
          alt: logo.alt,
        }
      : null,
    address: settings.contact.address,
  };
}

/**
 * E-mail templates (docs/product/marketing.md#templates): a workspace's templates in MJML, checked and
 * rendered on every save (a template that would not render, or holds what a mail may not, is never
 * stored), previewed for a sample person, and sent as a test to the caller's own address only. Another
 * workspace's template is 404.
 */
export function createEmailTemplatesService(deps: {
  db: Kysely<Database>;
  liveSettings: () => Promise<SiteSettings>;
  siteUrl: string;
  testSends: Limiter;
  /** Its worker is woken once a test is queued. */
  mailer: Pick<Mailer, 'worker'>;
  clock?: () => Date;
}) {
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());
  const brand = async () => brandOf(await deps.liveSettings(), deps.siteUrl);
  /** A harmless example on SITE_URL where a real recipient's own link goes. */
  const exampleUnsubscribe = () => new URL('/unsubscribe?token=example', deps.siteUrl).toString();

  async function mustFind(caller: SessionUser, id: string) {
    const row = await findTemplate(db, caller.workspace_id, id);
    if (!row) throw notFound(M.notFound);
    return row;
  }

  /** Refuses (400, each problem named) what would not render or must not be mailed. */
  async function assertRenders(input: EmailTemplateInput) {
    const { errors } = await compileTemplate(input, await brand());
    if (errors.length) throw invalidTemplate(errors);
  }

  const columns = (input: EmailTemplateInput) => ({
    name: input.name,
    name_key: nameKeyOf(input.name),
    subject: input.subject,
    preheader: input.preheader,
    mjml: input.mjml,
    text_override: input.textOverride,
  });

  async function write(work: () => Promise<void>) {
    try {
      await work();
    } catch (error) {
      // Two saves racing for one name: the unique index decides.
      if (isUniqueViolation(error)) throw conflict(M.nameTaken);
      throw error;
    }
  }

  return {
    async list(caller: SessionUser) {
      const rows = await listTemplates(db, caller.workspace_id);
      return {
        templates: rows.map((row) => ({
          _id: row.id,
          name: row.name,
          subject: row.subject,
          updatedAt: row.updated_at,
        })),
      };
    },

    async get(caller: SessionUser, id: string) {
      return view(await mustFind(caller, id));
    },

    async create(caller: SessionUser, input: EmailTemplateInput) {
      if (await nameTaken(db, caller.workspace_id, input.name)) throw conflict(M.nameTaken);
      await assertRenders(input);
      const id = randomUUID();
      const at = clock().toISOString();
      await write(() =>
        insertTemplate(db, {
          id,
          workspace_id: caller.workspace_id,
          ...columns(input),
          created_by: caller.id,
          updated_by: caller.id,
          created_at: at,
          updated_at: at,
        }),
      );
      return { message: M.created, template: view((await findTemplate(db, caller.workspace_id, id))!) };
    },

    async update(caller: SessionUser, id: string, input: EmailTemplateInput) {
      await mustFind(caller, id);
      if (await nameTaken(db, caller.workspace_id, input.name, id)) throw conflict(M.nameTaken);
      await assertRenders(input);
      await write(() =>
        updateTemplate(db, caller.workspace_id, id, {
          ...columns(input),
          updated_by: caller.id,
          updated_at: clock().toISOString(),
        }),
      );
      return { message: M.updated, template: view(await mustFind(caller, id)) };
    },

    async remove(caller: SessionUser, id: string) {
      await mustFind(caller, id);
      await deleteTemplate(db, caller.workspace_id, id);
      return { success: true as const, message: M.deleted };
    },

    /** An unsaved source for a sample person: the mail, or the problems to fix (never a 400 for them). */
    async preview(input: EmailTemplatePreviewInput): Promise<EmailTemplatePreview> {
      const { compiled, errors } = await compileTemplate(
        { ...input, textOverride: input.textOverride?.trim() ? input.textOverride : null },
        await brand(),
      );
      if (!compiled) return { subject: '', html: '', text: '', errors };
      const sample = input.sample ?? {};
      const values = {
        name: sample.name ?? SAMPLE_PERSON.name,
        company: sample.company ?? SAMPLE_PERSON.company,
        owner: sample.owner ?? SAMPLE_PERSON.owner,
        email: sample.email ?? SAMPLE_PERSON.email,
      };
      return { ...personalise(compiled, { values, unsubscribeUrl: exampleUnsubscribe() }), errors: [] };
    },

    /**
     * The saved template to the caller's own address, never one from the request: through the outbox and
     * the workspace's own set-up, counted in the plan's e-mails a day, at most 10 an hour per person.
     */
    async testSend(caller: SessionUser, id: string) {
      const row = await mustFind(caller, id);
      const { compiled, errors } = await compileTemplate(
        { subject: row.subject, preheader: row.preheader, mjml: row.mjml, textOverride: row.text_override },
        await brand(),
      );
      if (!compiled) throw invalidTemplate(errors);
      const wait = await deps.testSends.take(caller.id);
      if (wait > 0)
        throw new HttpError(429, M.testTooMany(Math.ceil(wait / 60)), undefined, {
          'Retry-After': String(wait),
        });
      const mail = personalise(compiled, {
        values: { ...SAMPLE_PERSON, name: caller.name || caller.username, email: caller.email },
        unsubscribeUrl: exampleUnsubscribe(),
      });
      try {
        await db.transaction().execute((trx) =>
          enqueueMail(
            trx,
            {
              workspaceId: caller.workspace_id,
              kind: 'template-test',
              via: 'workspace',
              to: caller.email,
              ...mail,
            },
            clock(),
          ),
        );
      } catch (error) {
        // Not sent (the day's mail is full): the hour's count is given back.
        await deps.testSends.release(caller.id);
        throw error;
      }
      deps.mailer.worker.kick();
      return { message: M.testQueued(caller.email), to: caller.email };
    },
  };
}

export type EmailTemplatesService = ReturnType<typeof createEmailTemplatesService>;

/** For campaigns and sequences: render once, then fill in each person's copy. */
export {
  compileTemplate,
  invalidTemplate,
  personalise,
  type Brand,
  type CompiledTemplate,
  type TemplateSource,
} from './template-render';

/** A workspace's template as it renders (null when it does not exist there). */
export async function templateSourceOf(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
): Promise<(TemplateSource & { name: string }) | null> {
  const row = await findTemplate(db, workspaceId, id);
  return row
    ? {
        name: row.name,
        subject: row.subject,
        preheader: row.preheader,
        mjml: row.mjml,
        textOverride: row.text_override,
      }
    : null;
}
