import { lazy, Suspense, useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { forgetCache, persistCache, restoreCache } from '../lib/persisted-cache';
import { useSession } from '../lib/session.store';
import { loadToasts, useToastsWanted } from '../lib/toast';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

const Toasts = lazy(() =>
  loadToasts()
    .then(() => import('./toasts'))
    .then((m) => ({ default: m.Toasts })),
);

/** The toast container, mounted once a toast is sent or someone is signed in (their screens toast directly). */
function LazyToasts() {
  const signedIn = useSession((s) => s.user !== null);
  const wanted = useToastsWanted();
  useEffect(() => {
    if (signedIn) void loadToasts();
  }, [signedIn]);
  return wanted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

/** The query cache, starting from the signed-in user's last known copy (a reload with no network still shows his ride). */
function startQueryClient() {
  const client = createQueryClient();
  restoreCache(client, useSession.getState().user?.token_no ?? null);
  return client;
}

export function App() {
  const [queryClient] = useState(startQueryClient);
  const owner = useSession((s) => s.user?.token_no ?? null);
  useEffect(() => {
    if (!owner) {
      forgetCache();
      return undefined;
    }
    return persistCache(queryClient, owner);
  }, [owner, queryClient]);
  const [router] = useState(createAppRouter);
  return (
    <>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
      <LazyToasts />
    </>
  );
}
