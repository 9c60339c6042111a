import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { FullScreenSpinner } from './full-screen-spinner';
import { FollowAccountLanguage } from './language-switch';
import { RouteFocus } from './route-focus';

/**
 * Above every route: scroll restoration, focus back at the top after a change of page, the signed-in
 * person's language, and a spinner while a screen's code loads.
 */
export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <RouteFocus />
      <FollowAccountLanguage />
      <Suspense fallback={<FullScreenSpinner />}>
        <Outlet />
      </Suspense>
    </>
  );
}
