/** Dashboard-only words that the spec does not fix and the server never sends. */
export const uiMessages = {
  googleNotSetUp: 'Google sign-in is not set up on this shop',
  chunkTimeout: 'This screen took too long to load. Please check your connection and reload.',
  noProfile: 'No account details were found.',
  // Catalogue: the spec shows no success words for saves, so these stay short and alike.
  categoryAdded: 'Category added',
  categoryUpdated: 'Category updated',
  subCategoryAdded: 'Sub category added',
  optionValueAdded: 'Value added',
  optionValueUpdated: 'Value updated',
  noCategories: 'No categories yet',
  noSubCategories: 'No sub categories yet',
  noOptionValues: 'No values yet',
} as const;
