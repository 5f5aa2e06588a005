import { createContext, useContext } from 'react';
import type { CallReply } from '@oryx/contracts/call';
import type { ConsoleMeCall } from '@oryx/contracts/console/calls';

export type ConsoleMe = CallReply<typeof ConsoleMeCall>;

/** The operator and what the role may do (read, act, manage), for showing or hiding actions. */
export const ConsoleRoleContext = createContext<ConsoleMe | null>(null);

export function useConsoleRole(): ConsoleMe['may'] {
  return useContext(ConsoleRoleContext)?.may ?? { read: false, act: false, manage: false };
}
