import { useState, type FormEvent } from 'react';
import { MAILING_LISTS as L, type OptInKind } from '../../../shared/mailing-lists';
import type { MailingList } from '../../../shared/schemas/mailing-lists';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { OptionSelectField } from '../../components/ui/option-select-field';
import { TextAreaField } from '../../components/ui/textarea-field';
import { serverMessage } from '../../lib/api-client';
import { useSaveList } from './audience-api';

const OPT_IN_OPTIONS = [
  { value: 'double', label: 'Double opt-in: confirmed by a mailed link' },
  { value: 'single', label: 'Single opt-in: subscribed at once' },
];

/** Create or edit a list: its name, description, opt-in kind and the sentence people agree to. */
export function ListDialog({ list, onClose }: { list?: MailingList; onClose(): void }) {
  const save = useSaveList();
  const [name, setName] = useState(list?.name ?? '');
  const [description, setDescription] = useState(list?.description ?? '');
  const [optIn, setOptIn] = useState<OptInKind>(list?.optIn ?? 'double');
  const [consentText, setConsentText] = useState(
    list?.consentText ?? 'Yes, send me your newsletter by e-mail. I can unsubscribe at any time.',
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ id: list?.id, body: { name, description, optIn, consentText } }, { onSuccess: onClose });
  }

  return (
    <Dialog
      title={list ? 'Edit list' : 'New list'}
      description="People join a list only with their consent; what they agreed to is kept with each of them."
      onClose={onClose}
      busy={save.isPending}
    >
      <form className="space-y-4" onSubmit={submit}>
        {save.isError && <Banner message={serverMessage(save.error) ?? 'The list could not be saved.'} />}
        <TextField
          label="Name"
          value={name}
          maxLength={L.nameMax}
          required
          onChange={(e) => setName(e.target.value)}
        />
        <TextAreaField
          label="Description"
          value={description}
          maxLength={L.descriptionMax}
          onChange={(e) => setDescription(e.target.value)}
        />
        <OptionSelectField
          label="Opt-in"
          options={OPT_IN_OPTIONS}
          value={optIn}
          onChange={(e) => setOptIn(e.target.value as OptInKind)}
        />
        <TextAreaField
          label="Consent text"
          help="Shown on the subscribe form next to the button; each person's copy is kept as they saw it."
          value={consentText}
          minLength={L.consentTextMin}
          maxLength={L.consentTextMax}
          required
          onChange={(e) => setConsentText(e.target.value)}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save list'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
