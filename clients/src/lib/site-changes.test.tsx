import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveSocket } from './socket';
import { useLiveSocket } from './socket.store';
import { siteKey, useSiteChanges } from './site';

afterEach(() => useLiveSocket.setState({ socket: null }));

describe('the site followed live (issue #20, siteChanged)', () => {
  it('given a site read, when an admin changes it, then it is read again; after unmounting nothing listens', () => {
    const listeners = new Map<string, Set<() => void>>();
    const socket = {
      on: (name: string, fn: () => void) => listeners.set(name, (listeners.get(name) ?? new Set()).add(fn)),
      off: (name: string, fn: () => void) => listeners.get(name)?.delete(fn),
    } as unknown as LiveSocket;
    useLiveSocket.setState({ socket });
    const client = new QueryClient();
    client.setQueryData(siteKey, { locations: [], routes: [], version: 1 });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { unmount } = renderHook(() => useSiteChanges(), { wrapper });
    expect(client.getQueryState(siteKey)?.isInvalidated).toBe(false);
    act(() => listeners.get('siteChanged')?.forEach((fn) => fn()));
    expect(client.getQueryState(siteKey)?.isInvalidated).toBe(true);
    unmount();
    expect(listeners.get('siteChanged')?.size).toBe(0);
  });
});
