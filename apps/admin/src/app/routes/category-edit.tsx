import Paper from '@mui/material/Paper';
import { useParams } from 'react-router';
import { ChangedMeanwhile, namesRecord, useHeldCopy } from '../../components/ui/changed-meanwhile';
import { PageHeader } from '../../components/ui/page-header';
import { ErrorState, LoadingState } from '../../components/ui/query-state';
import { HistoryCard } from '../../features/activity/components/history-panel';
import { categoryPath, useCategory } from '../../features/categories/api/get-category';
import { CategoryForm } from '../../features/categories/components/category-form';
import { useProgressWhile } from '../../lib/progress';

export default function CategoryEditScreen() {
  const { id = '' } = useParams();
  const category = useCategory(id);
  useProgressWhile(category.isLoading);
  // The copy the form holds: later reads (live refreshes) leave it alone until "Reload".
  const held = useHeldCopy(categoryPath(id), category.data);
  return (
    <>
      <PageHeader title="Edit Category" crumbs={[{ label: 'Category', to: '/category' }, { label: 'Edit Category' }]} />
      {held.copy ? (
        <>
          <ChangedMeanwhile
            path={categoryPath(id)}
            names={namesRecord('category', id)}
            onReload={() => held.reloadFrom(category.refetch)}
          />
          {/* Keyed by record and copy: another category, or a reload, starts from its own values. */}
          <CategoryForm key={`${held.copy.id}:${held.version}`} category={held.copy} />
        </>
      ) : category.isPending ? (
        <Paper>
          <LoadingState />
        </Paper>
      ) : category.isError ? (
        <Paper>
          <ErrorState error={category.error} onRetry={() => void category.refetch()} />
        </Paper>
      ) : null}
      <HistoryCard entity="category" entityId={id} />
    </>
  );
}
