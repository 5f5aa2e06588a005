import { setReplyNotices } from '@/shared/api/reply-handler';
import { confirm } from '@/shared/ui/confirm';
import { toast } from '@/shared/ui/toast';

/**
 * The API layer's global replies (session expired, no transaction password, a refusal's message) shown
 * with the UI kit: failures in a toast, questions in the confirm dialog. Called once at start-up
 * (main.tsx), before anything calls the server.
 */
export function wireReplyNotices(): void {
  setReplyNotices({ error: (message) => void toast.error(message), confirm });
}
