import { PageHeader } from '../../components/ui/page-header';
import { CategoryForm } from '../../features/categories/components/category-form';

export default function CategoryAddScreen() {
  return (
    <>
      <PageHeader title="Add Category" crumbs={[{ label: 'Category', to: '/category' }, { label: 'Add Category' }]} />
      <CategoryForm />
    </>
  );
}
