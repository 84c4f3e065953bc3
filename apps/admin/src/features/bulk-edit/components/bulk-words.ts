/** The bulk action bar's words, in one place for the screen and its tests. */
export const bulkWords = {
  selected: (count: number) => `${count} selected`,
  selectAll: (count: number) => `Select all ${count} matching`,
  allSelected: (count: number) => `All ${count} matching products are selected`,
  clear: 'Clear selection',
  edit: 'Edit',
  trash: 'Move to trash',
  updated: (count: number) => `${count} ${count === 1 ? 'product' : 'products'} updated`,
  restored: (restored: number, skipped: number) =>
    `${restored} ${restored === 1 ? 'product' : 'products'} restored` +
    (skipped > 0 ? `; ${skipped} changed since, left as they are` : ''),
  trashed: (count: number) => `${count} ${count === 1 ? 'product' : 'products'} moved to the trash`,
  trashTitle: (count: number) => `Move ${count} ${count === 1 ? 'product' : 'products'} to the trash?`,
  trashText: 'They leave the lists at once and stay in Settings › Trash, where they can be restored.',
  editTitle: (count: number) => `Edit ${count} ${count === 1 ? 'product' : 'products'}`,
  bothPrice: 'Set the price or adjust it by a percentage, not both',
  bothOldPrice: 'Set the old price or adjust it by a percentage, not both',
} as const;
