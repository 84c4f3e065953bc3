import Paper from '@mui/material/Paper';
import { type TrashEntity, trashEntityNames } from '@shopdesk/contract';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { TrashEntityFilter } from '../../features/trash/components/trash-entity-filter';
import { TrashTable } from '../../features/trash/components/trash-table';

const isTrashEntity = (value: string | null): value is TrashEntity =>
  value !== null && (trashEntityNames as readonly string[]).includes(value);

/** Settings › Trash (api.md §12): every staff member sees it; the buttons follow the role. */
export default function TrashListScreen() {
  // The filter lives in the URL, as every list's filters do.
  const [params, setParams] = useSearchParams();
  const asked = params.get('entity');
  const entity = isTrashEntity(asked) ? asked : undefined;
  return (
    <>
      <PageHeader
        title="Trash"
        crumbs={[{ label: 'Settings' }, { label: 'Trash' }]}
        actions={
          <TrashEntityFilter
            value={entity}
            onChange={(next) => setParams(next ? { entity: next } : {}, { replace: true })}
          />
        }
      />
      <Paper>
        <TrashTable entity={entity} />
      </Paper>
    </>
  );
}
