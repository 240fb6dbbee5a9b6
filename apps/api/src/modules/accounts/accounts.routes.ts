import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ClientConfigResponse,
  FORGOT_PASSWORD_ANSWER,
  ForgotPasswordBody,
  GeolocationResponse,
  LoginBody,
  LoginResponse,
  MailPreferences,
  MailPreferencesResponse,
  MeResponse,
  OptionalUserIdQuery,
  PASSWORD_CHANGED_ANSWER,
  RESET_PASSWORD_ANSWER,
  ResetPasswordBody,
  StatusMessageResponse,
  UpdatePreferencesBody,
  UpdateProfileBody,
} from '@wholesale/contract';
import {
  assertOwnUserId,
  clearSessionCookies,
  DEVICE_COOKIE,
  requireUser,
  setDeviceCookie,
  signedInRoute,
  setSessionCookies,
} from '../../plugins/auth';
import {
  changePassword,
  currentUser,
  sendResetLinkIfKnown,
  login,
  logout,
  resetPassword,
  getMailPreferences,
  setMailPreferences,
  updatePreferences,
} from './accounts.service';
import { geolocate } from './geolocation.service';

/** Account bodies are tiny: anything above this is refused with 413 before it is parsed. */
const SMALL_BODY = 16 * 1024;

/** Account calls (docs/product/accounts.md "Account" plus /api/me and /api/logout). */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const secure = app.config.env === 'production';
  // Revocations made by any API process reach this one's session cache (session.service.ts).

  app.post(
    '/api/login',
    {
      bodyLimit: SMALL_BODY,
      schema: {
        tags: ['accounts'],
        summary:
          'Sign in: sets the session cookie and XSRF-TOKEN; the token also works as a bearer token',
        body: LoginBody,
        response: { 200: LoginResponse },
      },
    },
    async (request, reply) => {
      const deviceToken = request.cookies?.[DEVICE_COOKIE];
      const result = await login(app.db, app.sessions, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        previousTokenHash: request.sessionTokenHash,
        deviceToken: deviceToken && deviceToken.length <= 200 ? deviceToken : undefined,
        now: app.clock.now(),
      });
      setSessionCookies(reply, result, secure);
      setDeviceCookie(reply, result.deviceToken, secure);
      return { status: true as const, token: result.token, user: result.user };
    },
  );

  app.get(
    '/api/me',
    {
      ...signedInRoute({
        tags: ['accounts'],
        summary: 'The signed-in user (401 for guests; a foreign user_id answers 403)',
        querystring: OptionalUserIdQuery,
        response: { 200: MeResponse },
      }),
    },
    async (request) => {
      const user = requireUser(request);
      assertOwnUserId(user, request.query.user_id);
      return { status: true as const, user: currentUser(user) };
    },
  );

  app.get(
    '/api/client-config',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Third-party scripts the SPA may load (live chat when signed in, analytics); none by default',
        response: { 200: ClientConfigResponse },
      },
    },
    async () => {
      return {
        status: true as const,
        chat_widget_url: app.config.chatWidgetUrl ?? null,
        analytics_script_url: app.config.analyticsScriptUrl ?? null,
      };
    },
  );

  app.get(
    '/api/geolocation',
    {
      schema: {
        tags: ['accounts'],
        summary: "Where the caller's IP is (analytics only; nulls without GEOLOCATION_URL)",
        response: { 200: GeolocationResponse },
      },
    },
    async (request) => geolocate(app.config.geolocationUrl, request.ip, request.log),
  );

  app.put(
    '/api/me/preferences',
    {
      bodyLimit: SMALL_BODY,
      ...signedInRoute({
        tags: ['accounts'],
        summary: "Saves the caller's language (site after sign-in, e-mails)",
        body: UpdatePreferencesBody,
        response: { 200: MeResponse },
      }),
    },
    async (request) => {
      const user = requireUser(request);
      return {
        status: true as const,
        user: await updatePreferences(app.db, app.sessions, user, request.body.lang),
      };
    },
  );

  app.post(
    '/api/logout',
    {
      bodyLimit: SMALL_BODY,
      schema: {
        tags: ['accounts'],
        summary: 'Revokes the current session and clears the cookies',
        response: { 200: StatusMessageResponse },
      },
    },
    async (request, reply) => {
      await logout(app.db, app.sessions, request.sessionTokenHash);
      clearSessionCookies(reply, secure);
      return { status: true as const, message: 'Signed out' };
    },
  );

  app.post(
    '/api/forgot-password',
    {
      bodyLimit: SMALL_BODY,
      schema: {
        tags: ['accounts'],
        summary: 'E-mails a one-hour reset link; the same answer whether or not the address exists',
        body: ForgotPasswordBody,
        response: { 200: StatusMessageResponse },
      },
    },
    // The lookup, the token and the mail run after the answer, so a known address answers in the
    // same time as an unknown one.
    async (request) => {
      const { email } = request.body;
      app.background.enqueue('forgot-password', () =>
        sendResetLinkIfKnown(app.db, email, app.config.publicUrl),
      );
      return { status: true as const, message: FORGOT_PASSWORD_ANSWER };
    },
  );

  app.post(
    '/api/reset-password',
    {
      bodyLimit: SMALL_BODY,
      schema: {
        tags: ['accounts'],
        summary:
          'Sets a new password with the single-use token of a mailed link; signs out every session',
        body: ResetPasswordBody,
        response: { 200: StatusMessageResponse },
      },
    },
    async (request) => {
      await resetPassword(app.db, app.sessions, request.body);
      return { status: true as const, message: RESET_PASSWORD_ANSWER };
    },
  );

  app.get(
    '/api/me/mail-preferences',
    {
      ...signedInRoute({
        tags: ['accounts'],
        summary: "The caller's order e-mail preference",
        response: { 200: MailPreferencesResponse },
      }),
    },
    async (request) => ({
      status: true as const,
      preferences: await getMailPreferences(app.db, requireUser(request)),
    }),
  );

  app.put(
    '/api/me/mail-preferences',
    {
      bodyLimit: SMALL_BODY,
      ...signedInRoute({
        tags: ['accounts'],
        summary:
          'Turns the order accepted/cancelled e-mails on or off (the shipped e-mail always goes)',
        body: MailPreferences,
        response: { 200: MailPreferencesResponse },
      }),
    },
    async (request) => ({
      status: true as const,
      preferences: await setMailPreferences(app.db, requireUser(request), request.body),
    }),
  );

  app.put(
    '/api/updateProfile',
    {
      bodyLimit: SMALL_BODY,
      ...signedInRoute({
        tags: ['accounts'],
        summary:
          "Changes the caller's password (old password required); other sessions are revoked",
        body: UpdateProfileBody,
        response: { 200: StatusMessageResponse },
      }),
    },
    async (request) => {
      const user = requireUser(request);
      await changePassword(app.db, app.sessions, user, request.sessionTokenHash, request.body);
      return { status: true as const, message: PASSWORD_CHANGED_ANSWER };
    },
  );
};
