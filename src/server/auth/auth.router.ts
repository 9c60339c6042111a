import {
  loginInput,
  okResponse,
  profileUpdateInput,
  registerInput,
  sessionEnvelope,
  userEnvelope,
} from '../../shared/schemas/auth';
import { authedProcedure, publicProcedure, router } from '../trpc/init';
import { login, logout, register, updateProfile } from './auth.service';

export const authRouter = router({
  /** The signed-in user or null; the client's current-user query (never an error when signed out). */
  session: publicProcedure.output(sessionEnvelope).query(({ ctx }) => ({ user: ctx.user })),
  /** The documented GET /api/auth/me: 401 when signed out. */
  me: authedProcedure.output(userEnvelope).query(({ ctx }) => ({ user: ctx.user })),
  register: publicProcedure
    .input(registerInput)
    .output(userEnvelope)
    .mutation(({ ctx, input }) => register(ctx, input)),
  login: publicProcedure
    .input(loginInput)
    .output(userEnvelope)
    .mutation(({ ctx, input }) => login(ctx, input)),
  logout: publicProcedure.output(okResponse).mutation(({ ctx }) => logout(ctx)),
});

export const profileRouter = router({
  update: authedProcedure
    .input(profileUpdateInput)
    .output(userEnvelope)
    .mutation(({ ctx, input }) => updateProfile(ctx, input)),
});
