/**
 * The three option-value families share one shape: `{id, _id, <field>}` (api.md §5).
 * One definition serves the API module and the one parameterised screen.
 */
export const optionFamilies = {
  ram: {
    path: '/api/productRAMS',
    entity: 'productRAMS',
    field: 'productRam',
    screenPath: '/productRAMS/add',
    title: 'Add Product RAMS',
    label: 'PRODUCT RAM',
    emptyMessage: 'Please add Product RAM',
  },
  weight: {
    path: '/api/productWeight',
    entity: 'productWeight',
    field: 'productWeight',
    screenPath: '/productWEIGHT/add',
    title: 'Add Product WEIGHT',
    label: 'PRODUCT WEIGHT',
    emptyMessage: 'Please add Product Weight',
  },
  size: {
    path: '/api/productSIZE',
    entity: 'productSIZE',
    field: 'size',
    screenPath: '/productSIZE/add',
    title: 'Add Product SIZE',
    label: 'PRODUCT SIZE',
    emptyMessage: 'Please add Product size',
  },
} as const;
export type OptionFamily = keyof typeof optionFamilies;
export const optionFamilyNames = Object.keys(optionFamilies) as OptionFamily[];

/** The family's name in the activity log and the trash (api.md §11): its path's last part. */
export const optionEntity = (family: OptionFamily) => optionFamilies[family].entity;
