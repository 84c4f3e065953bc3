import CategoryIcon from '@mui/icons-material/Category';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { type CountBox, SummaryGrid } from './summary-grid';

// Catalogue totals only grow or shrink by the admins' own adds and deletes: no trend history exists.
const boxes: CountBox[] = [
  { title: 'Total Products', source: 'products', color: ['#0d47a1', '#1565c0'], grow: true, icon: <Inventory2Icon /> },
  {
    title: 'Total Categories',
    source: 'categories',
    color: ['#004d40', '#00695c'],
    grow: true,
    icon: <CategoryIcon />,
  },
  {
    title: 'Total Sub Category',
    source: 'subCategories',
    color: ['#4a148c', '#6a1b9a'],
    grow: true,
    icon: <ListAltIcon />,
  },
];

/** The Product List's three boxes (spec §2). */
export function ProductListSummary() {
  return <SummaryGrid boxes={boxes} columns={3} />;
}
