import { z } from 'zod';
import { positionSchema, type ClientToServerEvents, type ServerToClientEvents } from '@plantride/schemas';
import type { Server, Socket } from 'socket.io';
import type { AuthUser } from '../auth/jwt';

export interface TrackRideAnswer {
  ok: boolean;
  message?: string;
}

/** Clients send commands over HTTP; the one message they send is asking to follow a ride they may see. */
export type LiveClientEvents = ClientToServerEvents & {
  trackRide(request: unknown, ack?: (answer: TrackRideAnswer) => void): void;
};

export interface LiveSocketData {
  user: AuthUser;
  /** Rooms the user's current role allows, worked out at the handshake. */
  rooms: string[];
  /** When the handshake's session token expires (ms since the epoch); the socket is told and dropped then. */
  expiresAt?: number;
}

export type LiveServer = Server<LiveClientEvents, ServerToClientEvents, Record<never, never>, LiveSocketData>;
export type LiveSocket = Socket<LiveClientEvents, ServerToClientEvents, Record<never, never>, LiveSocketData>;

export const trackRideRequestSchema = z.union([
  z.string().min(1),
  z.object({ rideId: z.string().min(1) }).transform((request) => request.rideId),
]);

interface Handshake {
  auth: Record<string, unknown>;
  headers: { authorization?: string; cookie?: string };
}

/** The session token: `auth.token` (socket.io clients), a bearer header, or the `token` cookie (`withCredentials`). */
export function handshakeToken({ auth, headers }: Handshake): string | null {
  const fromAuth = typeof auth.token === 'string' ? auth.token.replace(/^Bearer /, '').trim() : '';
  if (fromAuth) return fromAuth;
  if (headers.authorization?.startsWith('Bearer ')) return headers.authorization.slice('Bearer '.length).trim() || null;
  const cookie = headers.cookie
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('token='));
  if (!cookie) return null;
  try {
    return decodeURIComponent(cookie.slice('token='.length)) || null;
  } catch {
    return null;
  }
}

/** `auth.lastPosition`: the position of the last event the client saw, to catch up from. */
export function handshakeLastPosition({ auth }: Pick<Handshake, 'auth'>): number | null {
  const parsed = positionSchema.safeParse(auth.lastPosition);
  return parsed.success ? parsed.data : null;
}
