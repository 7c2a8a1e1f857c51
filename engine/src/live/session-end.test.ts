import { describe, expect, it } from 'vitest';
import { MESSAGES, SERVER_MESSAGES, SOCKET_PAYLOADS, endsSessions } from '@plantride/schemas';
import { sessionEndOf } from './session-end';

describe('what a closed session is told', () => {
  it.each([
    [{ type: 'UserSignedOut', data: { tokenNo: 'AB12' } }, 'signedOut', SERVER_MESSAGES.sessionEndedSignedOut],
    [{ type: 'UserBlocked', data: { tokenNo: 'AB12' } }, 'blocked', MESSAGES.accountBlocked],
    [{ type: 'UserPasswordReset', data: { tokenNo: 'AB12' } }, 'passwordReset', SERVER_MESSAGES.sessionEndedPasswordReset],
    [{ type: 'UserRoleChanged', data: { tokenNo: 'AB12', role: 'driver' } }, 'roleChanged', SERVER_MESSAGES.sessionEndedDriverApproved],
    [
      { type: 'UserRoleChanged', data: { tokenNo: 'AB12', role: 'maintenanceHead' } },
      'roleChanged',
      SERVER_MESSAGES.sessionEndedRoleChanged,
    ],
  ])(
    "given %j, which ends his sessions, then his sockets are told %s with its words, in the socket payload's shape",
    (event, reason, message) => {
      expect(endsSessions(event)).toBe(true);
      const told = sessionEndOf(event);
      expect(told).toEqual({ reason, message });
      expect(SOCKET_PAYLOADS.sessionEnded.strict().safeParse(told).success).toBe(true);
    },
  );
});
