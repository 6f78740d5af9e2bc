import { dictionaryListMeta, dictionaryMeta } from '@trestle/shared';
import { ViewGrid } from '../../components/grid/ViewGrid.tsx';

/** A dictionary with its items edited below it as the detail table. */
export function DictionariesPage() {
  return <ViewGrid meta={dictionaryMeta} detailMetas={[dictionaryListMeta]} />;
}
