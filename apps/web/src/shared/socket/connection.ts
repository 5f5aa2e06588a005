import { useSyncExternalStore } from 'react';
import { getSocket } from './socket';

/**
 * The live-data state of the one socket: `connecting` until the first connection (or its first
 * failure), `live` while connected, `reconnecting` after a drop or a failed attempt. Pushes arrive only
 * while `live`; otherwise what is on screen is the last snapshot.
 */
export type SocketStatus = 'connecting' | 'live' | 'reconnecting';

let everTried = false;

function subscribe(onChange: () => void): () => void {
  const s = getSocket();
  const onDown = () => {
    everTried = true;
    onChange();
  };
  const onUp = () => {
    everTried = true;
    onChange();
  };
  s.on('connect', onUp);
  s.on('disconnect', onDown);
  s.on('connect_error', onDown);
  return () => {
    s.off('connect', onUp);
    s.off('disconnect', onDown);
    s.off('connect_error', onDown);
  };
}

function snapshot(): SocketStatus {
  if (getSocket().connected) return 'live';
  return everTried ? 'reconnecting' : 'connecting';
}

/** The socket's live-data state; re-renders on every change. */
export function useSocketStatus(): SocketStatus {
  return useSyncExternalStore(subscribe, snapshot, () => 'connecting');
}
