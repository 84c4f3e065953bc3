import Paper from '@mui/material/Paper';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { ErrorState, LoadingState } from '../../components/ui/query-state';
import { HistoryCard } from '../../features/activity/components/history-panel';
import { useCategory } from '../../features/categories/api/get-category';
import { CategoryForm } from '../../features/categories/components/category-form';
import { useProgressWhile } from '../../lib/progress';

export default function CategoryEditScreen() {
  const { id = '' } = useParams();
  const category = useCategory(id);
  useProgressWhile(category.isLoading);
  return (
    <>
      <PageHeader title="Edit Category" crumbs={[{ label: 'Category', to: '/category' }, { label: 'Edit Category' }]} />
      {category.isPending ? (
        <Paper>
          <LoadingState />
        </Paper>
      ) : category.isError ? (
        <Paper>
          <ErrorState error={category.error} onRetry={() => void category.refetch()} />
        </Paper>
      ) : (
        // Keyed by record so opening another category starts from its own values.
        <CategoryForm key={category.data.id} category={category.data} />
      )}
      <HistoryCard entity="category" entityId={id} />
    </>
  );
}
