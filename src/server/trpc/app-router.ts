import { authRouter, profileRouter } from '../auth/auth.router';
import { createCallerFactory, router } from './init';

/** Every domain's router; a new domain is one line here plus its rows in rest/routes.ts. */
export const appRouter = router({
  auth: authRouter,
  profile: profileRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
