import {
  accountSessionsResponse,
  changePasswordInput,
  confirmEmailInput,
  emailConfirmationSent,
  emailConfirmedResponse,
  loginInput,
  okResponse,
  passwordResetConfirmInput,
  passwordResetRequestInput,
  profileUpdateInput,
  registerInput,
  sessionEnvelope,
  signOutOthersResponse,
  userEnvelope,
} from '../../../shared/schemas/auth';
import { authedProcedure, publicProcedure, router, serve } from '../../platform/trpc/init';
import {
  changePassword,
  confirmPasswordReset,
  listSessions,
  requestPasswordReset,
  signOutOtherSessions,
  signUp,
  updateProfileChecked,
} from './account.service';
import { login, logout } from './auth.service';
import { confirmEmail, resendEmailConfirmation } from './email-confirmation';

/** Both steps of a password reset are open to guests, and answer only ok when they succeed. */
const passwordResetStep = publicProcedure.output(okResponse);

export const authRouter = router({
  /** The signed-in user or null; the client's current-user query (never an error when signed out). */
  session: publicProcedure.output(sessionEnvelope).query(({ ctx }) => ({ user: ctx.user })),
  /** The documented GET /api/auth/me: 401 when signed out. */
  me: authedProcedure.output(userEnvelope).query(({ ctx }) => ({ user: ctx.user })),
  register: publicProcedure.input(registerInput).output(userEnvelope).mutation(serve(signUp)),
  login: publicProcedure.input(loginInput).output(userEnvelope).mutation(serve(login)),
  logout: publicProcedure.output(okResponse).mutation(({ ctx }) => logout(ctx)),
  changePassword: authedProcedure
    .input(changePasswordInput)
    .output(okResponse)
    .mutation(serve(changePassword)),
  requestPasswordReset: passwordResetStep
    .input(passwordResetRequestInput)
    .mutation(serve(requestPasswordReset)),
  confirmPasswordReset: passwordResetStep
    .input(passwordResetConfirmInput)
    .mutation(serve(confirmPasswordReset)),
  /** The link of a confirmation mail, opened by whoever holds it (signed in or not). */
  confirmEmail: publicProcedure
    .input(confirmEmailInput)
    .output(emailConfirmedResponse)
    .mutation(serve(confirmEmail)),
  /** A new confirmation link for the signed-in user's address. */
  resendEmailConfirmation: authedProcedure
    .output(emailConfirmationSent)
    .mutation(({ ctx }) => resendEmailConfirmation(ctx)),
  /** The signed-in user's live sessions, for the profile's device list. */
  sessions: authedProcedure.output(accountSessionsResponse).query(({ ctx }) => listSessions(ctx)),
  signOutOtherSessions: authedProcedure
    .output(signOutOthersResponse)
    .mutation(({ ctx }) => signOutOtherSessions(ctx)),
});

export const profileRouter = router({
  update: authedProcedure
    .input(profileUpdateInput)
    .output(userEnvelope)
    .mutation(serve(updateProfileChecked)),
});
