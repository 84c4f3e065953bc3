import Shell from '../components/layout/shell';
import { QueryProvider } from './query-provider';

/** The sidebar + header layout with TanStack Query, loaded together after sign-in. */
export default function SignedInLayout() {
  return (
    <QueryProvider>
      <Shell />
    </QueryProvider>
  );
}
