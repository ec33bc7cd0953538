import { z } from 'zod';
import type { CampaignRow } from '../../db/types';
import type { TemplateSource } from '../email-templates/email-templates.service';

/** The template as it was when the campaign started sending (migration 042: `campaigns.snapshot`). */
const snapshotSchema = z.object({
  subject: z.string(),
  preheader: z.string(),
  mjml: z.string(),
  textOverride: z.string().nullable(),
});

export const snapshotText = (source: TemplateSource): string =>
  JSON.stringify({
    subject: source.subject,
    preheader: source.preheader,
    mjml: source.mjml,
    textOverride: source.textOverride,
  });

export function snapshotOf(campaign: Pick<CampaignRow, 'snapshot'>): TemplateSource | null {
  if (!campaign.snapshot) return null;
  const parsed = snapshotSchema.safeParse(JSON.parse(campaign.snapshot));
  return parsed.success ? parsed.data : null;
}
