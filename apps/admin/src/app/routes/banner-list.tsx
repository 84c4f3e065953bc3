import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { type BannerFamily, bannerFamilies } from '@shopdesk/contract';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { BannerList } from '../../features/banners/components/banner-list';
import { useCan } from '../../lib/permissions';

export default function BannerListScreen({ family }: { family: BannerFamily }) {
  const spec = bannerFamilies[family];
  const canWrite = useCan('catalogue:write');
  return (
    <>
      <PageHeader
        title={spec.listTitle}
        crumbs={[{ label: spec.listTitle }]}
        actions={
          canWrite ? (
            <Button component={RouterLink} to={spec.addPath} variant="contained" startIcon={<AddIcon />}>
              Add {spec.title}
            </Button>
          ) : undefined
        }
      />
      <BannerList family={family} />
    </>
  );
}
