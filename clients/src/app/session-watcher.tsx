import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, SERVER_MESSAGES } from '@plantride/schemas';
import { msUntilExpiry } from '../lib/jwt';
import type { LiveSocket } from '../lib/socket';
import { useSession, type SessionEnd } from '../lib/session.store';
import { useLiveSocket } from '../lib/socket.store';
import { toast } from '../lib/toast';

// setTimeout holds at most a signed 32-bit delay; longer sessions are re-checked when it fires.
const MAX_DELAY = 2 ** 31 - 1;

const endToast: Record<Exclude<SessionEnd, null>, (message: string | null) => void> = {
  logout: () => toast.success(MESSAGES.logoutSucceeded),
  logoutFailed: () => toast.error(MESSAGES.logoutFailed),
  expired: () => toast.info(SERVER_MESSAGES.sessionExpired),
  closed: (message) => toast.info(message ?? SERVER_MESSAGES.sessionExpired),
};

/** Logout at the token's expiry, the socket while signed in, and the toast and /signin when a session ends. */
export function SessionWatcher() {
  const user = useSession((s) => s.user);
  const ended = useSession((s) => s.ended);
  const endMessage = useSession((s) => s.endMessage);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!user) return;
    const schedule = (): ReturnType<typeof setTimeout> | undefined => {
      const left = msUntilExpiry(user.jwt_token);
      if (left <= 0) {
        useSession.getState().end('expired');
        return undefined;
      }
      return setTimeout(
        () => {
          timer = schedule();
        },
        Math.min(left, MAX_DELAY),
      );
    };
    let timer = schedule();
    return () => clearTimeout(timer);
  }, [user]);

  useEffect(() => {
    if (!user) return;
    // socket.io-client loads with the first signed-in screen, not with /signin.
    let closed = false;
    let socket: LiveSocket | null = null;
    void import('../lib/socket').then(({ openSocket }) => {
      if (closed) return;
      socket = openSocket(user);
      const sessionOver = () => useSession.getState().end('expired');
      socket.on('sessionExpired', sessionOver);
      // Closed by an account change: said why before the server disconnects (which then changes nothing).
      socket.on('sessionEnded', ({ message }) => useSession.getState().end('closed', message));
      socket.on('connect_error', (error) => {
        if (error.message === 'Authentication required') sessionOver();
      });
      // The server closes a socket whose session it ended (signed out, blocked, role changed).
      socket.on('disconnect', (reason) => {
        if (reason === 'io server disconnect') sessionOver();
      });
      useLiveSocket.setState({ socket });
    });
    return () => {
      closed = true;
      if (!socket) return;
      useLiveSocket.setState({ socket: null });
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [user]);

  useEffect(() => {
    if (!ended) return;
    endToast[ended](endMessage);
    queryClient.clear();
    useSession.getState().acknowledgeEnd();
    void navigate('/signin', { replace: true });
  }, [ended, endMessage, navigate, queryClient]);

  return null;
}
