/**
 * The trash's words (api.md §12), apart from its schemas (no zod): the delete alerts' Undo on
 * every list screen reads them, and those screens do not download zod for it.
 */
export const trashMessages = {
  notFound: 'This record is not in the trash (it may have been restored or deleted forever)',
  restored: 'Restored',
  purged: 'Deleted forever',
  onlyOwnerPurges: 'Only Admin can delete forever',
  categoryPurged: 'Its category was deleted for good, so this record cannot be restored',
  parentPurged: 'Its parent category was deleted for good, so this sub category cannot be restored',
} as const;
