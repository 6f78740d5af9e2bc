import { lazy } from 'react';

/** The form renderer (the filler's own), loaded with the preview or a version's view, not with the list. */
export const LazyFormFill = lazy(() =>
  import('../../components/form-runtime/FormFill.tsx').then((m) => ({ default: m.FormFill })),
);
