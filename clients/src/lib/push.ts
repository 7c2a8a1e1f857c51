import { pushAnswerSchema, pushKeyAnswerSchema, type PushSubscribeBody } from '@plantride/schemas';
import { api } from './api-client';

/*
 * Web Push on this device (issue #34 item 1): the browser's subscription, made for the server's VAPID
 * key and handed to the engine, which pushes offers and alerts to it with the app closed. The service
 * worker (pwa/service-worker.js) shows them. Only the built app has a worker; in development, and in a
 * browser without Push, there is nothing to turn on.
 */

export type PushState =
  /** No service worker or Push API here (or the server has no key): nothing to offer. */
  | 'unsupported'
  /** iPhone or iPad in a browser tab: Safari pushes only to an app added to the Home Screen (iOS 16.4+). */
  | 'homeScreenFirst'
  | 'denied'
  | 'off'
  | 'on';

interface PushEnvironment {
  navigator: Navigator;
  window: Window;
}

const browser = (): PushEnvironment => ({ navigator, window });

function iosTab({ navigator, window }: PushEnvironment): boolean {
  const ios = /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  const standalone =
    window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
  return ios && !standalone;
}

/** The app's worker: in the built app, once it is active (on a first visit it registers after the page loads); none in development. */
async function registration({ navigator }: PushEnvironment): Promise<ServiceWorkerRegistration | undefined> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return undefined;
  return navigator.serviceWorker.ready;
}

/** Where notifications stand on this device, given the server's key (null: not set up there). */
export async function pushState(publicKey: string | null, env: PushEnvironment = browser()): Promise<PushState> {
  if (!publicKey) return 'unsupported';
  if (iosTab(env)) return 'homeScreenFirst';
  if (!('PushManager' in env.window) || !('Notification' in env.window)) return 'unsupported';
  const worker = await registration(env);
  if (!worker) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const subscription = await worker.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

const keyBytes = (base64url: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
};

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const held = subscription.options.applicationServerKey;
  if (!held) return false;
  const bytes = new Uint8Array(held);
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index]);
}

function bodyOf(subscription: PushSubscription): PushSubscribeBody {
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

const tell = (subscription: PushSubscription) =>
  api('/api/push/subscriptions', { method: 'POST', body: bodyOf(subscription), schema: pushAnswerSchema, command: false });

/** From a tap: asks the browser's permission, subscribes for the server's key and tells the engine. */
export async function turnPushOn(publicKey: string, env: PushEnvironment = browser()): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const worker = await registration(env);
  if (!worker) return 'unsupported';
  const key = keyBytes(publicKey);
  let subscription = await worker.pushManager.getSubscription();
  // A subscription made for another key (the server's keys were replaced) would be refused by the push service.
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await tell(subscription);
  return 'on';
}

/** Unsubscribes this device and tells the engine (which also forgets it when a push finds it gone). */
export async function turnPushOff(env: PushEnvironment = browser()): Promise<PushState> {
  const subscription = await (await registration(env))?.pushManager.getSubscription();
  if (subscription) {
    await subscription.unsubscribe();
    await api('/api/push/subscriptions', {
      method: 'DELETE',
      body: { endpoint: subscription.endpoint },
      schema: pushAnswerSchema,
      command: false,
    });
  }
  return 'off';
}

/**
 * On opening the app signed in: a subscription this device holds is handed to the engine again, for
 * whoever is signed in now (the engine drops an account's devices when his sessions end).
 */
export async function renewPush(env: PushEnvironment = browser()): Promise<void> {
  if (!('Notification' in env.window) || Notification.permission !== 'granted') return;
  const subscription = await (await registration(env))?.pushManager.getSubscription();
  if (subscription) await tell(subscription);
}

/** At logout: this device stops hearing anything for the account that leaves (the engine drops his devices too). */
export async function forgetPush(env: PushEnvironment = browser()): Promise<void> {
  const subscription = await (await registration(env))?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}

export function getPushKey() {
  return api('/api/push/key', { schema: pushKeyAnswerSchema });
}
