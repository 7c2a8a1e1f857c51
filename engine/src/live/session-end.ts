import { MESSAGES, SERVER_MESSAGES, type SocketPayload } from '@plantride/schemas';

/**
 * What a user's sockets are told before an account event that ends his sessions closes them
 * (`endsSessions` decides that it does): why, in words for the sign-in screen. An approval of his
 * driver registration is a role change to driver, and says so.
 */
export function sessionEndOf(event: { type: string; data: unknown }): SocketPayload<'sessionEnded'> {
  switch (event.type) {
    case 'UserSignedOut':
      return { reason: 'signedOut', message: SERVER_MESSAGES.sessionEndedSignedOut };
    case 'UserBlocked':
      return { reason: 'blocked', message: MESSAGES.accountBlocked };
    case 'UserPasswordReset':
      return { reason: 'passwordReset', message: SERVER_MESSAGES.sessionEndedPasswordReset };
    default: {
      const toDriver = (event.data as { role?: unknown } | null)?.role === 'driver';
      return {
        reason: 'roleChanged',
        message: toDriver ? SERVER_MESSAGES.sessionEndedDriverApproved : SERVER_MESSAGES.sessionEndedRoleChanged,
      };
    }
  }
}
