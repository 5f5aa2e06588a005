import { queryClient } from './query-client';
import { storage } from '../storage/storage';

/**
 * Ends the session on this device (logout, expired token): everything in storage but the locale and the
 * theme goes, and so does every cached server answer, so the next user never sees the last one's data.
 */
export function endSession(): void {
  storage.clearExceptKept();
  queryClient.clear();
}
