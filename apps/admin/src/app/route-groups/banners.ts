import { type BannerFamily, bannerFamilies, bannerFamilyNames } from '@shopdesk/contract';
import { type ComponentType, createElement } from 'react';
import { lazyScreen } from '../../lib/lazy-screen';
import type { AppRoute } from '../app-route';

type FamilyScreen = { default: ComponentType<{ family: BannerFamily }> };

/** One lazy screen per family and kind, all from the same three screen files. */
function forFamily(load: () => Promise<FamilyScreen>, family: BannerFamily) {
  return lazyScreen(() => load().then(({ default: Screen }) => ({ default: () => createElement(Screen, { family }) })));
}

const loadList = () => import('../routes/banner-list');
const loadAdd = () => import('../routes/banner-add');
const loadEdit = () => import('../routes/banner-edit');

/** The banners screens' routes (spec §2), driven by the contract's family table. */
export const bannersRoutes: AppRoute[] = bannerFamilyNames.flatMap((family): AppRoute[] => {
  const spec = bannerFamilies[family];
  return [
    { path: spec.listPath, screen: forFamily(loadList, family) },
    { path: spec.addPath, screen: forFamily(loadAdd, family), permission: 'catalogue:write' },
    { path: `${spec.editPath}/:id`, screen: forFamily(loadEdit, family), permission: 'catalogue:write' },
  ];
});
