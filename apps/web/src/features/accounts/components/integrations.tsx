import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { getStoredUser, storeUser, useSession } from '@/lib/session';
import { getString, setString } from '@/lib/storage';
import { getMe } from '../api/get-me';
import { useClientConfig } from '../api/get-client-config';
import { getGeolocation } from '../api/get-geolocation';

/** Set once the one-time geolocation event went out (docs/product/accounts.md), so it is sent once per browser. */
export const GEOLOCATION_SENT_KEY = 'geolocationSent';

/** Adds a script tag once (by id); returns a remover. */
function injectScript(id: string, src: string): () => void {
  if (!document.getElementById(id)) {
    const script = document.createElement('script');
    script.id = id;
    script.src = src;
    script.async = true;
    document.body.appendChild(script);
  }
  return () => document.getElementById(id)?.remove();
}

/**
 * The session check: a stored user is only a hint (the cookie may have expired or been revoked).
 * On start, GET /api/me refreshes the stored record (keeping its lang, which the user may have
 * changed locally) or, on 401, the API client signs out locally.
 */
function useSessionCheck(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return;
    let cancelled = false;
    getMe()
      .then(({ user }) => {
        const stored = getStoredUser();
        if (cancelled || !stored || stored.user_value !== user.user_value) return;
        const { company_name: _company, ...fresh } = user;
        storeUser({ ...fresh, lang: stored.lang });
      })
      .catch(() => {
        // 401 already cleared the session in the API client; other failures keep the hint.
      });
    return () => {
      cancelled = true;
    };
    // Once per sign-in, not on every render.
  }, [signedIn]);
}

/**
 * docs/product/accounts.md third parties, pluggable and off by default: the live-chat widget is loaded only while
 * a user is signed in (CHAT_WIDGET_URL); the analytics script (ANALYTICS_SCRIPT_URL) receives page
 * views as `wholesale:pageview` window events ({ path }) and, once per browser, a
 * `wholesale:geolocation` event ({ city, country, province }, from GET /api/geolocation).
 * Also runs the session check.
 */
export function Integrations() {
  const { isSignedIn } = useSession();
  const { pathname, search } = useLocation();
  const config = useClientConfig();
  const chatUrl = config.data?.chat_widget_url ?? null;
  const analyticsUrl = config.data?.analytics_script_url ?? null;

  useSessionCheck(isSignedIn);

  useEffect(() => {
    if (!chatUrl || !isSignedIn) return;
    return injectScript('live-chat-widget', chatUrl);
  }, [chatUrl, isSignedIn]);

  useEffect(() => {
    if (analyticsUrl) injectScript('analytics-script', analyticsUrl);
  }, [analyticsUrl]);

  useEffect(() => {
    if (!analyticsUrl) return;
    window.dispatchEvent(
      new CustomEvent('wholesale:pageview', { detail: { path: pathname + search } }),
    );
  }, [analyticsUrl, pathname, search]);

  useEffect(() => {
    if (!analyticsUrl || getString(GEOLOCATION_SENT_KEY)) return;
    setString(GEOLOCATION_SENT_KEY, '1');
    getGeolocation()
      .then((g) =>
        window.dispatchEvent(
          new CustomEvent('wholesale:geolocation', {
            detail: { city: g.city, country: g.country_name, province: g.province },
          }),
        ),
      )
      .catch(() => {
        // Analytics only: a failure changes nothing for the user.
      });
  }, [analyticsUrl]);

  return null;
}
