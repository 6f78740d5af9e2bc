import { dictionaryListMeta } from '@trestle/shared';
import { ViewGrid } from '../../components/grid/ViewGrid.tsx';

export function DictionaryListPage() {
  return <ViewGrid meta={dictionaryListMeta} />;
}
