import { useEffect } from 'react';
import { Outlet, useNavigation } from 'react-router-dom';
import { NavProgress, ResourceLoading } from '../components/loading.tsx';
import { isAnonymousPath } from '../lib/return-to.ts';
import { useAppStore } from '../lib/store.ts';

/** The root route's screen: the navigation indicator over whatever route is showing. */
export function RootShell() {
  const navigation = useNavigation();
  const navigating = navigation.state !== 'idle';
  const setLoading = useAppStore((s) => s.setLoading);
  const needsResources = useAppStore((s) => s.permission.length === 0);
  const target = navigation.location?.pathname ?? '';

  useEffect(() => setLoading(navigating), [navigating, setLoading]);

  return (
    <>
      {navigating && <NavProgress />}
      {navigating && needsResources && !isAnonymousPath(target) && <ResourceLoading />}
      <Outlet />
    </>
  );
}

/** Shown while the first navigation (guard and lazy screen) is still loading. */
export function InitialLoading() {
  const setLoading = useAppStore((s) => s.setLoading);
  // RootShell switches it off once the first navigation has finished.
  useEffect(() => setLoading(true), [setLoading]);
  // The router has no location to offer yet; the hash is where it is going.
  const target = window.location.hash.replace(/^#/, '').split('?')[0] || '/';
  return (
    <>
      <NavProgress />
      {!isAnonymousPath(target) && <ResourceLoading />}
    </>
  );
}
