import { useEffect } from 'react';
import { PageHeader } from '../../components/ui/page-header';
import { SubCategoryForm } from '../../features/categories/components/sub-category-form';
import { deleteAllTemporaryImages } from '../../lib/temporary-uploads';

export default function SubCategoryAddScreen() {
  // Every add screen drops leftover temporary uploads when it opens (spec §4).
  useEffect(() => void deleteAllTemporaryImages(), []);
  return (
    <>
      <PageHeader
        title="Add Sub Category"
        crumbs={[{ label: 'Sub Category', to: '/subCategory' }, { label: 'Add Sub Category' }]}
      />
      <SubCategoryForm />
    </>
  );
}
