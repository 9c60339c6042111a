import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { FullScreenSpinner } from './full-screen-spinner';
import { RouteFocus } from './route-focus';

/** Above every route: scroll restoration, focus back at the top after a change of page, and a spinner while a screen's code loads. */
export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <RouteFocus />
      <Suspense fallback={<FullScreenSpinner />}>
        <Outlet />
      </Suspense>
    </>
  );
}
