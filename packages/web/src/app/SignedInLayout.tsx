import { MainLayout } from '../components/MainLayout.tsx';
import { TenantBanner } from '../features/tenants/TenantBanner.tsx';

/** The signed-in frame with the features' parts it carries: the notice of a switched tenant. */
export function SignedInLayout() {
  return <MainLayout banner={<TenantBanner />} />;
}
