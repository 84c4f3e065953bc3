import { type OptionFamily, optionFamilies, optionFamilyNames } from '@shopdesk/contract';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { OptionValuesPanel } from '../../features/option-values/components/option-values-panel';
import { deleteAllTemporaryImages } from '../../lib/temporary-uploads';
import NotFoundScreen from './not-found';

/** One screen for /productRAMS/add, /productWEIGHT/add and /productSIZE/add: the path picks the family. */
function familyOfPath(pathname: string): OptionFamily | undefined {
  const path = pathname.replace(/\/+$/, '');
  return optionFamilyNames.find((family) => optionFamilies[family].screenPath === path);
}

export default function OptionValuesScreen() {
  const family = familyOfPath(useLocation().pathname);
  // Every add screen drops leftover temporary uploads when it opens (spec §4).
  useEffect(() => void deleteAllTemporaryImages(), []);
  if (!family) return <NotFoundScreen />;
  const { title } = optionFamilies[family];
  return (
    <>
      <PageHeader title={title} crumbs={[{ label: 'Products', to: '/products' }, { label: title }]} />
      <OptionValuesPanel key={family} family={family} />
    </>
  );
}
