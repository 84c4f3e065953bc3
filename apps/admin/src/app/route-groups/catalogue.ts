import { optionFamilies, optionFamilyNames } from '@shopdesk/contract';
import { lazyScreen } from '../../lib/lazy-screen';
import type { AppRoute } from '../app-route';

const optionValuesScreen = lazyScreen(() => import('../routes/option-values'));

/** The catalogue screens' routes: categories, sub categories and the option-value screens. */
export const catalogueRoutes: AppRoute[] = [
  { path: '/category', screen: lazyScreen(() => import('../routes/category-list')) },
  { path: '/category/add', screen: lazyScreen(() => import('../routes/category-add')), permission: 'catalogue:write' },
  {
    path: '/category/edit/:id',
    screen: lazyScreen(() => import('../routes/category-edit')),
    permission: 'catalogue:write',
  },
  // React Router matches '/subCategory/' here too (the spec writes the list both ways).
  { path: '/subCategory', screen: lazyScreen(() => import('../routes/sub-category-list')) },
  {
    path: '/subCategory/add',
    screen: lazyScreen(() => import('../routes/sub-category-add')),
    permission: 'catalogue:write',
  },
  ...optionFamilyNames.map(
    (family): AppRoute => ({
      path: optionFamilies[family].screenPath,
      screen: optionValuesScreen,
      permission: 'catalogue:write',
    }),
  ),
];
