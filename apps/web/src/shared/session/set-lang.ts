import { useMutation } from '@tanstack/react-query';
import { SetLangCall } from '@oryx/contracts/system/calls';
import type { Locale } from '@oryx/i18n/locales';
import { call } from '../api/client';
import { STORAGE_KEYS, storage } from '../storage/storage';

/** POST /api/set/lang (with or without a token): the server keeps the language of its messages. */
export function saveLangOnServer(lang: Locale): Promise<string> {
  return call(SetLangCall, { lang }, { toast: false });
}

/**
 * Changing language: store it, tell the server, then reload so every text, date and
 * server message comes in the new language. The reload happens even when the call fails.
 */
export async function changeLocale(lang: Locale): Promise<void> {
  storage.set(STORAGE_KEYS.locale, lang);
  try {
    await saveLangOnServer(lang);
  } catch (err) {
    console.warn('set/lang failed; the language is still changed on this device', err);
  }
  window.location.reload();
}

export function useChangeLocale() {
  return useMutation({ mutationFn: changeLocale });
}
