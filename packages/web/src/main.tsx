import './app/i18n.ts';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter, RouterProvider } from 'react-router-dom';
import { leavingForSignIn, notify } from './app/notify.ts';
import { createQueryClient, Providers } from './app/Providers.tsx';
import { routes } from './app/routes.tsx';
import { i18n } from './i18n/index.ts';
import { configureHttp } from './lib/http/transport.ts';
import { isAnonymousPath, rememberReturnTo } from './lib/return-to.ts';
import { checkVersion } from './lib/version.ts';

function start(): void {
  // A new build clears local storage and reloads shortly; rendering now would be wasted.
  if (checkVersion(__BUILD_ID__)) return;

  const holder: { router?: ReturnType<typeof createHashRouter> } = {};
  configureHttp({
    notify,
    toLogin: () => {
      const router = holder.router;
      if (!router) return;
      const { pathname, search } = router.state.location;
      if (isAnonymousPath(pathname)) return;
      // Same as the guard: come back here after signing in again.
      rememberReturnTo(pathname + search);
      leavingForSignIn();
      void router.navigate(`/login?redirect=${Math.random()}`);
    },
    language: () => i18n.language,
  });
  holder.router = createHashRouter(routes);

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={createQueryClient()}>
        <RouterProvider router={holder.router} />
      </Providers>
    </StrictMode>,
  );
}

start();
