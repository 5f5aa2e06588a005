import { useEffect, useState } from 'react';
import { STORAGE_KEYS, storage } from '@/shared/storage/storage';

/**
 * A private deal image (payment voucher, appeal image): fetched with the session token (an <img> could
 * not send it) and shown from a blob URL, released when the component goes. '' while loading or when
 * the server refuses.
 */
export function usePrivateImage(url: string): string {
  const [src, setSrc] = useState('');
  useEffect(() => {
    if (!url) return;
    const abort = new AbortController();
    let made = '';
    const token = storage.get(STORAGE_KEYS.token);
    void fetch(url, {
      headers: token ? { Authorization: token } : {},
      signal: abort.signal,
      cache: 'no-store',
    })
      .then(async (res) => {
        if (!res.ok) return;
        made = URL.createObjectURL(await res.blob());
        setSrc(made);
      })
      .catch(() => undefined);
    return () => {
      abort.abort();
      if (made) URL.revokeObjectURL(made);
      setSrc('');
    };
  }, [url]);
  return src;
}
