import { useTranslation } from 'react-i18next';
import { renderNotification } from '@oryx/contracts/notifications/calls';

/**
 * A notification's text in the reader's language (the `notifications` namespace, loaded without
 * suspending: the header bell mounts on every page). `ready` is false until the texts are there.
 */
export function useNotificationText() {
  const { t, ready } = useTranslation('notifications', { useSuspense: false });
  // Keys are built from the kind (`kinds.<kind>`), so the lookup is by plain string here.
  const lookup = t as unknown as (key: string, options: Record<string, unknown>) => string;
  const text = (n: { kind: string; params: Record<string, string> }) =>
    renderNotification((key, params) => lookup(key, { ...params, interpolation: { escapeValue: false } }), n);
  return { t, ready, text };
}
