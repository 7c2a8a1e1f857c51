import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveSocket } from './socket';
import { useLiveSocket } from './socket.store';
import { SITE_REREAD_SPREAD_MS, siteKey, useSiteChanges } from './site';

afterEach(() => {
  useLiveSocket.setState({ socket: null });
  vi.useRealTimers();
});

function harness(random: () => number) {
  const listeners = new Map<string, Set<() => void>>();
  const socket = {
    on: (name: string, fn: () => void) => listeners.set(name, (listeners.get(name) ?? new Set()).add(fn)),
    off: (name: string, fn: () => void) => listeners.get(name)?.delete(fn),
  } as unknown as LiveSocket;
  useLiveSocket.setState({ socket });
  const client = new QueryClient();
  client.setQueryData(siteKey, { locations: [], routes: [], version: 1 });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const hook = renderHook(() => useSiteChanges(random), { wrapper });
  const changed = () => act(() => listeners.get('siteChanged')?.forEach((fn) => fn()));
  return { client, listeners, hook, changed };
}

describe('the site followed live (issue #20, siteChanged; issue #31, spread and coalesced)', () => {
  it('given a site read, when an admin changes it, then it is read again after its random wait, not before; after unmounting nothing listens', async () => {
    vi.useFakeTimers();
    const { client, listeners, hook, changed } = harness(() => 0.5);
    changed();
    expect(client.getQueryState(siteKey)?.isInvalidated).toBe(false);
    await act(async () => vi.advanceTimersByTimeAsync(SITE_REREAD_SPREAD_MS * 0.5 - 1));
    expect(client.getQueryState(siteKey)?.isInvalidated).toBe(false);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(client.getQueryState(siteKey)?.isInvalidated).toBe(true);
    hook.unmount();
    expect(listeners.get('siteChanged')?.size).toBe(0);
  });

  it('given a burst of siteChanged while one wait runs, then the site is invalidated once; a change heard after it waits again', async () => {
    vi.useFakeTimers();
    const { client, changed } = harness(() => 1);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    for (let i = 0; i < 20; i++) changed();
    await act(async () => vi.advanceTimersByTimeAsync(SITE_REREAD_SPREAD_MS));
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: siteKey });
    changed();
    changed();
    await act(async () => vi.advanceTimersByTimeAsync(SITE_REREAD_SPREAD_MS));
    expect(invalidate).toHaveBeenCalledTimes(2);
  });

  it('given a wait running, when the screen goes, then the site is not read', async () => {
    vi.useFakeTimers();
    const { client, hook, changed } = harness(() => 0.9);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    changed();
    hook.unmount();
    await act(async () => vi.advanceTimersByTimeAsync(SITE_REREAD_SPREAD_MS));
    expect(invalidate).not.toHaveBeenCalled();
  });
});
