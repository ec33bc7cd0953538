/** Lead texts (docs/product/leads.md#messages). */
export const LEAD_MESSAGES = {
  updated: 'Lead updated successfully!',
  added: 'Lead added successfully!',
  deleted: 'Lead deleted successfully!',
  statusUpdated: 'Lead status updated successfully!',
  exported: 'Leads exported successfully!',
  imported: (count: number) => `${count} leads imported successfully!`,
  importError: 'Error importing leads. Please check your CSV format.',
  deleteConfirm: 'Are you sure you want to delete this lead? This action cannot be undone.',
  empty: 'No leads found. Try adjusting your search or filter criteria',
  /** Server texts with no spec wording. */
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  notFound: 'Lead not found.',
  csvOnly: 'Only .csv files can be imported.',
  missingColumns:
    'The CSV needs a header row with a Name (or First and Last Name) column and an Email, Phone or profile URL column.',
  mappingInvalid:
    'The column mapping could not be read. Choose a lead field or "don\'t import" for each column.',
  mappingUnknownColumn: (column: string) => `The file has no column "${column}" to map.`,
  previewRunning: 'A preview of an import is already being made for you. Please wait until it has finished.',
  ownerInvalid: 'The owner must be a member of this workspace who can use Client Leads.',
  followUpDone: 'Follow-up marked as done.',
  followUpSaved: 'Follow-up saved.',
  assignedTitle: 'Lead assigned to you',
  assigned: (by: string, lead: string) => `${by} assigned you the lead ${lead}.`,
  /** The activity line when a member who left a workspace's leads hands them to its own account. */
  handedOver: (count: number, from: string, to: string | null) =>
    `${count} ${count === 1 ? 'lead' : 'leads'} of ${from} went to ${to ?? 'nobody yet (no account owns the workspace)'}`,
  followUpDueTitle: 'Follow-up due today',
  followUpDue: (lead: string, note: string) => (note ? `${lead}: ${note}` : lead),
  digestSubject: (count: number) => `Your follow-ups for today: ${count} lead${count === 1 ? '' : 's'}`,
  tooManyColumns: (max: number) =>
    `The file has more than ${max.toLocaleString('en-US')} columns. Remove the columns you do not need and try again.`,
  rowTooLong: (max: number) =>
    `A row of the file is longer than ${max.toLocaleString('en-US')} characters (often a quote that is never closed). Check the file and try again.`,
  cellTooLong: (max: number) =>
    `A cell of the file is longer than ${max.toLocaleString('en-US')} characters. Shorten it and try again.`,
  importRunning: 'An import is already running for this workspace. Please wait until it has finished.',
  /** Duplicates and merge (docs/product/leads.md#duplicates). */
  possibleDuplicate: 'Possible duplicate',
  duplicateReasons: { email: 'Same e-mail', phone: 'Same phone', name: 'Same name and company' },
  mergeSelf: 'A lead cannot be merged with itself.',
  mergedNotesTooLong: (max: number) =>
    `Together the two leads' notes would be longer than ${max.toLocaleString('en-US')} characters. Shorten the notes of one of them first.`,
  merged: 'Leads merged successfully!',
  mergeFailed: 'The leads could not be merged. Please try again.',
} as const;
