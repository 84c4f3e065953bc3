import { PageHeader } from '../../components/ui/page-header';
import { ImportPanel } from '../../features/import/components/import-panel';

/** Products › Import Products (api.md §13), for roles holding `import`. */
export default function ProductImportScreen() {
  return (
    <>
      <PageHeader
        title="Import Products"
        crumbs={[{ label: 'Products', to: '/products' }, { label: 'Import Products' }]}
      />
      <ImportPanel />
    </>
  );
}
