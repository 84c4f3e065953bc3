import { type BannerFamily, bannerFamilies } from '@shopdesk/contract';
import { PageHeader } from '../../components/ui/page-header';
import { BannerForm } from '../../features/banners/components/banner-form';

export default function BannerAddScreen({ family }: { family: BannerFamily }) {
  const spec = bannerFamilies[family];
  const title = `Add ${spec.title}`;
  return (
    <>
      <PageHeader title={title} crumbs={[{ label: spec.listTitle, to: spec.listPath }, { label: title }]} />
      <BannerForm family={family} />
    </>
  );
}
