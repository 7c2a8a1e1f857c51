import { engine } from './engine-context';
import type { VehicleType } from '@plantride/schemas';

/** A signed-in account talking to the engine the way a driver's or admin's screen would. */
export interface ApiSession {
  tokenNo: string;
  name: string;
  call: <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => Promise<T>;
}

const baseUrl = () => engine('baseUrl');

/** The last store position a command here answered with: reads wait for the read models to reach it. */
let lastPosition = 0;

/**
 * Reads carry `position` (read-your-writes), as the screens do after their own commands: the read
 * models apply a command's events a moment after its answer, and a test reading right after
 * another account's command would otherwise race them.
 */
function withPosition(method: string, path: string): string {
  if (method !== 'GET' || lastPosition === 0 || /[?&]position=/.test(path)) return path;
  return `${path}${path.includes('?') ? '&' : '?'}position=${lastPosition}`;
}

async function request<T>(method: string, path: string, body: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const answer = await fetch(`${baseUrl()}${withPosition(method, path)}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${text}`);
  const parsed = (text ? JSON.parse(text) : {}) as T;
  const position = (parsed as { position?: unknown } | null)?.position;
  if (typeof position === 'number' && position > lastPosition) lastPosition = position;
  return parsed;
}

export async function signIn(tokenNo: string, password: string, name = tokenNo): Promise<ApiSession> {
  const { user } = await request<{ user: { jwt_token: string } }>('POST', '/api/auth/signin', { token_no: tokenNo, password });
  return { tokenNo, name, call: (method, path, body) => request(method, path, body, user.jwt_token) };
}

export const admin = () => signIn(engine('adminTokenNo'), engine('adminPassword'));

let stickers = 0;
/**
 * Two digits no other driver of this file's engine has (10, 11, … 99): his vehicle number and fleet row
 * are his own. (A random pick gave two drivers one vehicle 1 time in 90: fleet.browser.ts then saw the
 * steady vehicle with the other's breakdown, a CI failure on record.)
 */
function nextSticker(): string {
  stickers += 1;
  return String(10 + ((stickers - 1) % 90));
}

/** An admin's driver record for the operator, then his own sign-up with the activation code the add showed: he is a driver of that vehicle type. */
export async function newDriver(tokenNo: string, name: string, vehicleType: VehicleType = 'Forklift'): Promise<ApiSession> {
  const boss = await admin();
  const sticker = nextSticker();
  const { activationCode } = await boss.call<{ activationCode: string }>('POST', '/api/drivers/add', {
    operatorId: tokenNo,
    vehicle: `MH12 AB ${sticker}00`,
    name,
    mobile: '98765432' + sticker,
    forklift: sticker,
    vehicleAssigned: vehicleType,
  });
  const password = `pw-${tokenNo}`;
  await request('POST', '/api/auth/signup', { token_no: tokenNo, password, activation_code: activationCode });
  return signIn(tokenNo, password, name);
}

let issued = 0;
/** A token number nobody has used in this engine yet: each file passes its own two letters. */
export function freshToken(prefix: string): string {
  issued += 1;
  return `${prefix}${String(issued).padStart(3, '0')}`;
}
