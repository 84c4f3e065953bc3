import { type BannerFamily, bannerFamilies } from '@shopdesk/contract';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { BannerEdit } from '../../features/banners/components/banner-edit';

export default function BannerEditScreen({ family }: { family: BannerFamily }) {
  const spec = bannerFamilies[family];
  const { id = '' } = useParams();
  const title = `Edit ${spec.title}`;
  return (
    <>
      <PageHeader title={title} crumbs={[{ label: spec.listTitle, to: spec.listPath }, { label: title }]} />
      <BannerEdit family={family} id={id} />
    </>
  );
}
